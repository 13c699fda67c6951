/**
 * Header parts of DataTable: the sort button (the `<th>` carries aria-sort) and the column resize handle, plus the
 * width and alignment helpers shared by header and body cells.
 */
import type { CSSProperties, KeyboardEvent, ReactNode } from "react";
import type { Column, Header, RowData } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import { cn } from "~/lib/utils";
import type { DataTableColumnMeta, DataTableFeatures } from "./features";

/** Pixels added or removed per arrow-key press on a focused resize handle (Shift: 5×). */
export const RESIZE_STEP_PX = 10;

/** Logical text alignment for a column's `meta.align`. */
export function alignClass(align: DataTableColumnMeta["align"]): string {
  return align === "end" ? "text-end" : align === "center" ? "text-center" : "text-start";
}

/**
 * Fixed pixel widths for resizable columns only (their size is bounded by the column's minSize/maxSize); other
 * columns keep the browser's automatic layout so short columns stay compact.
 */
export function sizeStyle<TData extends RowData>(
  column: Column<DataTableFeatures, TData, unknown>,
): CSSProperties | undefined {
  if (!column.getCanResize()) return undefined;
  const size = column.getSize();
  return { width: size, minWidth: size, maxWidth: size };
}

/** The header's content as a button that cycles the sort: ascending, descending, none. */
export function SortableHeader<TData extends RowData>({
  header,
  hint,
  children,
}: {
  header: Header<DataTableFeatures, TData, unknown>;
  hint: string;
  children: ReactNode;
}) {
  const sorted = header.column.getIsSorted();
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ChevronsUpDown;
  const align = header.column.columnDef.meta?.align;
  return (
    <button
      type="button"
      onClick={header.column.getToggleSortingHandler()}
      title={hint}
      className={cn(
        "-mx-1.5 inline-flex items-center gap-1.5 rounded-sm px-1.5 py-1 outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
        sorted && "text-foreground",
        align === "end" && "flex-row-reverse",
      )}
    >
      <span>{children}</span>
      <Icon className={cn("size-3.5 shrink-0", !sorted && "opacity-40")} aria-hidden="true" />
    </button>
  );
}

/**
 * A drag handle at the column's inline end. Mouse and touch use TanStack's handler (drag direction follows `dir`);
 * the keyboard uses the arrow keys (towards the inline end widens), Home/End jump to the minimum/maximum and
 * Enter or a double click restores the initial width. Exposed as a focusable vertical separator with its value.
 */
export function ResizeHandle<TData extends RowData>({
  header,
  dir,
  label,
}: {
  header: Header<DataTableFeatures, TData, unknown>;
  dir: "ltr" | "rtl";
  label: (column: string) => string;
}) {
  const column = header.column;
  const def = column.columnDef;
  const min = def.minSize ?? 20;
  const max = def.maxSize ?? Number.MAX_SAFE_INTEGER;
  const size = column.getSize();
  const name = typeof def.header === "string" ? def.header : column.id;
  const handler = header.getResizeHandler();
  const setSize = (next: number) => {
    const clamped = Math.min(max, Math.max(min, Math.round(next)));
    header.getContext().table.setColumnSizing((old) => ({ ...old, [column.id]: clamped }));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? RESIZE_STEP_PX * 5 : RESIZE_STEP_PX;
    const widen = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
    const narrow = dir === "rtl" ? "ArrowRight" : "ArrowLeft";
    if (e.key === widen) setSize(size + step);
    else if (e.key === narrow) setSize(size - step);
    else if (e.key === "Home") setSize(min);
    else if (e.key === "End") setSize(max);
    else if (e.key === "Enter") column.resetSize();
    else return;
    e.preventDefault();
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label(name)}
      aria-valuenow={size}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onMouseDown={handler}
      onTouchStart={handler}
      onDoubleClick={() => column.resetSize()}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
      className={cn(
        "group/resize absolute inset-y-0 end-0 z-10 flex w-3 translate-x-1/2 cursor-col-resize touch-none justify-center outline-none select-none rtl:-translate-x-1/2",
        "focus-visible:bg-ring/20",
      )}
    >
      <span
        className={cn(
          "my-2 w-0.5 rounded-full bg-border transition-colors group-hover/resize:bg-primary group-focus-visible/resize:bg-primary",
          column.getIsResizing() && "bg-primary",
        )}
        aria-hidden="true"
      />
    </div>
  );
}
