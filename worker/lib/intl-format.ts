/**
 * Numbers and school times through Intl in a language's locale (docs/product.md#languages-and-numbers): Arabic reads
 * "ar-EG" (Arabic-Indic digits, Arabic month names), English "en-EG"; times in school time (Africa/Cairo) whatever
 * the machine's zone. Dependency-free: shared by the Worker (messages to families) and the web pages
 * (web/lib/format.ts builds money and dates on these).
 */
import { SCHOOL_TIME_ZONE } from "./school-day";

const numberCache = new Map<string, Intl.NumberFormat>();
const dateTimeCache = new Map<string, Intl.DateTimeFormat>();

/** The Intl locale for a language ("ar", "ar-EG", "en" …): "ar-EG" for Arabic, else "en-EG". */
export function localeOf(lang: string | undefined): string {
  return lang?.startsWith("ar") ? "ar-EG" : "en-EG";
}

/** A cached Intl.NumberFormat (building one costs far more than formatting with it). */
export function numberFormatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberCache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberCache.set(key, f);
  }
  return f;
}

/** A whole or decimal number in the language's digits, e.g. 1,234 / ١٬٢٣٤. */
export function formatNumber(value: number, lang?: string, options: Intl.NumberFormatOptions = {}): string {
  return numberFormatter(localeOf(lang), options).format(value);
}

/**
 * An ISO 8601 UTC instant in school time (Africa/Cairo), in the language's locale unless `locale` is given.
 * `options` are Intl date/time options without the zone, e.g. `{ dateStyle: "medium", timeStyle: "short" }` →
 * "Oct 12, 2024, 9:41 AM". "" for null or an unreadable value.
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
 * A school day "YYYY-MM-DD" with its month spelled: "٥ مارس ٢٠٢٦" / "March 5, 2026" (as the pages' texts name a date).
 * "" when unreadable.
 */
export function formatSchoolDayLong(day: string | null | undefined, lang: string | undefined): string {
  // Noon UTC falls on the same calendar day in Cairo whatever the season.
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? formatSchoolTime(`${day}T10:00:00Z`, lang, { day: "numeric", month: "long", year: "numeric" })
    : "";
}
