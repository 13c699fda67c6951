/** The Messages page's filters in the URL (web/features/messages/admin/messages-query.ts). */
import { describe, expect, it } from "vitest";
import {
  hasFilters,
  readMessagesQuery,
  withFilters,
  writeMessagesQuery,
} from "../../web/features/messages/admin/messages-query";

const read = (qs: string) => readMessagesQuery(new URLSearchParams(qs));

describe("messages query", () => {
  it("reads the filters the API accepts and round-trips them", () => {
    const q = read("kind=payment_received&status=failed&grade=Prep-3&page=2&limit=30");
    expect(q).toEqual({ kind: "payment_received", status: "failed", grade: "Prep-3", page: 2, limit: 30 });
    expect(writeMessagesQuery(q).toString()).toBe("kind=payment_received&status=failed&grade=Prep-3&page=2&limit=30");
  });

  it("drops values the API refuses (a hand-edited link) and leaves out defaults", () => {
    const q = read("kind=spam&status=lost&grade=Year-9&page=-1&limit=7");
    expect(q).toMatchObject({ kind: "", status: "", grade: "", page: 1 });
    expect(writeMessagesQuery(q).toString()).toBe("");
    expect(hasFilters(q)).toBe(false);
  });

  it("goes back to page 1 when a filter changes", () => {
    const q = withFilters(read("page=3"), { status: "delivered" });
    expect(q.page).toBe(1);
    expect(hasFilters(q)).toBe(true);
  });
});
