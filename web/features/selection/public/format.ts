/**
 * Display helpers of the teacher-selection page: dates in Cairo time (Intl, the UI language's digits), counts in the
 * UI language's digits, and the dictionary key of a grade.
 */
import { formatNumber, localeOf } from "~/lib/format";
import { SCHOOL_TIME_ZONE } from "@worker/lib/school-day";

const dateTimeCache = new Map<string, Intl.DateTimeFormat>();

/** An ISO 8601 instant as "12 March 2026 at 10:05 AM" in Cairo time; "" for null or an unreadable value. */
export function formatCairoDateTime(iso: string | null | undefined, lang: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const locale = localeOf(lang);
  let f = dateTimeCache.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: SCHOOL_TIME_ZONE,
    });
    dateTimeCache.set(locale, f);
  }
  return f.format(date);
}

/** A count in the UI language's digits (Arabic-Indic in Arabic). */
export const num = (n: number, lang: string) => formatNumber(n, lang);
