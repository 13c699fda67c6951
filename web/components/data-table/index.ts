/**
 * The admin data-table set (TanStack Table v9): `DataTable`, `DataTablePagination`, the typed column helper
 * `dataTableColumns<Row>()`, the page sizes, the search helpers shared with page-level filters/exports, and
 * `useServerTable` for tables paged, sorted and searched on the server.
 */
export { DataTable, type DataTableProps } from "./data-table";
export { DataTablePagination, type DataTablePaginationProps } from "./data-table-pagination";
export {
  dataTableColumns,
  dataTableFeatures,
  type DataTableColumnDef,
  type DataTableColumnMeta,
  type DataTableFeatures,
} from "./features";
export {
  ADMIN_PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  PAGE_WINDOW,
  pageCountOf,
  pageRange,
  pagerState,
  pageWindow,
  type PageSlot,
} from "./page-window";
export { filterBySearch, matchesSearch, normalizeDigits, foldSearchText } from "./search";
export { dataTableLabels, useDataTableLabels, type DataTableLabels } from "./labels";
export { pagePrimer, type PagePrimer, type PrimedRequest } from "./page-primer";
export {
  useServerTable,
  type DataTableServerState,
  type ServerPage,
  type ServerPageRequest,
  type UseServerTable,
} from "./use-server-table";
