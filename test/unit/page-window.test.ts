/**
 * The admin tables' paging arithmetic (web/components/data-table/page-window.ts), over every count a school can
 * reach: the page-button window, the page count, the "Showing X–Y of Z" range, Previous/Next, and the page sizes
 * the tables offer against the ones the API accepts. Also the news pager, which shares `pagerState`.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ADMIN_PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  PAGE_WINDOW,
  pageCountOf,
  pageRange,
  pagerState,
  pageWindow,
} from "../../web/components/data-table/page-window";
import { DEFAULT_LIST_PAGE_SIZE, LIST_PAGE_SIZES } from "../../worker/contracts/students";

const count = fc.integer({ min: 0, max: 5_000 });
const numbers = (slots: ReturnType<typeof pageWindow>) => slots.filter((s): s is number => typeof s === "number");

describe("pageWindow", () => {
  it("shows every page up to the window size, and exactly the window size beyond it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 5_000 }),
        count,
        fc.integer({ min: 3, max: 15 }),
        (current, pages, size) => {
          const slots = pageWindow(current, pages, size);
          const shown = numbers(slots);
          if (pages <= 0) expect(slots).toEqual([]);
          else if (pages <= size) expect(slots).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
          else {
            expect(shown).toHaveLength(size);
            expect(shown[0]).toBe(1);
            expect(shown.at(-1)).toBe(pages);
          }
        },
      ),
    );
  });

  it("always shows the current page (clamped), in increasing order, with a gap exactly where pages are skipped", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 5_100 }), fc.integer({ min: 1, max: 5_000 }), (current, pages) => {
        const slots = pageWindow(current, pages);
        const clamped = Math.min(Math.max(1, current), pages);
        expect(numbers(slots)).toContain(clamped);
        for (let i = 1; i < slots.length; i++) {
          const [a, b] = [slots[i - 1]!, slots[i]!];
          if (typeof a === "number" && typeof b === "number") expect(b).toBe(a + 1);
          // A gap sits between two numbers that are at least 2 apart, and never next to another gap.
          if (typeof b !== "number") {
            const after = slots[i + 1];
            expect(typeof a).toBe("number");
            expect(typeof after).toBe("number");
            expect((after as number) - (a as number)).toBeGreaterThanOrEqual(2);
          }
        }
        expect(slots.filter((s) => s === "gap-start").length).toBeLessThanOrEqual(1);
        expect(slots.filter((s) => s === "gap-end").length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("hides a single page behind an ellipsis only when there is exactly one page more than the window", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3_000 }),
        fc.integer({ min: PAGE_WINDOW + 1, max: 3_000 }),
        (current, pages) => {
          const slots = pageWindow(current, pages);
          for (let i = 1; i < slots.length - 1; i++) {
            if (typeof slots[i] === "number") continue;
            const hidden = (slots[i + 1] as number) - (slots[i - 1] as number) - 1;
            if (pages !== PAGE_WINDOW + 1) expect(hidden).toBeGreaterThanOrEqual(2);
          }
        },
      ),
    );
  });

  it("matches the documented examples", () => {
    expect(pageWindow(10, 20)).toEqual([1, "gap-start", 8, 9, 10, 11, 12, "gap-end", 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, "gap-end", 20]);
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, "gap-end", 20]);
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, "gap-end", 9]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe("pageRange and pageCountOf", () => {
  it("splits any number of rows into pages that cover each row exactly once", () => {
    fc.assert(
      fc.property(count, fc.constantFrom(...ADMIN_PAGE_SIZES), (rows, size) => {
        const pages = pageCountOf(rows, size);
        expect(pages).toBe(rows === 0 ? 1 : Math.ceil(rows / size));
        let next = 1;
        for (let i = 0; i < pages; i++) {
          const r = pageRange(i, size, rows);
          expect(r.page).toBe(i + 1);
          expect(r.pageCount).toBe(pages);
          if (rows === 0) {
            expect([r.from, r.to]).toEqual([0, 0]);
            continue;
          }
          expect(r.from).toBe(next);
          expect(r.to - r.from + 1).toBeGreaterThanOrEqual(1);
          expect(r.to - r.from + 1).toBeLessThanOrEqual(size);
          next = r.to + 1;
        }
        if (rows > 0) expect(next).toBe(rows + 1);
      }),
    );
  });

  it("shows the last page for an index past the end (after deletes) and the first for a negative one", () => {
    fc.assert(
      fc.property(
        count,
        fc.constantFrom(...ADMIN_PAGE_SIZES),
        fc.integer({ min: -100, max: 1_000 }),
        (rows, size, index) => {
          const r = pageRange(index, size, rows);
          expect(r.page).toBe(Math.min(Math.max(1, index + 1), r.pageCount));
          expect(r.to).toBeLessThanOrEqual(rows);
          expect(r.canPrev).toBe(r.page > 1);
          expect(r.canNext).toBe(r.page < r.pageCount);
        },
      ),
    );
  });
});

describe("pagerState (admin tables and the news pager)", () => {
  it("keeps the page inside 1…pageCount; Previous and Next lead to pages that exist", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 1_000 }), fc.integer({ min: 0, max: 500 }), (page, pageCount) => {
        const p = pagerState(page, pageCount);
        expect(p.page).toBeGreaterThanOrEqual(1);
        expect(p.page).toBeLessThanOrEqual(Math.max(1, pageCount));
        if (p.canPrev) expect(p.page - 1).toBeGreaterThanOrEqual(1);
        if (p.canNext) expect(p.page + 1).toBeLessThanOrEqual(pageCount);
        if (pageCount <= 1) expect([p.canPrev, p.canNext]).toEqual([false, false]);
      }),
    );
  });
});

describe("page sizes", () => {
  it("offers exactly the sizes the API accepts, with the same default", () => {
    expect([...ADMIN_PAGE_SIZES]).toEqual([...LIST_PAGE_SIZES]);
    expect(DEFAULT_PAGE_SIZE).toBe(DEFAULT_LIST_PAGE_SIZE);
  });
});
