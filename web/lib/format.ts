/**
 * Number formatting for the current UI language (Intl). Arabic uses the "ar-EG" locale (Arabic-Indic digits),
 * English "en-EG". Money is EGP (docs/product.md#languages-and-numbers); times are shown in school time. The Intl
 * core (locale, cached formatters, school time) is worker/lib/intl-format.ts, shared with the Worker's messages.
 */
import { formatNumber, formatSchoolTime, localeOf, numberFormatter } from "@worker/lib/intl-format";

export { formatNumber, formatSchoolTime, localeOf };

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
  return numberFormatter(localeOf(lang), { style: "currency", currency: "EGP", ...digits }).format(value);
}

/** A percentage given on a 0–100 scale (the API's `paidPercentage`), with up to 2 decimals. */
export function formatPercent(value: number, lang?: string): string {
  return numberFormatter(localeOf(lang), { style: "percent", maximumFractionDigits: 2 }).format(value / 100);
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
