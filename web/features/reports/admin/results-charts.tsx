/**
 * The Reports results charts drawn with Recharts (docs/product.md#reports): one subject's marks in a term with the
 * pass mark, and the pass rate per grade against the term before. Loaded lazily with the first one drawn.
 */
import { Bar, BarChart, CartesianGrid, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber, formatPercent } from "~/lib/format";
import {
  ChartContainer,
  ChartTooltipContent,
  gradeLayout,
  PALETTE,
  type ChartConfig,
  usePage,
  useWide,
} from "./chart-kit";
import { binLabel } from "./report-format";
import type { ResultsReportJson } from "./reports-api";

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
    <ChartContainer config={config} label={t("reports.results.marksTitle")} legend={["below", "above"]}>
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
    <ChartContainer
      config={config}
      label={t("reports.results.passTitle")}
      height={g.height}
      legend={["previous_rate", "rate"]}
    >
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
      </BarChart>
    </ChartContainer>
  );
}
