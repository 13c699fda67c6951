/**
 * The table view of each Reports chart (docs/product.md#reports): the same figures as the chart, as rows of cells
 * (the text shown in the page's language and digits; the plain number a copy gives a spreadsheet; a link where the
 * row opens a list). No chart library here: the tables render (and print) without it.
 */
import type { TFunction } from "i18next";
import { OVERDUE_AGES, PAYMENT_SOURCES } from "@worker/lib/report-buckets";
import { MESSAGE_STATUSES } from "@db/schema/enums";
import { formatEgp, formatNumber, formatPercent, localDigits } from "~/lib/format";
import { binLabel, dayLabel, monthLabel } from "./report-format";
import type {
  CollectionReportJson,
  MessagesReportJson,
  OverdueReportJson,
  ResultsReportJson,
  SourcesReportJson,
} from "./reports-api";

export interface TableCell {
  text: string;
  raw: string | number;
  href?: string;
}
export interface TableModel {
  header: string[];
  rows: TableCell[][];
}

const txt = (s: string): TableCell => ({ text: s, raw: s });
const egp = (v: number, lang: string): TableCell => ({ text: formatEgp(v, lang), raw: v });
const num = (v: number, lang: string): TableCell => ({ text: formatNumber(v, lang), raw: v });
const pct = (v: number | null, lang: string): TableCell =>
  v === null ? { text: "—", raw: "" } : { text: formatPercent(v, lang), raw: v };

/** The Fees page's overdue list of `year`, narrowed to `grade`. */
export const overdueListPath = (year: string, grade?: string) =>
  `/admin/dashboard/fees?status=overdue&academic_year=${encodeURIComponent(year)}${
    grade ? `&grade=${encodeURIComponent(grade)}` : ""
  }`;

/** Collection: a row per month (this year's month and amounts, last year's). */
export function collectionTable(d: CollectionReportJson, t: TFunction, lang: string): TableModel {
  return {
    header: [
      t("reports.month"),
      t("reports.collection.thisYear"),
      t("reports.collection.thisYearCumulative"),
      t("reports.collection.thisYearPercent"),
      t("reports.collection.lastYear"),
      t("reports.collection.lastYearCumulative"),
      t("reports.collection.lastYearPercent"),
    ],
    rows: d.months.map((m) => [
      txt(monthLabel(m.month, lang, true)),
      egp(m.this_year, lang),
      m.this_year_cumulative === null ? { text: "—", raw: "" } : egp(m.this_year_cumulative, lang),
      pct(m.this_year_percent, lang),
      egp(m.last_year, lang),
      egp(m.last_year_cumulative, lang),
      pct(m.last_year_percent, lang),
    ]),
  };
}

/** Overdue: a row per grade (each age, the overdue total and its students), linking to the overdue list. */
export function overdueTable(d: OverdueReportJson, t: TFunction, lang: string): TableModel {
  return {
    header: [
      t("reports.grade"),
      ...OVERDUE_AGES.map((a) => t(`reports.overdue.age.${a}`)),
      t("reports.overdue.total"),
      t("reports.overdue.students"),
    ],
    rows: d.grades.map((g) => [
      { ...txt(t(`admin.grades.${g.grade}`, { defaultValue: g.grade })), href: overdueListPath(d.year.name, g.grade) },
      ...OVERDUE_AGES.map((a) => egp(g.amounts[a], lang)),
      egp(g.overdue_total, lang),
      num(g.overdue_students, lang),
    ]),
  };
}

/** Sources: a row per week with receipts (each source, and how many receipts). */
export function sourcesTable(d: SourcesReportJson, t: TFunction, lang: string): TableModel {
  return {
    header: [t("reports.week"), ...PAYMENT_SOURCES.map((s) => t(`reports.sources.${s}`)), t("reports.sources.count")],
    rows: d.weeks
      .filter((w) => w.count > 0)
      .map((w) => [
        txt(dayLabel(w.week, lang)),
        ...PAYMENT_SOURCES.map((s) => egp(w.amounts[s], lang)),
        num(w.count, lang),
      ]),
  };
}

/** Marks: a row per bin of the subject and term chosen, then the absent marks apart. */
export function marksTable(
  s: ResultsReportJson["subjects"][number] | undefined,
  t: TFunction,
  lang: string,
): TableModel {
  const header = [t("reports.results.range"), t("reports.results.marks")];
  if (!s) return { header, rows: [] };
  return {
    header,
    rows: [
      ...s.bins.map((n, i) => [txt(binLabel(i, lang)), num(n, lang)]),
      [txt(t("reports.results.absent")), num(s.absent, lang)],
    ],
  };
}

/** Pass rates: a row per grade of the term chosen (students, passed, rate, the term before, the change). */
export function passTable(d: ResultsReportJson, term: "S1" | "S2", t: TFunction, lang: string): TableModel {
  return {
    header: [
      t("reports.grade"),
      t("reports.results.students"),
      t("reports.results.passed"),
      t("reports.results.rate"),
      t("reports.results.previousRate"),
      t("reports.results.change"),
      t("reports.results.absentMarks"),
    ],
    rows: d.grades
      .filter((g) => g.semester === term)
      .map((g) => [
        txt(t(`admin.grades.${g.grade}`, { defaultValue: g.grade })),
        num(g.students, lang),
        num(g.passed, lang),
        pct(g.rate, lang),
        pct(g.previous_rate, lang),
        g.change === null
          ? { text: "—", raw: "" }
          : {
              text: `${g.change > 0 ? "+" : ""}${formatNumber(g.change, lang, { maximumFractionDigits: 2 })}`,
              raw: g.change,
            },
        num(g.absent_marks, lang),
      ]),
  };
}

/** Messages: a row per day and channel with messages (each status). */
export function messagesTable(d: MessagesReportJson, channel: string, t: TFunction, lang: string): TableModel {
  return {
    header: [
      t("reports.day"),
      t("reports.messages.channel"),
      ...MESSAGE_STATUSES.map((s) => t(`reports.messages.${s}`)),
    ],
    rows: d.days
      .filter((x) => channel === "all" || x.channel === channel)
      .map((x) => [
        txt(localDigits(dayLabel(x.day, lang), lang)),
        txt(t(`reports.messages.channels.${x.channel}`)),
        ...MESSAGE_STATUSES.map((s) => num(x.counts[s], lang)),
      ]),
  };
}
