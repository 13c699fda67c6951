/**
 * The Reports results charts (docs/product.md#reports), each a BarsChart (./bars-chart.tsx): one subject's marks in a term with the
 * pass mark, and the pass rate per grade against the term before. Loaded lazily with the first one drawn.
 */
import { formatNumber, formatPercent } from "~/lib/format";
import { BarsChart } from "./bars-chart";
import { ChartContainer, gradeLayout, gradePhoneHeight, PALETTE, type ChartConfig, usePage } from "./chart-kit";
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
  const { t, lang, rtl } = usePage();
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
      {({ wide, ...size }) => (
        <BarsChart
          {...size}
          rtl={rtl}
          rows={rows}
          config={config}
          series={["below", "above"]}
          stacked
          radius={3}
          slant={!wide}
          mark={{ index: passBin, text: t("reports.results.passMarkAt", { mark: passMark }) }}
          valueTick={(v) => (Number.isInteger(v) ? formatNumber(v, lang) : "")}
          format={(v) => formatNumber(v, lang)}
        />
      )}
    </ChartContainer>
  );
}

/** Pass rate per grade in the term chosen, beside the term before's. */
export function PassRateChart({ data, term }: { data: ResultsReportJson; term: "S1" | "S2" }) {
  const { t, lang, rtl } = usePage();
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
  const pct = (v: number) => formatPercent(v, lang);
  return (
    <ChartContainer
      config={config}
      label={t("reports.results.passTitle")}
      phoneHeight={gradePhoneHeight(rows.length)}
      legend={["previous_rate", "rate"]}
    >
      {({ wide, ...size }) => (
        <BarsChart
          {...size}
          rtl={rtl}
          rows={rows}
          config={config}
          series={["previous_rate", "rate"]}
          {...gradeLayout(rows.length, wide)}
          radius={2}
          maxBar={40}
          domain={[0, 100]}
          valueTick={pct}
          format={pct}
        />
      )}
    </ChartContainer>
  );
}
