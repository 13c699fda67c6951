/** Page sizes and the page-button window of the admin tables (docs/product.md#admin-shell, #limits). */

/** Rows per page offered by the admin tables; the first is the default. */
export const ADMIN_PAGE_SIZES = [15, 20, 30, 50] as const;
/** The default rows per page (docs/product.md#limits). */
export const DEFAULT_PAGE_SIZE = 15;
/** At most this many page-number buttons are shown at once (docs/product.md#limits). */
export const PAGE_WINDOW = 7;

/** Pages needed for `rowCount` rows at `pageSize` a page: at least 1 (an empty list is one empty page). */
export function pageCountOf(rowCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rowCount / pageSize));
}

/** A pager at the 1-based `page` of `pageCount`: the page clamped into 1…pageCount, and whether Previous/Next lead anywhere. */
export function pagerState(page: number, pageCount: number): { page: number; canPrev: boolean; canNext: boolean } {
  const p = Math.min(Math.max(1, page), Math.max(1, pageCount));
  return { page: p, canPrev: p > 1, canNext: p < pageCount };
}

/**
 * What an admin table's pagination bar shows for the 0-based `pageIndex`: the 1-based page (clamped to the pages
 * that exist), the page count, the rows shown as 1-based `from`–`to` (0–0 for an empty list), Previous/Next.
 */
export function pageRange(pageIndex: number, pageSize: number, rowCount: number) {
  const pageCount = pageCountOf(rowCount, pageSize);
  const { page, canPrev, canNext } = pagerState(pageIndex + 1, pageCount);
  const from = rowCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(rowCount, page * pageSize);
  return { page, pageCount, from, to, canPrev, canNext };
}

/** One slot of the page bar: a 1-based page number or a gap (before or after the window). */
export type PageSlot = number | "gap-start" | "gap-end";

/**
 * The page slots for `current` (1-based) among `count` pages: every page when there are at most `size`, otherwise
 * the first and last page plus a run around the current one, with gaps where pages are skipped, so that exactly
 * `size` page numbers are shown. An ellipsis never stands for a single page unless there are exactly `size + 1`
 * pages. E.g. (10, 20) → 1 … 8 9 10 11 12 … 20; (1, 20) and (5, 20) → 1 2 3 4 5 6 … 20.
 */
export function pageWindow(current: number, count: number, size = PAGE_WINDOW): PageSlot[] {
  if (count <= 0) return [];
  if (count <= size) return Array.from({ length: count }, (_, i) => i + 1);
  const inner = size - 2;
  const page = Math.min(Math.max(1, current), count);
  let start = Math.max(2, page - Math.floor((inner - 1) / 2));
  let end = Math.min(count - 1, start + inner - 1);
  start = Math.max(2, end - inner + 1);
  // An ellipsis never stands for a single page while the other side has pages to hide: the run moves one page
  // towards it, so the single page is shown and the other gap grows (the current page stays in the run, which is
  // centred on it unless clamped at an end, and a clamped run leaves no gap on that side).
  if (start - 2 === 1 && count - 1 - end >= 1) {
    start--;
    end--;
  } else if (count - 1 - end === 1 && start - 2 >= 1) {
    start++;
    end++;
  }
  const slots: PageSlot[] = [1];
  if (start > 2) slots.push("gap-start");
  for (let p = start; p <= end; p++) slots.push(p);
  if (end < count - 1) slots.push("gap-end");
  slots.push(count);
  return slots;
}
