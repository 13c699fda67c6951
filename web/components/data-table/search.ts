/**
 * Text search shared by the admin tables (spec §5: Arabic-Indic ٠-٩ and Persian ۰-۹ digits are accepted wherever
 * an ID or number is typed). Matching is case-insensitive, ignores Arabic diacritics and tatweel, and treats the
 * Arabic letter variants أ/إ/آ → ا, ى → ي, ة → ه as equal, so a typed name matches however it was stored.
 * Invisible direction marks copied along with an ID are ignored.
 */
import { normalizeDigits, normalizeNationalId } from "../../../worker/lib/normalize";

/** Re-exported: Arabic-Indic (٠-٩) and Persian (۰-۹) digits → ASCII 0-9 (worker/lib/normalize.ts). */
export { normalizeDigits };

/**
 * The comparable form of a text for searching: digits normalised, lower-cased, Arabic variants folded, trimmed.
 * `foldSearchText` in worker/api/students.schema.ts is the same function for the paged list endpoints; it is not
 * imported here so that tables without forms do not load zod.
 */
export function normaliseSearchText(text: string): string {
  return normalizeNationalId(text)
    .normalize("NFKC")
    .toLocaleLowerCase("en")
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "") // harakat, superscript alef, tatweel
    .replace(/[أإآ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/\s+/g, " ")
    .trim();
}

/** True when `query` (already normalised or raw) is empty or occurs in one of `values` (null/undefined skipped). */
export function matchesSearch(values: readonly unknown[], query: string): boolean {
  const q = normaliseSearchText(query);
  if (!q) return true;
  return values.some((v) => v !== null && v !== undefined && normaliseSearchText(String(v)).includes(q));
}

/**
 * The rows among `rows` whose `fields(row)` values contain `query` (see `matchesSearch`). Use it in a page when the
 * filtered rows are needed outside the table too (for example a CSV export of what the table shows).
 */
export function filterBySearch<T>(rows: readonly T[], query: string, fields: (row: T) => readonly unknown[]): T[] {
  const q = normaliseSearchText(query);
  if (!q) return rows.slice();
  return rows.filter((row) => fields(row).some((v) => v !== null && v !== undefined && normaliseSearchText(String(v)).includes(q)));
}
