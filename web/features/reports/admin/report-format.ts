/**
 * The Reports page's labels (docs/product.md#reports), pure: month and day names through Intl in the page's language
 * (Arabic month names and Arabic-Indic digits in Arabic), compact EGP for an axis, a histogram bin's range, and the
 * tab-separated text a table copies as (pasted into a spreadsheet or a report, one cell per column).
 */
import { formatNumber, localeOf } from "@worker/lib/intl-format";
import { MARK_BIN_PERCENT } from "@worker/lib/report-buckets";

const dateCache = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (lang: string | undefined, options: Intl.DateTimeFormatOptions) => {
  const key = `${localeOf(lang)}|${JSON.stringify(options)}`;
  let f = dateCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeOf(lang), { ...options, timeZone: "UTC" });
    dateCache.set(key, f);
  }
  return f;
};

/** "2026-09" → "Sep" / "سبتمبر" (`long`: with the year, "September 2026" / "سبتمبر ٢٠٢٦"). */
export function monthLabel(ym: string, lang: string | undefined, long = false): string {
  const at = new Date(`${ym}-15T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return ym;
  return dateFormat(lang, long ? { month: "long", year: "numeric" } : { month: "short" }).format(at);
}

/** "2026-09-15" → "15 Sep" / "١٥ سبتمبر". */
export function dayLabel(day: string, lang: string | undefined): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return dateFormat(lang, { day: "numeric", month: "short" }).format(at);
}

/** An axis's EGP: compact ("1.2M" / "١٫٢ مليون"), no currency sign (the axis title says EGP). */
export function compactNumber(value: number, lang: string | undefined): string {
  return formatNumber(value, lang, { notation: "compact", maximumFractionDigits: 1 });
}

/** Histogram bin `i` as a range of percent: "0-10 %" … "90-100 %", in the language's digits. */
export function binLabel(i: number, lang: string | undefined): string {
  const from = formatNumber(i * MARK_BIN_PERCENT, lang);
  const to = formatNumber((i + 1) * MARK_BIN_PERCENT, lang);
  return lang?.startsWith("ar") ? `${from}–${to}٪` : `${from}–${to}%`;
}

/** One cell as copied: tabs and line breaks become spaces, so every row stays one line of as many cells. */
const cell = (v: string | number) => String(v).replace(/[\t\r\n]+/g, " ");

/** A table as tab-separated lines (header first), as a spreadsheet pastes it. */
export function toTsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((r) => r.map(cell).join("\t")).join("\n");
}
