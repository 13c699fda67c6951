/**
 * Body rows of DataTable and the narrow-screen layout around them (responsive.ts): which columns show at the
 * table's measured width, and the row header cell that also carries the hidden columns' values as a label/value
 * list, so a row on a phone reads like a card and keeps every action reachable.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useState, type ReactNode, type RefObject } from "react";
import { flexRender, type Cell, type Column, type Row, type RowData } from "@tanstack/react-table";
import { cn } from "~/lib/utils";
import type { DataTableFeatures } from "./features";
import { alignClass, sizeStyle } from "./data-table-header";
import { DEFAULT_PRIORITY, columnsHiding, leavingOrder, type LayoutColumn } from "./responsive";

type AnyColumn<TData extends RowData> = Column<DataTableFeatures, TData, unknown>;

/** The table's layout at its current width: visible column ids, the hidden ones, and the cell that hosts them. */
export interface TableLayout {
  visible: ReadonlySet<string>;
  /** Hidden column ids, most important first. */
  hidden: readonly string[];
  /** The visible column whose cells also show the hidden columns' values. */
  host: string | undefined;
  /**
   * The column that gives up its set width (and its resize handle) to fit the box: the host, once every movable
   * column is hidden and only the pinned ones are left. Before that the host keeps the width the admin gave it.
   */
  flexible: string | undefined;
  /** Stable text of the layout, for memo comparisons. */
  key: string;
}

/** The width (px) of `ref`'s element, followed as it changes; Infinity until measured (server render). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * A number that changes each time the page's web fonts finish loading: text measured in the fallback font is wider
 * or narrower than in Cairo, so a layout fitted before the font arrived is fitted again.
 */
export function useFontsLoaded(): number {
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    const fonts = document.fonts;
    if (!fonts) return;
    let live = true;
    const onDone = () => live && setLoads((n) => n + 1);
    fonts.addEventListener("loadingdone", onDone);
    // A font that finished between the first fit (a layout effect) and this listener fired no event we could hear.
    void fonts.ready.then(onDone);
    return () => {
      live = false;
      fonts.removeEventListener("loadingdone", onDone);
    };
  }, []);
  return loads;
}

/** The narrow-screen view of a column (see DataTableColumnMeta `priority`, `pinned`). */
function layoutColumn<TData extends RowData>(column: AnyColumn<TData>): LayoutColumn {
  const meta = column.columnDef.meta;
  return {
    id: column.id,
    priority: meta?.priority ?? DEFAULT_PRIORITY,
    pinned: meta?.pinned ?? (!!meta?.rowHeader || column.id === "actions"),
  };
}

/** The layout of `columns` with the `hide` least important movable columns moved under the row header. */
export function tableLayout<TData extends RowData>(columns: readonly AnyColumn<TData>[], hide: number): TableLayout {
  const layoutColumns = columns.map(layoutColumn);
  const visibleIds = columnsHiding(layoutColumns, hide);
  const visible = new Set(visibleIds);
  // Shown under the row header most important first: the reverse of the order they leave the table in.
  const hidden = leavingOrder(layoutColumns)
    .filter((c) => !visible.has(c.id))
    .reverse()
    .map((c) => c.id);
  const host = hidden.length
    ? (columns.find((c) => visible.has(c.id) && c.columnDef.meta?.rowHeader)?.id ?? visibleIds[0])
    : undefined;
  const flexible = host && layoutColumns.every((c) => c.pinned || !visible.has(c.id)) ? host : undefined;
  return { visible, hidden, host, flexible, key: `${visibleIds.join()}|${host ?? ""}` };
}

/**
 * The layout that fits the box of `scroller` at its measured `width`, found by measuring, not estimating: whenever
 * the width or one of `deps` (column set, sizes, rows) changes, every column is shown again, and while the
 * rendered table is wider than its box the next least important column moves under the row header. Each step
 * renders again before paint (layout effect), so the visitor only sees the final layout; a table that fits (a
 * desktop) shows every column. Until the width is known (server render) every column shows. The fit is found
 * again when the web fonts finish loading (text changes width).
 */
export function useFittedLayout<TData extends RowData>(
  scroller: RefObject<HTMLElement | null>,
  columns: readonly AnyColumn<TData>[],
  width: number,
  ...deps: unknown[]
): TableLayout {
  const fonts = useFontsLoaded();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new identity whenever width, fonts or the caller's deps change is this value's purpose
  const inputs = useMemo(() => ({}), [width, fonts, ...deps]);
  const [fit, setFit] = useState({ inputs, hide: 0 });
  const hide = fit.inputs === inputs ? fit.hide : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `inputs` stands for every input of the layout (see above)
  const layout = useMemo(() => tableLayout(columns, hide), [hide, inputs]);
  const movable = columns.length - columns.filter((c) => layoutColumn(c).pinned).length;
  useLayoutEffect(() => {
    const box = scroller.current;
    const table = box?.querySelector("table");
    if (!box || !table || !Number.isFinite(width) || hide >= movable) return;
    if (table.scrollWidth - box.clientWidth > 1) setFit({ inputs, hide: hide + 1 });
  }, [inputs, hide, movable, width, scroller]);
  return layout;
}

/** The label of a column's value when shown under the row header. */
function columnLabel<TData extends RowData>(column: AnyColumn<TData>): string {
  const def = column.columnDef;
  return def.meta?.label ?? (typeof def.header === "string" ? def.header : column.id);
}

/** A column's cell classes, joined once per column definition instead of once per cell and render. */
const cellClasses = new WeakMap<object, string>();
function cellClass<TData extends RowData>(column: AnyColumn<TData>): string {
  const def = column.columnDef as object;
  let cls = cellClasses.get(def);
  if (cls === undefined) {
    const meta = column.columnDef.meta;
    cls = cn(
      "px-3 py-2.5 align-middle",
      column.getCanResize() ? "break-words whitespace-normal" : "whitespace-nowrap",
      meta?.rowHeader && "font-medium text-foreground",
      alignClass(meta?.align),
      meta?.cellClassName,
    );
    cellClasses.set(def, cls);
  }
  return cls;
}

/** The hidden columns' values of one row, as a label/value list under the host cell's own content. */
function HiddenValues<TData extends RowData>({ cells }: { cells: Cell<DataTableFeatures, TData, unknown>[] }) {
  return (
    <dl
      className="mt-1.5 grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-x-3 gap-y-1 text-[0.8125rem] font-normal text-muted-foreground"
      data-slot="row-details"
    >
      {cells.map((cell) => (
        <div key={cell.id} className="flex min-w-0 flex-wrap items-center gap-x-1.5">
          <dt className="after:content-[':']">{columnLabel(cell.column)}</dt>
          <dd className="min-w-0 break-words text-foreground">
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface BodyRowProps<TData extends RowData> {
  row: Row<DataTableFeatures, TData>;
  className: string | undefined;
  /** The resizable columns' widths: a resize re-renders the rows, a keystroke in the toolbar does not. */
  sizes: string;
  columns: unknown;
  layout: TableLayout;
}

/**
 * One body row. Memoised on the row's data, the column set, the widths and the layout (bench/README.md, benchmark 3):
 * typing in the toolbar or a fetch flag re-renders the table, but the 15-50 rows only render again when their
 * content changes.
 */
export const BodyRow = memo(
  function BodyRow<TData extends RowData>({ row, className, layout }: BodyRowProps<TData>) {
    const cells = row.getAllCells();
    const compact = layout.hidden.length > 0;
    const hidden = compact ? layout.hidden.map((id) => cells.find((c) => c.column.id === id)!).filter(Boolean) : [];
    return (
      <tr className={cn("border-b transition-colors last:border-0 hover:bg-muted/40", className)}>
        {cells.map((cell) => {
          if (!layout.visible.has(cell.column.id)) return null;
          const meta = cell.column.columnDef.meta;
          const Cell = meta?.rowHeader ? "th" : "td";
          const isHost = cell.column.id === layout.host;
          const flexible = cell.column.id === layout.flexible;
          return (
            <Cell
              key={cell.id}
              scope={meta?.rowHeader ? "row" : undefined}
              style={flexible ? undefined : sizeStyle(cell.column)}
              // Narrow layout: the host wraps its details and may shrink below its usual minimum once it is the only
              // flexible column, and an actions cell wraps its buttons.
              className={cn(
                cellClass(cell.column),
                isHost && "whitespace-normal",
                flexible && "min-w-0",
                compact && cell.column.id === "actions" && "whitespace-normal [&>div]:flex-wrap",
              )}
            >
              {/* flexRender, not <FlexRender>: one component less per cell (135 per 15-row page). */}
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
              {isHost && <HiddenValues cells={hidden} />}
            </Cell>
          );
        })}
      </tr>
    );
  },
  (a, b) =>
    a.row.original === b.row.original &&
    a.row.id === b.row.id &&
    a.className === b.className &&
    a.sizes === b.sizes &&
    a.columns === b.columns &&
    a.layout.key === b.layout.key,
) as <TData extends RowData>(props: BodyRowProps<TData>) => ReactNode;
