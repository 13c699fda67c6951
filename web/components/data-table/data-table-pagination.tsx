/**
 * The pagination bar of the admin tables (docs/product.md#admin-shell, #limits): "Showing X–Y of Z", a rows-per-page
 * select (15 default, 20, 30, 50), Previous/Next and a window of at most 7 page buttons with ellipses. Phones get
 * Previous/Next around "Page X of Y" instead of the page buttons.
 *
 * It is independent of TanStack: DataTable wires it to its table, and a page with server-side pages can use it on
 * its own with the same props.
 */
import { memo } from "react";
import { ChevronLeft, ChevronRight, Ellipsis } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { cn } from "~/lib/utils";
import { formatNumber } from "~/lib/format";
import { useTranslation } from "react-i18next";
import { useDataTableLabels } from "./labels";
import { ADMIN_PAGE_SIZES, pageRange, pageWindow } from "./page-window";

/** Props of DataTablePagination. Page indexes are 0-based. */
export interface DataTablePaginationProps {
  /** Current page, 0-based. */
  pageIndex: number;
  /** Rows per page. */
  pageSize: number;
  /** Total number of rows (after filtering). */
  rowCount: number;
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Offered page sizes (default 15, 20, 30, 50). */
  pageSizes?: readonly number[];
  /** Prefix for element ids (when two tables share a page). */
  idPrefix?: string;
  className?: string;
}

/** The pagination bar (memoised: the table re-renders on every toolbar keystroke, the bar only when its props change). */
export const DataTablePagination = memo(function DataTablePagination({
  pageIndex,
  pageSize,
  rowCount,
  onPageIndexChange,
  onPageSizeChange,
  pageSizes = ADMIN_PAGE_SIZES,
  idPrefix = "data-table",
  className,
}: DataTablePaginationProps) {
  const labels = useDataTableLabels();
  const { i18n } = useTranslation();
  const { page, pageCount, from, to, canPrev, canNext } = pageRange(pageIndex, pageSize, rowCount);
  const sizeId = `${idPrefix}-page-size`;

  return (
    <div className={cn("flex flex-wrap items-center justify-between gap-x-6 gap-y-3 text-sm", className)}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-muted-foreground">
        <p aria-live="polite">{labels.showing(from, to, rowCount)}</p>
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="whitespace-nowrap">
            {labels.rowsPerPage}
          </label>
          <Select value={String(pageSize)} onValueChange={(v) => onPageSizeChange(Number(v))}>
            <SelectTrigger id={sizeId} size="sm" className="w-[4.5rem] text-foreground">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {pageSizes.map((s) => (
                <SelectItem key={s} value={String(s)}>
                  {formatNumber(s, i18n.language)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <nav aria-label={labels.pagination} className="flex items-center gap-1">
        <Button variant="outline" size="sm" onClick={() => onPageIndexChange(page - 2)} disabled={!canPrev}>
          <ChevronLeft className="rtl:rotate-180" aria-hidden="true" />
          {labels.previous}
        </Button>
        <span className="px-2 whitespace-nowrap text-muted-foreground sm:hidden">{labels.pageOf(page, pageCount)}</span>
        <ul className="hidden items-center gap-1 sm:flex">
          {pageWindow(page, pageCount).map((slot) =>
            typeof slot === "number" ? (
              <li key={slot}>
                <Button
                  variant={slot === page ? "default" : "ghost"}
                  size="sm"
                  className="min-w-8 px-2 tabular-nums"
                  aria-label={labels.page(slot)}
                  aria-current={slot === page ? "page" : undefined}
                  onClick={() => onPageIndexChange(slot - 1)}
                >
                  {formatNumber(slot, i18n.language, { useGrouping: false })}
                </Button>
              </li>
            ) : (
              <li
                key={slot}
                className="flex w-8 justify-center text-muted-foreground"
                aria-hidden="true"
                title={labels.morePages}
              >
                <Ellipsis className="size-4" />
              </li>
            ),
          )}
        </ul>
        <Button variant="outline" size="sm" onClick={() => onPageIndexChange(page)} disabled={!canNext}>
          {labels.next}
          <ChevronRight className="rtl:rotate-180" aria-hidden="true" />
        </Button>
      </nav>
    </div>
  );
});
