/**
 * The data table's own texts in English and Arabic, chosen by the current i18next language. Kept beside the
 * component so every page that uses the table gets them without adding keys to its namespace. Numbers are
 * formatted with Intl for the language (Arabic-Indic digits in Arabic).
 */
import { useTranslation } from "react-i18next";
import { formatNumber } from "~/lib/format";

/** Every text the table and its pagination show or announce. */
export interface DataTableLabels {
  previous: string;
  next: string;
  rowsPerPage: string;
  pagination: string;
  morePages: string;
  noRows: string;
  loading: string;
  /** "Showing 1–15 of 240". */
  showing: (from: number, to: number, total: number) => string;
  /** Accessible name of a page button. */
  page: (page: number) => string;
  /** Compact position on phones: "Page 2 of 16". */
  pageOf: (page: number, count: number) => string;
  /** Accessible name of a column's resize handle. */
  resize: (column: string) => string;
  /** Hint on a sortable header button. */
  sortHint: string;
}

const en = (lang: string): DataTableLabels => {
  const n = (v: number) => formatNumber(v, lang);
  return {
    previous: "Previous",
    next: "Next",
    rowsPerPage: "Rows per page",
    pagination: "Pagination",
    morePages: "More pages",
    noRows: "No rows to show",
    loading: "Loading…",
    showing: (from, to, total) => `Showing ${n(from)}–${n(to)} of ${n(total)}`,
    page: (page) => `Page ${n(page)}`,
    pageOf: (page, count) => `Page ${n(page)} of ${n(count)}`,
    resize: (column) => `Resize column ${column}`,
    sortHint: "Sort",
  };
};

const ar = (lang: string): DataTableLabels => {
  const n = (v: number) => formatNumber(v, lang);
  return {
    previous: "السابق",
    next: "التالي",
    rowsPerPage: "عدد الصفوف في الصفحة",
    pagination: "التنقل بين الصفحات",
    morePages: "صفحات أخرى",
    noRows: "لا توجد بيانات للعرض",
    loading: "جارٍ التحميل…",
    showing: (from, to, total) => `عرض ${n(from)}–${n(to)} من ${n(total)}`,
    page: (page) => `الصفحة ${n(page)}`,
    pageOf: (page, count) => `الصفحة ${n(page)} من ${n(count)}`,
    resize: (column) => `تغيير عرض العمود ${column}`,
    sortHint: "ترتيب",
  };
};

/** The labels for a UI language ("ar…" → Arabic, anything else → English). */
export function dataTableLabels(lang: string): DataTableLabels {
  return lang.startsWith("ar") ? ar(lang) : en(lang);
}

/** The labels for the current i18next language. */
export function useDataTableLabels(): DataTableLabels {
  const { i18n } = useTranslation();
  return dataTableLabels(i18n.language ?? "en");
}
