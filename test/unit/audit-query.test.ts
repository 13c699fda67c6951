/**
 * The Audit Log's URL (docs/product.md#audit-log): read with the API's own query schema, so a hand-edited link never
 * sends a value the API would refuse (each bad value falls back to its default), IDs typed in Arabic-Indic digits
 * are normalised, and writing then reading a query gives it back.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { auditQuerySchema } from "../../worker/contracts/audit";
import { readAuditQuery, writeAuditQuery } from "../../web/features/audit/admin/audit-query";

describe("audit query in the URL", () => {
  it("drops values the API would refuse and keeps the rest", () => {
    const q = readAuditQuery(
      new URLSearchParams("entity=news&entity_id=١٢٣&student=٣٠١٠١&from=yesterday&to=2026-01-31&page=0&limit=7"),
    );
    expect(q).toEqual({
      entity: "news",
      entity_id: "123",
      student: "30101",
      admin: "",
      from: "",
      to: "2026-01-31",
      page: 1,
      limit: 15,
    });
  });

  it("reads back what it writes, and whatever it reads the API accepts", () => {
    const text = fc.string({ maxLength: 60 });
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("entity", "entity_id", "student", "admin", "from", "to", "page", "limit"), text),
        (raw) => {
          const q = readAuditQuery(new URLSearchParams(raw));
          expect(auditQuerySchema.safeParse({ ...q, page: String(q.page), limit: String(q.limit) }).success).toBe(true);
          expect(readAuditQuery(writeAuditQuery(q))).toEqual(q);
        },
      ),
    );
  });
});
