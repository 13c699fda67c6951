/**
 * The Reports charts drawn with Recharts (docs/product.md#reports). This module (and Recharts with it) loads only
 * when a chart is shown: the page imports it lazily. Labels and numbers come formatted in the page's language;
 * in Arabic the categories and time run right to left and the values sit on the right.
 */
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { OVERDUE_AGES } from "@worker/lib/report-buckets";
import { MESSAGE_STATUSES } from "@worker/contracts/messages";
import { PAYMENT_SOURCES } from "@worker/contracts/reports";
import { formatEgp, formatNumber, formatPercent } from "~/lib/format";
import {
  axesFor,
  ChartContainer,
  ChartLegendContent,
  ChartTooltipContent,
  PALETTE,
  type ChartConfig,
  useWide,
} from "./chart-kit";
import { binLabel, compactNumber, dayLabel, monthLabel } from "./report-format";
import { overdueListPath } from "./report-tables";
import type {
  CollectionReportJson,
  MessagesReportJson,
  OverdueReportJson,
  ResultsReportJson,
  SourcesReportJson,
} from "./reports-api";

function usePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rtl = lang.startsWith("ar");
  return { t, lang, rtl, axes: axesFor(rtl) };
}

/**
 * A chart of one bar per grade: upright on a wide screen (labels slanted past six grades); on a phone laid on its
 * side, a row per grade, as tall as the grades need.
 */
function gradeLayout(n: number, wide: boolean, rtl: boolean) {
  const side = !wide && n > 3;
  const slant = n > 6;
  return {
    side,
    layout: side ? ("vertical" as const) : ("horizontal" as const),
    height: side ? Math.max(220, n * 38 + 70) : undefined,
    ticks: {
      interval: 0,
      angle: slant ? (rtl ? 35 : -35) : 0,
      height: slant ? 64 : 30,
      textAnchor: slant ? (rtl ? ("start" as const) : ("end" as const)) : ("middle" as const),
    },
  };
}

const legend = (config: ChartConfig, keys: readonly string[]) => (
  <Legend content={() => <ChartLegendContent config={config} keys={keys} />} />
);

/** Collection by month: cumulative this year against last year, in EGP or as a share of what is due. */
export function CollectionChart({ data, mode }: { data: CollectionReportJson; mode: "egp" | "percent" }) {
  const { t, lang, axes } = usePage();
  const pct = mode === "percent";
  const config: ChartConfig = {
    thisYear: { label: t("reports.collection.thisYearNamed", { year: data.year.name }), color: PALETTE.blue },
    lastYear: { label: t("reports.collection.lastYearNamed", { year: data.year.previous }), color: PALETTE.grey },
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
    <ChartContainer config={config} label={t("reports.collection.title")}>
      <ComposedChart data={rows} margin={{ top: 8, left: 4, right: 4 }}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="label" {...axes.x} />
        <YAxis
          {...axes.y}
          tickFormatter={(v: number) => (pct ? formatPercent(v, lang) : compactNumber(v, lang))}
          domain={pct ? [0, 100] : [0, "auto"]}
        />
        <Tooltip content={<ChartTooltipContent config={config} format={fmt} />} />
        {!pct && <Bar dataKey="month" fill="var(--color-month)" radius={[3, 3, 0, 0]} isAnimationActive={false} />}
        <Line
          dataKey="lastYear"
          stroke="var(--color-lastYear)"
          strokeWidth={2}
          strokeDasharray="5 4"
          dot={false}
          isAnimationActive={false}
        />
        <Line
          dataKey="thisYear"
          stroke="var(--color-thisYear)"
          strokeWidth={2.5}
          dot={{ r: 2.5 }}
          connectNulls={false}
          isAnimationActive={false}
        />
        {legend(config, keys)}
      </ComposedChart>
    </ChartContainer>
  );
}

const AGE_COLORS = [PALETTE.grey, PALETTE.amber, PALETTE.orange, PALETTE.red, PALETTE.violet];

/** Overdue by grade, stacked by age; a bar opens the overdue list of its grade. */
export function OverdueChart({ data }: { data: OverdueReportJson }) {
  const { t, lang, rtl, axes } = usePage();
  const wide = useWide();
  const navigate = useNavigate();
  const config: ChartConfig = Object.fromEntries(
    OVERDUE_AGES.map((a, i) => [a, { label: t(`reports.overdue.age.${a}`), color: AGE_COLORS[i]! }]),
  );
  const rows = data.grades.map((g) => ({
    grade: g.grade,
    label: t(`admin.grades.${g.grade}`, { defaultValue: g.grade }),
    ...g.amounts,
  }));
  const open = (row: unknown) => {
    const grade = (row as { grade?: string } | undefined)?.grade;
    if (grade) void navigate(overdueListPath(data.year.name, grade), { state: { grade } });
  };
  const g = gradeLayout(rows.length, wide, rtl);
  return (
    <ChartContainer config={config} label={t("reports.overdue.title")} height={g.height}>
      <BarChart data={rows} layout={g.layout} margin={{ top: 8, left: 4, right: 4 }}>
        <CartesianGrid vertical={g.side} horizontal={!g.side} />
        {g.side ? (
          <>
            <XAxis type="number" {...axes.x} tickFormatter={(v: number) => compactNumber(v, lang)} />
            <YAxis type="category" dataKey="label" {...axes.y} width={112} interval={0} fontSize={11} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" {...axes.x} {...g.ticks} />
            <YAxis {...axes.y} tickFormatter={(v: number) => compactNumber(v, lang)} />
          </>
        )}
        <Tooltip content={<ChartTooltipContent config={config} format={(v) => formatEgp(v, lang)} />} />
        {OVERDUE_AGES.map((a) => (
          <Bar
            key={a}
            dataKey={a}
            stackId="age"
            maxBarSize={56}
            fill={`var(--color-${a})`}
            cursor="pointer"
            onClick={(d) => open(d?.payload)}
            isAnimationActive={false}
          />
        ))}
        {legend(config, OVERDUE_AGES)}
      </BarChart>
    </ChartContainer>
  );
}

const SOURCE_COLORS = [PALETTE.slate, PALETTE.blue, PALETTE.green, PALETTE.amber, PALETTE.grey];

/** Receipts per week, stacked by source. */
export function SourcesChart({ data }: { data: SourcesReportJson }) {
  const { t, lang, axes } = usePage();
  const config: ChartConfig = Object.fromEntries(
    PAYMENT_SOURCES.map((s, i) => [s, { label: t(`reports.sources.${s}`), color: SOURCE_COLORS[i]! }]),
  );
  const used = PAYMENT_SOURCES.filter((s) => s === "desk" || data.totals[s] > 0);
  const rows = data.weeks.map((w) => ({ label: dayLabel(w.week, lang), ...w.amounts }));
  return (
    <ChartContainer config={config} label={t("reports.sources.title")}>
      <BarChart data={rows} margin={{ top: 8, left: 4, right: 4 }}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="label" {...axes.x} />
        <YAxis {...axes.y} tickFormatter={(v: number) => compactNumber(v, lang)} />
        <Tooltip content={<ChartTooltipContent config={config} format={(v) => formatEgp(v, lang)} />} />
        {used.map((s) => (
          <Bar key={s} dataKey={s} stackId="src" maxBarSize={24} fill={`var(--color-${s})`} isAnimationActive={false} />
        ))}
        {legend(config, used)}
      </BarChart>
    </ChartContainer>
  );
}

/** One subject's marks in a term: a bar per 10 % of the max, the pass mark as a line. */
export function MarksChart({
  subject,
  passMark,
}: {
  subject: ResultsReportJson["subjects"][number];
  passMark: number;
}) {
  const { t, lang, rtl, axes } = usePage();
  const config: ChartConfig = {
    below: { label: t("reports.results.belowPass"), color: PALETTE.red },
    above: { label: t("reports.results.atOrAbovePass"), color: PALETTE.blue },
  };
  const passBin = Math.min(9, Math.floor(passMark / 10));
  const rows = subject.bins.map((n, i) => ({
    label: binLabel(i, lang),
    below: i < passBin ? n : null,
    above: i >= passBin ? n : null,
  }));
  return (
    <ChartContainer config={config} label={t("reports.results.marksTitle")}>
      <BarChart data={rows} margin={{ top: 16, left: 4, right: 4 }}>
        <CartesianGrid vertical={false} />
        <XAxis
          dataKey="label"
          {...axes.x}
          interval={0}
          angle={rtl ? 35 : -35}
          height={48}
          textAnchor={rtl ? "start" : "end"}
          fontSize={10}
        />
        <YAxis {...axes.y} allowDecimals={false} tickFormatter={(v: number) => formatNumber(v, lang)} />
        <Tooltip content={<ChartTooltipContent config={config} format={(v) => formatNumber(v, lang)} />} />
        <Bar dataKey="below" stackId="m" fill="var(--color-below)" isAnimationActive={false} />
        <Bar dataKey="above" stackId="m" fill="var(--color-above)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <ReferenceLine
          x={binLabel(passBin, lang)}
          stroke={PALETTE.slate}
          strokeDasharray="4 3"
          label={{ value: t("reports.results.passMarkAt", { mark: passMark }), position: "top", fontSize: 11 }}
        />
        {legend(config, ["below", "above"])}
      </BarChart>
    </ChartContainer>
  );
}

/** Pass rate per grade in the term chosen, beside the term before's. */
export function PassRateChart({ data, term }: { data: ResultsReportJson; term: "S1" | "S2" }) {
  const { t, lang, rtl, axes } = usePage();
  const wide = useWide();
  const config: ChartConfig = {
    rate: { label: t(`reports.results.term.${term}`), color: PALETTE.blue },
    previous_rate: { label: t("reports.results.previousTerm"), color: PALETTE.grey },
  };
  const rows = data.grades
    .filter((g) => g.semester === term)
    .map((g) => ({
      label: t(`admin.grades.${g.grade}`, { defaultValue: g.grade }),
      rate: g.rate,
      previous_rate: g.previous_rate,
    }));
  const g = gradeLayout(rows.length, wide, rtl);
  const pct = (v: number) => formatPercent(v, lang);
  return (
    <ChartContainer config={config} label={t("reports.results.passTitle")} height={g.height}>
      <BarChart data={rows} layout={g.layout} margin={{ top: 8, left: 4, right: 4 }}>
        <CartesianGrid vertical={g.side} horizontal={!g.side} />
        {g.side ? (
          <>
            <XAxis type="number" {...axes.x} domain={[0, 100]} tickFormatter={pct} />
            <YAxis type="category" dataKey="label" {...axes.y} width={112} interval={0} fontSize={11} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" {...axes.x} {...g.ticks} />
            <YAxis {...axes.y} domain={[0, 100]} tickFormatter={pct} />
          </>
        )}
        <Tooltip content={<ChartTooltipContent config={config} format={pct} />} />
        <Bar
          dataKey="previous_rate"
          fill="var(--color-previous_rate)"
          radius={2}
          maxBarSize={40}
          isAnimationActive={false}
        />
        <Bar dataKey="rate" fill="var(--color-rate)" radius={2} maxBarSize={40} isAnimationActive={false} />
        {legend(config, ["previous_rate", "rate"])}
      </BarChart>
    </ChartContainer>
  );
}

const STATUS_COLORS = [PALETTE.grey, PALETTE.sky, PALETTE.blue, PALETTE.green, PALETTE.red];

/** Messages per day, stacked by where each stands now; one channel or both. */
export function MessagesChart({ data, channel }: { data: MessagesReportJson; channel: string }) {
  const { t, lang, axes } = usePage();
  const config: ChartConfig = Object.fromEntries(
    MESSAGE_STATUSES.map((s, i) => [s, { label: t(`reports.messages.${s}`), color: STATUS_COLORS[i]! }]),
  );
  const byDay = new Map<string, Record<string, number>>();
  for (const d of data.days) {
    if (channel !== "all" && d.channel !== channel) continue;
    const row = byDay.get(d.day) ?? Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0]));
    for (const s of MESSAGE_STATUSES) row[s] = (row[s] ?? 0) + d.counts[s];
    byDay.set(d.day, row);
  }
  const rows = [...byDay.entries()].map(([day, counts]) => ({ label: dayLabel(day, lang), ...counts }));
  return (
    <ChartContainer config={config} label={t("reports.messages.title")}>
      <BarChart data={rows} margin={{ top: 8, left: 4, right: 4 }}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="label" {...axes.x} />
        <YAxis {...axes.y} allowDecimals={false} tickFormatter={(v: number) => formatNumber(v, lang)} />
        <Tooltip content={<ChartTooltipContent config={config} format={(v) => formatNumber(v, lang)} />} />
        {MESSAGE_STATUSES.map((s) => (
          <Bar key={s} dataKey={s} stackId="st" maxBarSize={24} fill={`var(--color-${s})`} isAnimationActive={false} />
        ))}
        {legend(config, MESSAGE_STATUSES)}
      </BarChart>
    </ChartContainer>
  );
}
