/** The Guardians page's search and filter in the URL (web/features/family/admin/guardians-query.ts). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GUARDIAN_ACCOUNT_FILTERS,
  type GuardiansQuery,
  readGuardiansQuery,
  writeGuardiansQuery,
} from "../../web/features/family/admin/guardians-query";

const read = (qs: string) => readGuardiansQuery(new URLSearchParams(qs));

describe("guardians query", () => {
  it("reads what the API accepts and leaves out defaults", () => {
    const q = read("search=%D8%A3%D9%85%D9%8A%D9%86%D8%A9&account=open&page=2&limit=30");
    expect(q).toEqual({ search: "أمينة", account: "open", page: 2, limit: 30 });
    expect(writeGuardiansQuery({ search: "", account: "", page: 1, limit: 15 }).toString()).toBe("");
  });

  it("drops values the API refuses (a hand-edited link)", () => {
    expect(read(`account=sometimes&page=-1&limit=7&search=${"x".repeat(101)}`)).toEqual({
      search: "",
      account: "",
      page: 1,
      limit: 15,
    });
  });

  it("round-trips any query the page can make", () => {
    const query = fc.record<GuardiansQuery>({
      search: fc.string({ maxLength: 100 }),
      account: fc.constantFrom("", ...GUARDIAN_ACCOUNT_FILTERS),
      page: fc.integer({ min: 1, max: 1_000_000 }),
      limit: fc.constantFrom(15, 20, 30, 50),
    });
    fc.assert(
      fc.property(query, (q) => {
        expect(read(writeGuardiansQuery(q).toString())).toEqual(q);
      }),
    );
  });
});
