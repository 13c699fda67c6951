/**
 * The TanStack Table v9 feature set every admin table uses (client-side sorting, global text filtering,
 * pagination, column sizing and resizing), its typed column helper and column meta.
 *
 * Column definitions are written with `dataTableColumns<Row>()`:
 *
 * ```ts
 * const col = dataTableColumns<Student>();
 * const columns = col.columns([
 *   col.accessor("full_name", { id: "name", header: "Name", size: 240, minSize: 180, maxSize: 500, enableResizing: true }),
 *   col.accessor("building_no", { header: "Building", meta: { align: "center" } }),
 *   col.display({ id: "actions", header: "Actions", cell: ({ row }) => <RowActions row={row.original} /> }),
 * ]);
 * ```
 *
 * Keep the resulting array stable (`useMemo`), as TanStack rebuilds its models when it changes.
 */
import {
  columnFilteringFeature,
  columnResizingFeature,
  columnSizingFeature,
  constructFilterFn,
  constructSortFn,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_basic,
  sortFn_datetime,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from "@tanstack/react-table";
import { foldSearchText } from "./search";

/** Per-column presentation options (`meta` of a column definition). */
export interface DataTableColumnMeta {
  /** Inline alignment of the header and cells (logical: start/end). Default start. */
  align?: "start" | "center" | "end";
  /** Extra classes on the `<th>`. */
  headerClassName?: string;
  /** Extra classes on every `<td>` of the column. */
  cellClassName?: string;
  /** Makes the column's cells the row headers (`<th scope="row">`), e.g. the name column. */
  rowHeader?: boolean;
  /** Width of the skeleton bar in loading rows (Tailwind width class), default "w-24". */
  skeletonClassName?: string;
  /**
   * Narrow screens (responsive.ts): lower shows first when the row does not fit; columns without one come last.
   * The row header and the `actions` column are always shown.
   */
  priority?: number;
  /** Always shown, whatever the width (default: the row header and the column with id `actions`). */
  pinned?: boolean;
  /** The label of the column's value when it is shown under the row header (default: a text header, else the id). */
  label?: string;
}

/**
 * Locale-aware comparison: Arabic and English names sort as a reader expects, and numeric runs compare by value
 * ("Primary-2" before "Primary-10"). Null/undefined sort as empty text.
 */
const collator = new Intl.Collator(["ar", "en"], { numeric: true, sensitivity: "base" });
const sortFn_localeText = constructSortFn({
  sort: (a: unknown, b: unknown) =>
    collator.compare(a === null || a === undefined ? "" : String(a), b === null || b === undefined ? "" : String(b)),
});

/**
 * The global text filter: case-insensitive "contains", Arabic-Indic/Persian digits normalised on both sides
 * (docs/product.md#languages-and-numbers), Arabic letter variants folded (see search.ts).
 */
const filterFn_search = constructFilterFn({
  filter: (value: unknown, query: string) =>
    value !== null && value !== undefined && foldSearchText(String(value)).includes(query),
  resolveFilterValue: (query: unknown) => foldSearchText(String(query ?? "")),
  autoRemove: (query: unknown) => !foldSearchText(String(query ?? "")),
});

/** The stable feature registry passed to `useTable` (module scope on purpose; see the TanStack v9 docs). */
export const dataTableFeatures = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowSortingFeature,
  rowPaginationFeature,
  columnSizingFeature,
  columnResizingFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  filterFns: { search: filterFn_search },
  // "auto" resolves strings to text/alphanumeric: both map to the locale-aware comparator.
  sortFns: { text: sortFn_localeText, alphanumeric: sortFn_localeText, datetime: sortFn_datetime, basic: sortFn_basic },
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

/** The feature registry's type (for explicit generic boundaries). */
export type DataTableFeatures = typeof dataTableFeatures;

/** A column definition of a DataTable over rows of type `TData`. */
// biome-ignore lint/suspicious/noExplicitAny: TanStack's own column value type is open; each column narrows it
export type DataTableColumnDef<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/** The typed column helper for rows of type `TData` (`accessor`, `display`, `columns`). */
export function dataTableColumns<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}
