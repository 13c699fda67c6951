/**
 * Which columns an admin table shows at a given width (docs/product.md#admin-shell: every list readable on a
 * phone, its actions reachable without sideways scrolling). Pure, so the rule is property-tested.
 *
 * Every column has an estimated width and a phone priority (column meta `width`, `priority`). When the whole row
 * fits, every column shows. Otherwise the pinned columns (the row header, e.g. the name, and the actions) always
 * show, then the others in priority order (ties: table order) while they fit, stopping at the first that does not,
 * so a less important column never shows while a more important one is hidden. The hidden columns' values are
 * shown inside the row header cell, under the name, so the row reads like a card and nothing is lost.
 */

/** One column as the layout sees it. */
export interface LayoutColumn {
  id: string;
  /** Estimated width in CSS px, padding included. */
  width: number;
  /** Lower shows first when space is short. */
  priority: number;
  /** Always shown (row header, actions). */
  pinned: boolean;
}

/** Default phone priority of a column without one: after every column that has one. */
export const DEFAULT_PRIORITY = 10;
/** Default estimated width (px) of a column without `meta.width` and without a fixed size. */
export const DEFAULT_COLUMN_WIDTH = 120;

/**
 * The ids of the columns to show in `available` px (Infinity: all), in table order. See the module doc for the
 * rule; pinned columns show even when they alone are wider than `available`.
 */
export function columnsForWidth(columns: readonly LayoutColumn[], available: number): string[] {
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  if (total <= available) return columns.map((c) => c.id);
  const shown = new Set(columns.filter((c) => c.pinned).map((c) => c.id));
  let used = columns.filter((c) => c.pinned).reduce((sum, c) => sum + c.width, 0);
  const rest = columns
    .map((c, index) => ({ c, index }))
    .filter(({ c }) => !c.pinned)
    .sort((a, b) => a.c.priority - b.c.priority || a.index - b.index);
  for (const { c } of rest) {
    if (used + c.width > available) break;
    shown.add(c.id);
    used += c.width;
  }
  return columns.filter((c) => shown.has(c.id)).map((c) => c.id);
}
