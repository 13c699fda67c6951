/**
 * Formatting of public news items (docs/product.md#public-home, #limits): dates in Cairo time with a long month
 * (`ar-EG` / `en-GB`), the slide excerpt (summary, else the first 200 characters of the content + "…"),
 * and the content split into paragraphs.
 */
import type { TFunction } from "i18next";
import type { PublicNewsJson } from "@worker/contracts/news";
import { DEFAULT_NEWS_AUTHOR } from "@worker/lib/news-author";

/** A published item as the public API and the home loader give it. */
export type PublicNews = PublicNewsJson;

/**
 * The author as shown (docs/product.md#news): the default author ("Admin", what the API stores when none is given)
 * reads as the school's administration in the page's language ("إدارة المدرسة"); any other name as it is.
 */
export function authorText(author: string, t: TFunction): string {
  return author.trim() === DEFAULT_NEWS_AUTHOR ? t("news.public.defaultAuthor") : author;
}

/** Carousel autoplay interval in ms. */
export const AUTOPLAY_DELAY_MS = 5000;
/** Characters of the content shown when an item has no summary. */
export const EXCERPT_LENGTH = 200;

/**
 * The school is in Egypt: dates are shown in Cairo time on the server and in every browser, so the server-rendered
 * text and the hydrated text agree (a browser's own zone could put an evening item on the next day).
 */
const TIME_ZONE = "Africa/Cairo";

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "18 November 2026" / "١٨ نوفمبر ٢٠٢٦" for an ISO 8601 UTC time; "" when the value is not a date. */
export function formatNewsDate(iso: string | null | undefined, lang: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const locale = lang.startsWith("ar") ? "ar-EG" : "en-GB";
  let f = dateFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE });
    dateFormats.set(locale, f);
  }
  return f.format(date);
}

/** The slide text: the summary, or the first 200 characters (code points) of the content followed by "…". */
export function newsExcerpt(item: Pick<PublicNews, "summary" | "content">, length = EXCERPT_LENGTH): string {
  const summary = item.summary?.trim();
  if (summary) return summary;
  const chars = Array.from((item.content ?? "").replace(/\s+/g, " ").trim());
  if (chars.length <= length) return chars.join("");
  return `${chars.slice(0, length).join("").trimEnd()}…`;
}

/** The content as paragraphs: split on line breaks, blank lines dropped. */
export function newsParagraphs(content: string | null | undefined): string[] {
  return (content ?? "")
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
