/**
 * CSV exports of the admin lists (docs/product.md#csv-exports). Every value is quoted with inner quotes doubled, lines
 * end with CRLF, and the text starts with a UTF-8 byte-order mark so Excel shows Arabic. A text cell starting with
 * `=`, `+`, `-` or `@` is prefixed with `'` so a spreadsheet never runs it as a formula (formula injection);
 * real numbers (JS `number`) are written as they are, so a negative amount stays a number.
 */
import Papa from "papaparse";

/** The UTF-8 byte-order mark (U+FEFF), written first. */
export const CSV_BOM = "\uFEFF";

/** Cells that start like a formula (docs/product.md#csv-exports: `=`, `+`, `-`, `@`). */
const FORMULA_START = /^[=+\-@]/;

/** One cell: text, a number, a boolean, or empty (null/undefined → ""). */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * A national ID (or passport number) as written in a file: a TAB, then the ID. Spreadsheets otherwise read a
 * 14-digit ID as a number and show it as 3.10013E+13; the TAB keeps it text and is invisible in the cell.
 */
export const studentIdCell = (id: string) => `\t${id}`;

/** The list a file exports (file name prefix). */
export type CsvKind = "students" | "fees" | "results";

/**
 * The CSV text of `rows` (the first row is the header): BOM + quoted cells, `,` separated, CRLF between lines,
 * no trailing line break.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  const body = Papa.unparse(
    rows.map((r) => r.map((c) => (c === null || c === undefined ? "" : c))),
    {
      quotes: true,
      quoteChar: '"',
      escapeChar: '"',
      delimiter: ",",
      newline: "\r\n",
      escapeFormulae: FORMULA_START,
      header: false,
    },
  );
  return CSV_BOM + body;
}

/** A calendar date as `YYYY-MM-DD` in the browser's time zone (the admin's "today"). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The export file name (docs/product.md#csv-exports): `{kind}_{grade}_{YYYY-MM-DD}.csv`, where grade is the filtered grade, or
 * `all_grades` when none (empty, null or "All"). Characters outside letters, digits, `-` and `_` become `_`.
 * E.g. `students_Prep-3_2025-03-14.csv`, `fees_all_grades_2025-03-14.csv`.
 */
export function csvFileName(kind: CsvKind, grade: string | null | undefined, date: Date = new Date()): string {
  const g = !grade || grade === "All" ? "all_grades" : grade.trim().replace(/[^\p{L}\p{N}_-]+/gu, "_");
  return `${kind}_${g}_${isoDay(date)}.csv`;
}

/**
 * Builds the CSV of `rows` (header first, see toCsv) and has the browser save it as `filename`, through a Blob
 * and a temporary object URL (revoked once the download has started). Browser only.
 */
export function downloadCsv(filename: string, rows: readonly (readonly CsvCell[])[]): void {
  const blob = new Blob([toCsv(rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a short delay is enough.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
