/**
 * Console logic whose output depends on how many items there are: the student chips of a course-selection
 * combination (matching IDs first, six before "Show all") and the Audit Log's page and page size read from a link.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COLLAPSED_STUDENTS, idMatches, studentChips } from "../../web/features/selection/admin/overview-model";
import { readAuditQuery, writeAuditQuery } from "../../web/features/audit/admin/audit-query";
import { ADMIN_PAGE_SIZES, DEFAULT_PAGE_SIZE } from "../../web/components/data-table/page-window";

const ids = fc.uniqueArray(fc.stringMatching(/^[0-9]{14}$/), { maxLength: 60 });

describe("studentChips", () => {
  it("shows at most six unless expanded, and says how many are left", () => {
    fc.assert(
      fc.property(ids, fc.stringMatching(/^[0-9]{0,4}$/), fc.boolean(), (list, query, expanded) => {
        const { shown, hidden } = studentChips(list, query, expanded);
        expect(shown.length + hidden).toBe(list.length);
        expect(shown.length).toBe(expanded ? list.length : Math.min(COLLAPSED_STUDENTS, list.length));
        expect(new Set(shown).size).toBe(shown.length);
        for (const id of shown) expect(list).toContain(id);
      }),
    );
  });

  it("puts the IDs matching the search first, each group in its own order", () => {
    fc.assert(
      fc.property(ids, fc.stringMatching(/^[0-9]{1,3}$/), (list, query) => {
        const { shown } = studentChips(list, query, true);
        const hits = list.filter((id) => idMatches(id, query));
        expect(shown).toEqual([...hits, ...list.filter((id) => !hits.includes(id))]);
        // Collapsed, the hits that fit are the ones shown first.
        expect(studentChips(list, query, false).shown).toEqual(shown.slice(0, COLLAPSED_STUDENTS));
      }),
    );
  });
});

describe("Audit Log paging in the link", () => {
  it("reads any page and limit text as a page from 1 and one of the offered sizes, and writes it back", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.integer({ min: -5, max: 10_000 }).map(String)),
        fc.oneof(fc.string(), fc.constantFrom(...ADMIN_PAGE_SIZES).map(String)),
        (page, limit) => {
          const q = readAuditQuery(new URLSearchParams({ page, limit }));
          expect(Number.isInteger(q.page) && q.page >= 1).toBe(true);
          expect(ADMIN_PAGE_SIZES).toContain(q.limit);
          expect(readAuditQuery(writeAuditQuery(q))).toEqual(q);
          if ((ADMIN_PAGE_SIZES as readonly number[]).includes(Number(limit))) expect(q.limit).toBe(Number(limit));
          else expect(q.limit).toBe(DEFAULT_PAGE_SIZE);
        },
      ),
    );
  });
});
