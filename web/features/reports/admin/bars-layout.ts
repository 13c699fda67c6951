/**
 * Where a BarsChart (./bars-chart.tsx) puts things, from its figures and its box alone (docs/product.md#reports):
 * margins for the axes, the category and value scales, which category labels are shown, and each bar's rectangle.
 * Pure: no layout reads (label widths are estimated), so a chart is drawn in one pass; property-tested over counts,
 * widths and values (test/unit/bars-layout.test.ts).
 */
import { scaleBand, scaleLinear } from "@visx/scale";

/** A category: its label and each series' value (null: nothing drawn, e.g. a month still to come). */
export type ChartRow = { label: string } & Record<string, string | number | null>;

/** What the layout depends on (a subset of BarsChart's props). */
export interface LayoutInput {
  rows: readonly ChartRow[];
  series: readonly string[];
  stacked?: boolean;
  lineKeys?: readonly string[];
  side?: boolean;
  domain?: [number, number];
  every?: number;
  slant?: boolean;
  maxBar?: number;
  marked?: boolean;
  rtl: boolean;
  width: number;
  height: number;
}

/** A bar's rectangle in plot coordinates (px). */
export interface BarBox {
  key: string;
  category: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A finite number, else null. */
export const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Estimated width of a label at 11 px, px: a measurement would be a forced layout per label. */
const PX_PER_CHAR = 6.2;

/** The largest value drawn: a stack's total, or any bar's or line point's (1 when all are 0). */
function largest(rows: readonly ChartRow[], series: readonly string[], stacked: boolean, lines: readonly string[]) {
  let max = 0;
  for (const r of rows) {
    const bars = series.map((k) => Math.max(0, num(r[k]) ?? 0));
    max = Math.max(max, stacked ? bars.reduce((a, b) => a + b, 0) : Math.max(0, ...bars));
    for (const k of lines) max = Math.max(max, num(r[k]) ?? 0);
  }
  return max || 1;
}

/** The chart's layout (see the module doc). */
export function barsLayout(p: LayoutInput) {
  const { rows, series, rtl, side = false, stacked = false, lineKeys = [] } = p;
  const longest = Math.max(1, ...rows.map((r) => r.label.length)) * PX_PER_CHAR;
  // Side labels get their estimated width (a long Arabic grade name was clipped at a fixed 112 px), at most 45%.
  const catSpace = side
    ? Math.min(Math.round(p.width * 0.45), Math.max(48, Math.round(longest + 20)))
    : p.slant
      ? Math.min(120, Math.round(longest * 0.57 + 18))
      : 28;
  const valueSpace = side ? 24 : 56;
  const margin = side
    ? { top: 8, bottom: valueSpace, left: rtl ? 8 : catSpace, right: rtl ? catSpace : 8 }
    : { top: p.marked ? 20 : 8, bottom: catSpace, left: rtl ? 4 : valueSpace, right: rtl ? valueSpace : 4 };
  const plotW = Math.max(10, p.width - margin.left - margin.right);
  const plotH = Math.max(10, p.height - margin.top - margin.bottom);
  const along = side ? plotH : plotW;
  const cat = scaleBand<number>({
    domain: rows.map((_, i) => i),
    range: side || !rtl ? [0, along] : [along, 0],
    paddingInner: 0.25,
    paddingOuter: 0.15,
  });
  const domain = p.domain ?? [0, largest(rows, series, stacked, lineKeys)];
  const value = scaleLinear<number>({
    domain,
    range: side ? (rtl ? [plotW, 0] : [0, plotW]) : [plotH, 0],
    nice: !p.domain,
    clamp: true,
  });
  const band = cat.bandwidth();
  const slot = stacked ? 1 : Math.max(1, series.length);
  const barW = Math.min(p.maxBar ?? Number.POSITIVE_INFINITY, band / slot);
  // Upright labels never overlap: every k-th, k at least what the longest label needs.
  const fits = side || p.slant || !rows.length ? 1 : Math.ceil((longest + 8) / cat.step());
  const every = Math.max(1, p.every ?? 1, fits);
  const start = (i: number) => cat(i) ?? 0;
  const rect = (key: string, i: number, s: number, a: number, b: number): BarBox => {
    const at = start(i) + (band - barW * slot) / 2 + s * barW;
    const [v0, v1] = [value(a), value(b)];
    return side
      ? { key, category: i, x: Math.min(v0, v1), y: at, width: Math.abs(v1 - v0), height: barW }
      : { key, category: i, x: at, y: Math.min(v0, v1), width: barW, height: Math.abs(v1 - v0) };
  };
  const bars: BarBox[] = [];
  rows.forEach((r, i) => {
    let base = 0;
    series.forEach((k, s) => {
      const v = Math.max(0, num(r[k]) ?? 0);
      if (v === 0) return;
      bars.push(stacked ? rect(k, i, 0, base, base + v) : rect(k, i, s, 0, v));
      base += v;
    });
  });
  return {
    margin,
    plotW,
    plotH,
    cat,
    value,
    band,
    bars,
    /** Indexes of the categories whose label is shown. */
    ticks: rows.map((_, i) => i).filter((i) => i % every === 0),
    start,
    center: (i: number) => start(i) + band / 2,
  };
}

export type BarsLayout = ReturnType<typeof barsLayout>;
