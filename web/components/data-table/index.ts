/**
 * The admin data-table set (TanStack Table v9): `DataTable`, `DataTablePagination`, the typed column helper
 * `dataTableColumns<Row>()`, the page sizes, and the search helpers shared with page-level filters/exports.
 */
export { DataTable, type DataTableProps } from "./data-table";
export { DataTablePagination, type DataTablePaginationProps } from "./data-table-pagination";
export { dataTableColumns, dataTableFeatures, type DataTableColumnDef, type DataTableColumnMeta, type DataTableFeatures } from "./features";
export { ADMIN_PAGE_SIZES, DEFAULT_PAGE_SIZE, PAGE_WINDOW, pageWindow, type PageSlot } from "./page-window";
export { filterBySearch, matchesSearch, normalizeDigits, normaliseSearchText } from "./search";
export { dataTableLabels, useDataTableLabels, type DataTableLabels } from "./labels";
