/**
 * Text search shared by the admin tables (docs/product.md#languages-and-numbers: Arabic-Indic ٠-٩ and Persian ۰-۹
 * digits are accepted wherever an ID or number is typed). Matching is case-insensitive, ignores Arabic diacritics and
 * tatweel, and treats the Arabic letter variants أ/إ/آ → ا, ى → ي, ة → ه as equal, so a typed name matches however it
 * was stored. Invisible direction marks copied along with an ID are ignored.
 */
import { foldSearchText, normalizeDigits } from "@worker/lib/normalize";

/**
 * Re-exported from worker/lib/normalize.ts: Arabic-Indic (٠-٩) and Persian (۰-۹) digits → ASCII 0-9, and the
 * comparable form of a search text, the same fold the paged list endpoints use on the server.
 */
export { foldSearchText, normalizeDigits };

/** True when `query` (already normalised or raw) is empty or occurs in one of `values` (null/undefined skipped). */
export function matchesSearch(values: readonly unknown[], query: string): boolean {
  const q = foldSearchText(query);
  if (!q) return true;
  return values.some((v) => v !== null && v !== undefined && foldSearchText(String(v)).includes(q));
}

/**
 * The rows among `rows` whose `fields(row)` values contain `query` (see `matchesSearch`). Use it in a page when the
 * filtered rows are needed outside the table too (for example a CSV export of what the table shows).
 */
export function filterBySearch<T>(rows: readonly T[], query: string, fields: (row: T) => readonly unknown[]): T[] {
  const q = foldSearchText(query);
  if (!q) return rows.slice();
  return rows.filter((row) =>
    fields(row).some((v) => v !== null && v !== undefined && foldSearchText(String(v)).includes(q)),
  );
}
