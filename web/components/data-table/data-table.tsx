/**
 * The generic admin table on TanStack Table v9 (issue "Shared tables"): client-side text filtering, sorting by
 * clicking a header (aria-sort), pagination (15/20/30/50 rows, 7-page window; see DataTablePagination), columns
 * that can be resized between their min and max sizes (mouse, touch, or the keyboard on the focused handle),
 * skeleton rows while loading and an empty-state slot. Markup is a real `<table>` with `th scope`, logical CSS
 * only (RTL-safe). On a narrow screen the columns that do not fit its measured width move into each row, under the
 * row header, by their phone priority (column meta `priority`; see responsive.ts), so a row reads like a
 * card and its actions stay on screen without sideways scrolling.
 *
 * Usage:
 * ```tsx
 * const columns = useMemo(() => studentColumns(t), [t]); // built with dataTableColumns<Student>()
 * <DataTable label="Students" columns={columns} data={rows} getRowId={(s) => String(s.id)}
 *   globalFilter={search} resetPageKey={[grade, status]} loading={loading}
 *   emptyState="No students found" toolbar={<Filters />} />
 * ```
 *
 * Client-side mode (above) is the default. With `server` (from `useServerTable`, see use-server-table.ts) the
 * server owns search, sorting and paging: TanStack runs with manualPagination/manualSorting/manualFiltering,
 * `data` is the current page, `rowCount` the server's total, and `globalFilter`/`resetPageKey` are not used.
 */
import { memo, useCallback, useRef, useState, type ReactNode } from "react";
import {
  flexRender,
  useTable,
  type PaginationState,
  type RowData,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { Direction } from "radix-ui";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";
import { dataTableFeatures, type DataTableColumnDef, type DataTableFeatures } from "./features";
import { DataTablePagination } from "./data-table-pagination";
import { SortableHeader, ResizeHandle, alignClass, sizeStyle } from "./data-table-header";
import { BodyRow, useElementWidth, useFittedLayout, type TableLayout } from "./data-table-row";
import { useDataTableLabels } from "./labels";
import { ADMIN_PAGE_SIZES, pageCountOf, pagerState } from "./page-window";
import type { DataTableServerState } from "./use-server-table";

/** Props of DataTable. Only `label`, `columns` and `data` are required. */
export interface DataTableProps<TData extends RowData> {
  /** Accessible name of the table (a visually hidden caption). */
  label: string;
  /** Column definitions from `dataTableColumns<TData>()`; keep the array stable (`useMemo`). */
  columns: DataTableColumnDef<TData>[];
  /** The rows; keep the array stable between real changes (state or `useMemo`). */
  data: TData[];
  /** A stable id per row (default: the row index). Pass one so rows keep their identity across reloads. */
  getRowId?: (row: TData, index: number) => string;
  /** Text search over every accessor column: case-insensitive, Arabic-Indic/Persian digits normalised. */
  globalFilter?: string;
  /** Initial sort, e.g. `[{ id: "name", desc: false }]`. */
  initialSorting?: SortingState;
  /** True while loading: skeleton rows replace the body when there are no rows yet; the table is aria-busy. */
  loading?: boolean;
  /** Number of skeleton rows (default 8). */
  skeletonRows?: number;
  /** Shown across the table when no row matches (e.g. "No students found"). */
  emptyState?: ReactNode;
  /** Rendered above the table: filters, search, buttons. */
  toolbar?: ReactNode;
  /** Page sizes; the first is the initial one (default 15, 20, 30, 50). `false` shows every row, no pagination. */
  pageSizes?: readonly number[] | false;
  /** The table returns to page 1 whenever this value changes (compared as JSON): pass the page's filter values. */
  resetPageKey?: unknown;
  /** Extra classes per row. */
  rowClassName?: (row: TData) => string | undefined;
  /** Prefix for element ids (when two tables share a page). */
  idPrefix?: string;
  className?: string;
  /** Server-side mode: `data` is one page; sorting and paging state live in the page (`useServerTable`). */
  server?: DataTableServerState;
}

const apply = <T,>(updater: Updater<T>, old: T): T =>
  typeof updater === "function" ? (updater as (o: T) => T)(old) : updater;

interface HeadRowsProps<TData extends RowData> {
  table: ReturnType<typeof useTable<DataTableFeatures, TData>>;
  /** Sorting, widths, the column being resized and the layout, as one string: the header renders again only when it changes. */
  state: string;
  columns: unknown;
  dir: "ltr" | "rtl";
  layout: TableLayout;
}

/** The header rows (sort buttons, resize handles), memoised like the body rows. */
const HeadRows = memo(function HeadRows<TData extends RowData>({ table, dir, layout }: HeadRowsProps<TData>) {
  const labels = useDataTableLabels();
  return (
    <>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} className="border-b">
          {group.headers.map((header) => {
            if (!layout.visible.has(header.column.id)) return null;
            const flexible = header.column.id === layout.flexible;
            const meta = header.column.columnDef.meta;
            const sorted = header.column.getIsSorted();
            const canSort = header.column.getCanSort();
            return (
              <th
                key={header.id}
                scope="col"
                colSpan={header.colSpan}
                aria-sort={
                  canSort ? (sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none") : undefined
                }
                style={flexible ? undefined : sizeStyle(header.column)}
                className={cn(
                  "relative h-11 px-3 align-middle text-[0.8125rem] font-semibold whitespace-nowrap text-muted-foreground",
                  alignClass(meta?.align),
                  meta?.headerClassName,
                )}
              >
                {header.isPlaceholder ? null : canSort ? (
                  <SortableHeader header={header} hint={labels.sortHint}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </SortableHeader>
                ) : (
                  flexRender(header.column.columnDef.header, header.getContext())
                )}
                {header.column.getCanResize() && !flexible && (
                  <ResizeHandle header={header} dir={dir} label={labels.resize} />
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </>
  );
}) as <TData extends RowData>(props: HeadRowsProps<TData>) => ReactNode;

/** The table with its toolbar and pagination. */
export function DataTable<TData extends RowData>({
  label,
  columns,
  data,
  getRowId,
  globalFilter = "",
  initialSorting,
  loading = false,
  skeletonRows = 8,
  emptyState,
  toolbar,
  pageSizes = ADMIN_PAGE_SIZES,
  resetPageKey,
  rowClassName,
  idPrefix = "data-table",
  className,
  server,
}: DataTableProps<TData>) {
  const labels = useDataTableLabels();
  const dir = Direction.useDirection();
  const paginated = pageSizes !== false;
  const [sorting, setSorting] = useState<SortingState>(initialSorting ?? []);
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: paginated ? (pageSizes[0] ?? ADMIN_PAGE_SIZES[0]) : Number.POSITIVE_INFINITY,
  });

  // Back to page 1 when the search or the page's filters change (adjusting state while rendering, not in an
  // effect, so the old page never flashes). Data reloads and edits keep the page (autoResetPageIndex: false).
  const key = server ? "server" : JSON.stringify([globalFilter, resetPageKey ?? null]);
  const [lastKey, setLastKey] = useState(key);
  if (!server && key !== lastKey) {
    setLastKey(key);
    if (pagination.pageIndex !== 0) setPagination((p) => ({ ...p, pageIndex: 0 }));
  }

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId,
    state: server
      ? { sorting: server.sorting, pagination: server.pagination, globalFilter: "" }
      : { sorting, pagination, globalFilter },
    onSortingChange: (u) => {
      if (server) return server.onSortingChange(apply(u, server.sorting));
      setSorting((old) => apply(u, old));
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onPaginationChange: (u) =>
      server ? server.onPaginationChange(apply(u, server.pagination)) : setPagination((old) => apply(u, old)),
    manualPagination: !!server,
    manualSorting: !!server,
    manualFiltering: !!server,
    rowCount: server?.rowCount,
    onGlobalFilterChange: () => {},
    globalFilterFn: "search",
    autoResetPageIndex: false,
    columnResizeMode: "onChange",
    columnResizeDirection: dir === "rtl" ? "rtl" : "ltr",
    defaultColumn: { enableResizing: false, sortFn: "auto" },
  });

  const page = server ? server.pagination : pagination;
  const rowCount = server ? server.rowCount : table.getPrePaginatedRowModel().rows.length;
  const pageCount = pageCountOf(rowCount, page.pageSize);
  // After a delete or a narrower filter the current page may no longer exist: show the last one instead (in
  // server mode useServerTable does this when the answer arrives).
  if (!server && paginated && pagination.pageIndex > pageCount - 1)
    setPagination((p) => ({ ...p, pageIndex: pageCount - 1 }));
  const busy = loading || !!server?.fetching;

  const rows = table.getRowModel().rows;
  const leafColumns = table.getAllLeafColumns();
  const sizes = leafColumns.map((c) => (c.getCanResize() ? c.getSize() : "")).join();
  // Narrow screens: the columns that fit the box, measured; the others are shown inside each row (responsive.ts).
  const scroller = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scroller);
  const layout = useFittedLayout(scroller, leafColumns, width, columns, sizes, data);
  const shownColumns = leafColumns.filter((c) => layout.visible.has(c.id));
  const headState = `${JSON.stringify(server ? server.sorting : sorting)}|${sizes}|${leafColumns.find((c) => c.getIsResizing())?.id ?? ""}|${layout.key}`;
  const setPageIndex = useCallback(
    (i: number) => table.setPageIndex(pagerState(i + 1, pageCount).page - 1),
    [table, pageCount],
  );
  const onServerPagination = server?.onPaginationChange;
  const setPageSize = useCallback(
    (s: number) =>
      onServerPagination
        ? onServerPagination({ pageIndex: 0, pageSize: s })
        : setPagination({ pageIndex: 0, pageSize: s }),
    [onServerPagination],
  );
  const showSkeleton = loading && data.length === 0;

  return (
    <div className={cn("grid min-w-0 gap-4", className)}>
      {toolbar}
      <div
        ref={scroller}
        className="relative w-full overflow-x-auto rounded-lg border bg-card"
        data-slot="data-table"
        data-layout={layout.hidden.length ? "compact" : "full"}
        data-hidden-columns={layout.hidden.length || undefined}
      >
        <table className="w-full caption-bottom text-sm" aria-busy={busy || undefined}>
          <caption className="sr-only">{label}</caption>
          <thead className="bg-muted/50">
            <HeadRows table={table} state={headState} columns={columns} dir={dir} layout={layout} />
          </thead>
          <tbody>
            {showSkeleton ? (
              Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity; their count is fixed while shown
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a table row is not focusable; the rule mistakes it for one
                <tr key={`skeleton-${i}`} className="border-b last:border-0" aria-hidden="true">
                  {shownColumns.map((column) => (
                    <td key={column.id} className="px-3 py-3" style={sizeStyle(column)}>
                      <Skeleton className={cn("h-4", column.columnDef.meta?.skeletonClassName ?? "w-24")} />
                    </td>
                  ))}
                </tr>
              ))
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={shownColumns.length} className="px-3 py-14 text-center text-muted-foreground">
                  {emptyState ?? labels.noRows}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <BodyRow
                  key={row.id}
                  row={row}
                  className={rowClassName?.(row.original)}
                  sizes={sizes}
                  columns={columns}
                  layout={layout}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
      {paginated && !showSkeleton && rowCount > 0 && (
        <DataTablePagination
          pageIndex={page.pageIndex}
          pageSize={page.pageSize}
          rowCount={rowCount}
          pageSizes={pageSizes}
          idPrefix={idPrefix}
          onPageIndexChange={setPageIndex}
          onPageSizeChange={setPageSize}
        />
      )}
    </div>
  );
}
