/**
 * Which columns an admin table shows when it does not fit its box (docs/product.md#admin-shell: every list
 * readable on a phone, its actions reachable without sideways scrolling). Pure, so the rule is property-tested.
 *
 * Every column has a phone priority (column meta `priority`). The pinned columns (the row header, e.g. the name,
 * and the actions) always show. The others leave the table least important first (highest priority number; ties:
 * the later column first), so a less important column never shows while a more important one is hidden. How many
 * leave is decided by measuring the rendered table (data-table-row.tsx `useFittedLayout`), not by width estimates:
 * a desktop shows every column whenever they fit. The hidden columns' values are shown inside the row header cell,
 * under the name, so the row reads like a card and nothing is lost.
 */

/** One column as the layout sees it. */
export interface LayoutColumn {
  id: string;
  /** Lower stays longer when space is short. */
  priority: number;
  /** Always shown (row header, actions). */
  pinned: boolean;
}

/** Default phone priority of a column without one: after every column that has one. */
export const DEFAULT_PRIORITY = 10;

/** The movable (not pinned) columns, in the order they leave the table: least important first. */
export function leavingOrder(columns: readonly LayoutColumn[]): LayoutColumn[] {
  return columns
    .map((c, index) => ({ c, index }))
    .filter(({ c }) => !c.pinned)
    .sort((a, b) => b.c.priority - a.c.priority || b.index - a.index)
    .map(({ c }) => c);
}

/**
 * The ids of the columns shown, in table order, when the `hide` least important movable columns are hidden
 * (`hide` is clamped to 0…number of movable columns).
 */
export function columnsHiding(columns: readonly LayoutColumn[], hide: number): string[] {
  const gone = new Set(
    leavingOrder(columns)
      .slice(0, Math.max(0, hide))
      .map((c) => c.id),
  );
  return columns.filter((c) => !gone.has(c.id)).map((c) => c.id);
}
