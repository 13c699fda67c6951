/**
 * The Reports charts (docs/product.md#reports), each a BarsChart (./bars-chart.tsx). This module loads only when a
 * chart is shown: the page imports it lazily. Labels and numbers come formatted in the page's language;
 * in Arabic the categories and time run right to left and the values sit on the right.
 */
import { useNavigate } from "react-router";
import { OVERDUE_AGES, PAYMENT_SOURCES } from "@worker/lib/report-buckets";
import { MESSAGE_STATUSES } from "@db/schema/enums";
import { formatEgp, formatNumber, formatPercent, localDigits } from "~/lib/format";
import { BarsChart } from "./bars-chart";
import {
  ChartContainer,
  gradeLayout,
  gradePhoneHeight,
  usePage,
  PALETTE,
  type ChartConfig,
  timeEvery,
} from "./chart-kit";
import { compactNumber, dayLabel, monthLabel } from "./report-format";
import { overdueListPath } from "./report-tables";
import type { CollectionReportJson, MessagesReportJson, OverdueReportJson, SourcesReportJson } from "./reports-api";

/** Collection by month: cumulative this year against last year, in EGP or as a share of what is due. */
export function CollectionChart({ data, mode }: { data: CollectionReportJson; mode: "egp" | "percent" }) {
  const { t, lang, rtl } = usePage();
  const pct = mode === "percent";
  const config: ChartConfig = {
    thisYear: {
      label: t("reports.collection.thisYearNamed", { year: localDigits(data.year.name, lang) }),
      color: PALETTE.blue,
    },
    lastYear: {
      label: t("reports.collection.lastYearNamed", { year: localDigits(data.year.previous, lang) }),
      color: PALETTE.grey,
    },
    month: { label: t("reports.collection.thisYear"), color: PALETTE.sky },
  };
  const rows = data.months.map((m) => ({
    label: monthLabel(m.month, lang),
    thisYear: pct ? m.this_year_percent : m.this_year_cumulative,
    lastYear: pct ? m.last_year_percent : m.last_year_cumulative,
    month: pct ? null : m.this_year,
  }));
  const fmt = (v: number) => (pct ? formatPercent(v, lang) : formatEgp(v, lang));
  const keys = pct ? ["thisYear", "lastYear"] : ["month", "thisYear", "lastYear"];
  return (
    <ChartContainer config={config} label={t("reports.collection.title")} legend={keys}>
      {({ wide: _, ...size }) => (
        <BarsChart
          {...size}
          rtl={rtl}
          rows={rows}
          config={config}
          series={pct ? [] : ["month"]}
          lines={[
            { key: "lastYear", dashed: true },
            { key: "thisYear", dots: true },
          ]}
          domain={pct ? [0, 100] : undefined}
          valueTick={(v) => (pct ? formatPercent(v, lang) : compactNumber(v, lang))}
          format={fmt}
          radius={3}
        />
      )}
    </ChartContainer>
  );
}

const AGE_COLORS = [PALETTE.grey, PALETTE.amber, PALETTE.orange, PALETTE.red, PALETTE.violet];

/** Overdue by grade, stacked by age; a bar opens the overdue list of its grade. */
export function OverdueChart({ data }: { data: OverdueReportJson }) {
  const { t, lang, rtl } = usePage();
  const navigate = useNavigate();
  const config: ChartConfig = Object.fromEntries(
    OVERDUE_AGES.map((a, i) => [a, { label: t(`reports.overdue.age.${a}`), color: AGE_COLORS[i]! }]),
  );
  const rows = data.grades.map((g) => ({
    grade: g.grade,
    label: t(`admin.grades.${g.grade}`, { defaultValue: g.grade }),
    ...g.amounts,
  }));
  const open = (i: number) => {
    const grade = rows[i]?.grade;
    if (grade) void navigate(overdueListPath(data.year.name, grade), { state: { grade } });
  };
  return (
    <ChartContainer
      config={config}
      label={t("reports.overdue.title")}
      phoneHeight={gradePhoneHeight(rows.length)}
      legend={OVERDUE_AGES}
    >
      {({ wide, ...size }) => (
        <BarsChart
          {...size}
          rtl={rtl}
          rows={rows}
          config={config}
          series={OVERDUE_AGES}
          stacked
          {...gradeLayout(rows.length, wide)}
          maxBar={56}
          valueTick={(v) => compactNumber(v, lang)}
          format={(v) => formatEgp(v, lang)}
          onPick={open}
        />
      )}
    </ChartContainer>
  );
}

const SOURCE_COLORS = [PALETTE.slate, PALETTE.blue, PALETTE.green, PALETTE.amber, PALETTE.grey];

/** Receipts per week, stacked by source. */
export function SourcesChart({ data }: { data: SourcesReportJson }) {
  const { t, lang, rtl } = usePage();
  const config: ChartConfig = Object.fromEntries(
    PAYMENT_SOURCES.map((s, i) => [s, { label: t(`reports.sources.${s}`), color: SOURCE_COLORS[i]! }]),
  );
  const used = PAYMENT_SOURCES.filter((s) => s === "desk" || data.totals[s] > 0);
  const rows = data.weeks.map((w) => ({ label: dayLabel(w.week, lang), ...w.amounts }));
  return (
    <ChartContainer config={config} label={t("reports.sources.title")} legend={used}>
      {({ wide, ...size }) => (
        <BarsChart
          {...size}
          rtl={rtl}
          rows={rows}
          config={config}
          series={used}
          stacked
          maxBar={24}
          every={timeEvery(rows.length, wide)}
          valueTick={(v) => compactNumber(v, lang)}
          format={(v) => formatEgp(v, lang)}
        />
      )}
    </ChartContainer>
  );
}

const STATUS_COLORS = [PALETTE.grey, PALETTE.sky, PALETTE.blue, PALETTE.green, PALETTE.red];

/** More days than this are drawn a week a bar (weeks from the year's first day); the table keeps every day. */
export const MESSAGE_DAYS_DRAWN = 62;

/**
 * Messages per day, stacked by where each stands now; one channel or both. A year with messages on more than
 * MESSAGE_DAYS_DRAWN days is drawn per week: a bar a day would be a pixel wide and thousands of shapes to draw.
 */
export function MessagesChart({ data, channel }: { data: MessagesReportJson; channel: string }) {
  const { t, lang, rtl } = usePage();
  const config: ChartConfig = Object.fromEntries(
    MESSAGE_STATUSES.map((s, i) => [s, { label: t(`reports.messages.${s}`), color: STATUS_COLORS[i]! }]),
  );
  const days = data.days.filter((d) => channel === "all" || d.channel === channel);
  const weekly = new Set(days.map((d) => d.day)).size > MESSAGE_DAYS_DRAWN;
  const start = Date.parse(`${data.year.start_date}T00:00:00Z`);
  const weekOf = (day: string) => {
    const n = Math.max(0, Math.floor((Date.parse(`${day}T00:00:00Z`) - start) / (7 * 86_400_000)));
    return new Date(start + n * 7 * 86_400_000).toISOString().slice(0, 10);
  };
  const byDay = new Map<string, Record<string, number>>();
  for (const d of days) {
    const key = weekly ? weekOf(d.day) : d.day;
    const row = byDay.get(key) ?? Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0]));
    for (const s of MESSAGE_STATUSES) row[s] = (row[s] ?? 0) + d.counts[s];
    byDay.set(key, row);
  }
  // A week's bar is labelled by its first day (the card's description says when bars are weeks).
  const rows = [...byDay.entries()].map(([day, counts]) => ({ label: dayLabel(day, lang), ...counts }));
  return (
    <ChartContainer config={config} label={t("reports.messages.title")} legend={MESSAGE_STATUSES}>
      {({ wide, ...size }) => (
        <BarsChart
          {...size}
          rtl={rtl}
          rows={rows}
          config={config}
          series={MESSAGE_STATUSES}
          stacked
          maxBar={24}
          every={timeEvery(rows.length, wide)}
          valueTick={(v) => (Number.isInteger(v) ? formatNumber(v, lang) : "")}
          format={(v) => formatNumber(v, lang)}
        />
      )}
    </ChartContainer>
  );
}
