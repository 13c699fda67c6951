/**
 * A spreadsheet cell as the text a person sees (docs/product.md#bulk-import): cached values of formulas, never a
 * formula; dates as YYYY-MM-DD; IDs without the export's TAB; a `'` that protected `=+-@` removed. Pure.
 */
export type Cell = string | number | boolean | Date | null | undefined;

export interface SheetTable {
  headers: string[];
  rows: Cell[][];
  /** The sheet's own line number (1-based, as the spreadsheet shows it) of each row. */
  lines: number[];
}

const INVISIBLES = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff\t]/g;
const pad = (n: number) => String(n).padStart(2, "0");

/** A cell as text: numbers without exponent or grouping when whole, dates as YYYY-MM-DD, text trimmed. */
export function cellText(v: Cell): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date)
    return Number.isNaN(v.getTime()) ? "" : `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
  if (typeof v === "number") return Number.isInteger(v) && Math.abs(v) < 1e21 ? v.toFixed(0) : String(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  const text = v.replace(INVISIBLES, "").trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

/** An Excel serial day number (1900 date system) as YYYY-MM-DD: 45536 → "2024-09-01". */
export function excelSerialToIso(serial: number): string {
  const d = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
