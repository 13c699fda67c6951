/**
 * Number formatting for the current UI language (Intl). Arabic uses the "ar-EG" locale (Arabic-Indic digits),
 * English "en-EG". Money is EGP (docs/product.md#languages-and-numbers); times are shown in school time.
 */
import { SCHOOL_TIME_ZONE } from "@worker/lib/school-day";

const cache = new Map<string, Intl.NumberFormat>();

/** The Intl locale for a UI language. */
export function localeOf(lang: string | undefined): string {
  return lang?.startsWith("ar") ? "ar-EG" : "en-EG";
}

function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

/** A whole or decimal number, e.g. 1,234. */
export function formatNumber(value: number, lang?: string, options: Intl.NumberFormatOptions = {}): string {
  return formatter(localeOf(lang), options).format(value);
}

/**
 * The ASCII digits of a label such as an academic year ("2024-2025") in the UI language's digits: "٢٠٢٤-٢٠٢٥" in
 * Arabic, unchanged in English (docs/product.md#languages-and-numbers).
 */
export function localDigits(s: string, lang: string | undefined): string {
  return lang?.startsWith("ar") ? s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))) : s;
}

/** An amount in EGP, e.g. "EGP 1,250.50"; whole amounts drop the ".00" ("EGP 42,506,200"). */
export function formatEgp(value: number, lang?: string): string {
  const digits = Number.isInteger(value) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {};
  return formatter(localeOf(lang), { style: "currency", currency: "EGP", ...digits }).format(value);
}

/** A percentage given on a 0–100 scale (the API's `paidPercentage`), with up to 2 decimals. */
export function formatPercent(value: number, lang?: string): string {
  return formatter(localeOf(lang), { style: "percent", maximumFractionDigits: 2 }).format(value / 100);
}

const dateTimeCache = new Map<string, Intl.DateTimeFormat>();

/**
 * An ISO 8601 UTC instant in school time (Africa/Cairo, whatever the browser's zone, so server-rendered and
 * hydrated text agree), in the UI language's locale unless `locale` is given. `options` are Intl date/time options
 * without the zone, e.g. `{ dateStyle: "medium", timeStyle: "short" }` → "Oct 12, 2024, 9:41 AM". "" for null or an
 * unreadable value.
 */
export function formatSchoolTime(
  iso: string | null | undefined,
  lang: string | undefined,
  options: Intl.DateTimeFormatOptions,
  locale = localeOf(lang),
): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return "";
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateTimeCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: SCHOOL_TIME_ZONE });
    dateTimeCache.set(key, f);
  }
  return f.format(ms);
}

/**
 * An ISO instant as date and time in school time, e.g. "Oct 12, 2024, 9:41 AM" (medium); `long`
 * spells the month ("October 12, 2024 at 9:41 AM"), as on receipts. "" when unreadable.
 */
export function formatSchoolDateTime(
  iso: string | null | undefined,
  lang: string | undefined,
  style: "medium" | "long" = "medium",
): string {
  return formatSchoolTime(iso, lang, { dateStyle: style, timeStyle: "short" });
}

/** A school day "YYYY-MM-DD" (a due date) as a date, e.g. "Sep 15, 2024" / "١٥ سبتمبر ٢٠٢٤". "" when unreadable. */
export function formatSchoolDay(day: string | null | undefined, lang: string | undefined): string {
  // Noon UTC falls on the same calendar day in Cairo whatever the season.
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? formatSchoolTime(`${day}T10:00:00Z`, lang, { dateStyle: "medium" })
    : "";
}
