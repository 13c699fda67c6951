/**
 * Language-dependent pieces of the printed documents (docs/product.md#printing, #languages-and-numbers): the texts,
 * numbers and dates through Intl in `ar-EG` (Arabic-Indic digits) or `en-EG`, grade/subject/semester names from the
 * console's dictionaries. IDs and receipt numbers are never formatted: they are printed as stored, isolated.
 */
import {
  formatEgp,
  formatNumber,
  formatPercent,
  formatSchoolDateTime,
  formatSchoolTime,
  localDigits,
} from "~/lib/format";
import { dirOf, isLang, type Lang } from "~/i18n";
import arAdmin from "~/i18n/ar/admin";
import enAdmin from "~/i18n/en/admin";
import arResults from "~/i18n/ar/results";
import enResults from "~/i18n/en/results";
import arCommon from "~/i18n/ar/common";
import enCommon from "~/i18n/en/common";
import arPrint from "~/i18n/ar/print";
import enPrint from "~/i18n/en/print";

export type PrintTexts = typeof arPrint;

/** Everything a document needs to speak one language. */
export interface PrintLocale {
  lang: Lang;
  dir: "rtl" | "ltr";
  t: PrintTexts;
  schoolName: string;
  /** A number with up to 2 decimals (marks), grouped, in the page's digits. */
  num: (n: number) => string;
  /** A percentage given on a 0-100 scale, up to 2 decimals: "٩٠٫٥٪" / "90.5%". */
  pct: (n: number) => string;
  egp: (n: number) => string;
  /** "2024-2025" in the page's digits. */
  year: (academicYear: string) => string;
  /** An instant as a Cairo date and time ("long" month). */
  dateTime: (iso: string) => string;
  /** An instant as a short Cairo date and time, for table rows. */
  shortDateTime: (iso: string) => string;
  /** A date ("YYYY-MM-DD" or an instant) as a Cairo date. */
  date: (isoOrDay: string) => string;
  grade: (grade: string) => string;
  subject: (name: string) => string;
  semester: (s: string) => string;
  /** A fee line's name in the page's language: the English one on English pages when it has one, else the Arabic one. */
  line: (arabic: string | null | undefined, english: string | null | undefined) => string;
  /** Separator between items on one line ("، " in Arabic: a middle dot reads as an Arabic-Indic zero). */
  sep: string;
  /** "n report cards" with the language's plural forms. */
  cardCount: (n: number) => string;
}

const ALL = {
  ar: { t: arPrint, admin: arAdmin, results: arResults, common: arCommon },
  en: { t: enPrint, admin: enAdmin, results: enResults, common: enCommon },
} as const;

/**
 * Arabic text as printed so that a PDF's text layer gives it back in logical order. The text layer orders a mark by
 * its glyph's position, before the letter carrying it ("جنيهًا" came back "جنيًها"): tanwīn al-fatḥ moves onto the
 * alif (the traditional spelling "جنيهاً", which reads back as "جنيهًا"), and other marks, which no letter can carry
 * instead, are left out (unvocalised, as most print is). Our own texts only; names are printed as stored.
 */
export function printArabic(text: string): string {
  return text
    .replace(/\u064B([\u0627\u0649])/g, "$1\u064B")
    .replace(/(?<![\u0627\u0649])\u064B/g, "")
    .replace(/[\u064C-\u0652]/g, "");
}

/** `value` with every string in it passed through `printArabic`. */
function printTexts<T>(value: T): T {
  if (typeof value === "string") return printArabic(value) as T;
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printTexts(v)])) as T;
}

const TEXTS = { ar: printTexts(arPrint), en: printTexts(enPrint) };

/** The document language: `?lang=en` for English, Arabic otherwise (docs/product.md#printing). */
export function printLangOf(url: URL): Lang {
  const lang = url.searchParams.get("lang");
  return isLang(lang) ? lang : "ar";
}

function pluralKey(lang: Lang, n: number): "zero" | "one" | "two" | "few" | "many" | "other" {
  if (lang === "en") return n === 0 ? "zero" : n === 1 ? "one" : "other";
  const rule = new Intl.PluralRules("ar").select(n);
  return n === 0 ? "zero" : rule;
}

/** The `PrintLocale` of `lang`. */
export function printLocale(lang: Lang): PrintLocale {
  const d = ALL[lang];
  const grades = d.admin.grades as Record<string, string>;
  const subjects = d.results.subjects as Record<string, string>;
  const semesters = d.results.semesterNames as Record<string, string>;
  const num = (n: number) => formatNumber(n, lang, { maximumFractionDigits: 2 });
  return {
    lang,
    dir: dirOf(lang),
    t: TEXTS[lang],
    schoolName: d.common.schoolName,
    num,
    pct: (n) => formatPercent(n, lang),
    egp: (n) => formatEgp(n, lang),
    year: (y) =>
      y
        .split("-")
        .map((part) => (/^\d+$/.test(part) ? formatNumber(Number(part), lang, { useGrouping: false }) : part))
        .join("–"),
    dateTime: (iso) => formatSchoolDateTime(iso, lang, "long"),
    shortDateTime: (iso) => formatSchoolTime(iso, lang, { dateStyle: "short", timeStyle: "short" }),
    date: (v) => formatSchoolTime(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T12:00:00Z` : v, lang, { dateStyle: "long" }),
    // Grade names carry numbers ("رياض الأطفال 2"): in the page's digits too.
    grade: (g) => localDigits(grades[g] ?? g, lang),
    subject: (s) => subjects[s] ?? s,
    semester: (s) => semesters[s] ?? s,
    line: (arabic, english) => (lang === "en" && english ? english : (arabic ?? "")),
    sep: lang === "ar" ? "، " : " · ",
    cardCount: (n) => (TEXTS[lang].batch[`count_${pluralKey(lang, n)}`] as string).replace("{{n}}", num(n)),
  };
}
