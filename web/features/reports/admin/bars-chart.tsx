/**
 * The one chart the Reports page draws (docs/product.md#reports), in visx's SVG primitives: a bar per category,
 * stacked or side by side, optionally lines over them (collection) and a marked category (the pass mark), with the
 * categories along the bottom or, on a phone, down the side. Right to left in Arabic: the first category on the
 * right and the values' axis on the right. A pointer over a category shows its figures; a click can open its list.
 * Drawn once at the size its box measured, with no layout reads (./bars-layout.ts; docs/decisions/0048).
 */
import { useMemo, useState } from "react";
import { GridColumns, GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { Bar, LinePath } from "@visx/shape";
import { barsLayout, type BarsLayout, type ChartRow, num } from "./bars-layout";
import { ChartTooltipContent, type ChartConfig } from "./chart-kit";

export interface BarsChartProps {
  rows: readonly ChartRow[];
  config: ChartConfig;
  /** The bars' series, in stacking (bottom first) or side-by-side order. */
  series: readonly string[];
  stacked?: boolean;
  /** Lines drawn over the bars, one per series key. */
  lines?: readonly { key: string; dashed?: boolean; dots?: boolean }[];
  /** Categories down the side, bars growing across (a phone's grade charts). */
  side?: boolean;
  /** The values' axis; default from 0 to the largest bar or point, rounded up. */
  domain?: [number, number];
  valueTick: (v: number) => string;
  /** A series' value in the tooltip. */
  format: (v: number, key: string) => string;
  /** Every k-th category labelled at least (1: all); more are skipped when upright labels would overlap. */
  every?: number;
  /** Category labels slanted (many categories on a wide screen). */
  slant?: boolean;
  /** Widest bar, px. */
  maxBar?: number;
  /** Corner radius of the bars, px. */
  radius?: number;
  /** A category marked with a dashed line at its start and a label (the pass mark). */
  mark?: { index: number; text: string };
  /** Clicking a category (its bars or its band). */
  onPick?: (index: number) => void;
  rtl: boolean;
  width: number;
  height: number;
}

const LABEL = { fill: "currentColor", fontSize: 11 } as const;
/** Where a label sits past its axis, px (the tick itself is not drawn), before its 4 px nudge. */
const GAP = 8;

/**
 * The axes' labels: categories and values, each on the side the page's direction puts it. Plain SVG text at the
 * scale's positions: an axis library's text measures every label (a forced layout each), which the layout's
 * estimates make unnecessary.
 */
function Axes({ p, l }: { p: BarsChartProps; l: BarsLayout }) {
  const catLabel = (i: number) => p.rows[i]?.label ?? "";
  const startX = p.rtl ? l.plotW + GAP : -GAP;
  const startAnchor = p.rtl ? "start" : "end";
  if (p.side)
    return (
      <g>
        {l.ticks.map((i) => (
          <text key={`c${i}`} {...LABEL} x={startX} y={l.center(i)} dx={p.rtl ? 4 : -4} dy={4} textAnchor={startAnchor}>
            {catLabel(i)}
          </text>
        ))}
        {l.value.ticks(4).map((v) => (
          <text key={`v${v}`} {...LABEL} x={l.value(v)} y={l.plotH + GAP + 11} textAnchor="middle">
            {p.valueTick(v)}
          </text>
        ))}
      </g>
    );
  const y = l.plotH + GAP + 11;
  return (
    <g>
      {l.ticks.map((i) => {
        const x = l.center(i);
        return p.slant ? (
          <text
            key={`c${i}`}
            {...LABEL}
            x={x}
            y={y}
            dy={2}
            textAnchor={startAnchor}
            transform={`rotate(${p.rtl ? 35 : -35}, ${x}, ${y})`}
          >
            {catLabel(i)}
          </text>
        ) : (
          <text key={`c${i}`} {...LABEL} x={x} y={y} textAnchor="middle">
            {catLabel(i)}
          </text>
        );
      })}
      {l.value.ticks(5).map((v) => (
        <text key={`v${v}`} {...LABEL} x={startX} y={l.value(v)} dx={p.rtl ? 4 : -4} dy={4} textAnchor={startAnchor}>
          {p.valueTick(v)}
        </text>
      ))}
    </g>
  );
}

/** The lines over the bars, and the marked category's dashed line with its label. */
function Overlays({ p, l }: { p: BarsChartProps; l: BarsLayout }) {
  const markX = p.mark && l.start(p.mark.index) + (p.rtl ? l.band : 0);
  return (
    <g pointerEvents="none">
      {(p.lines ?? []).map((line) => (
        <g key={line.key} data-mark="line">
          <LinePath
            data={p.rows.map((r, i) => ({ i, v: num(r[line.key]) }))}
            x={(d) => l.center(d.i)}
            y={(d) => l.value(d.v ?? 0)}
            defined={(d) => d.v !== null}
            stroke={`var(--color-${line.key})`}
            strokeWidth={line.dashed ? 2 : 2.5}
            strokeDasharray={line.dashed ? "5 4" : undefined}
          />
          {line.dots &&
            p.rows.map((r, i) => {
              const v = num(r[line.key]);
              return v === null ? null : (
                <circle key={r.label} cx={l.center(i)} cy={l.value(v)} r={2.5} fill={`var(--color-${line.key})`} />
              );
            })}
        </g>
      ))}
      {p.mark && markX !== undefined && (
        <g className="text-foreground">
          <line x1={markX} x2={markX} y1={-4} y2={l.plotH} stroke="currentColor" strokeDasharray="4 3" />
          <text x={markX} y={-8} fontSize={11} textAnchor="middle" fill="currentColor">
            {p.mark.text}
          </text>
        </g>
      )}
    </g>
  );
}

/** The figures of category `i` beside its band. */
function Tip({ p, l, i }: { p: BarsChartProps; l: BarsLayout; i: number }) {
  const row = p.rows[i];
  if (!row) return null;
  const keys = [...p.series, ...(p.lines ?? []).map((x) => x.key)];
  const at = p.side
    ? { top: l.margin.top + l.start(i) + l.band, insetInlineStart: 24 }
    : { top: 4, left: Math.min(Math.max(0, l.margin.left + l.center(i) + 12), Math.max(0, p.width - 160)) };
  return (
    <div className="pointer-events-none absolute z-10" style={at}>
      <ChartTooltipContent
        label={row.label}
        config={p.config}
        format={p.format}
        values={keys.map((k) => ({ key: k, value: num(row[k]) }))}
      />
    </div>
  );
}

/** The chart (see the module doc). */
export function BarsChart(p: BarsChartProps) {
  const [hover, setHover] = useState<number | null>(null);
  // Laid out again only when the chart's props change, not on every category the pointer crosses.
  const l = useMemo(() => barsLayout({ ...p, lineKeys: p.lines?.map((x) => x.key), marked: !!p.mark }), [p]);
  const pick = p.onPick;
  const events = (i: number) => ({ onMouseEnter: () => setHover(i), onClick: pick && (() => pick(i)) });
  const pointer = pick ? "cursor-pointer" : "";
  return (
    <div className="absolute inset-0">
      <svg
        width={p.width}
        height={p.height}
        className="[direction:ltr]"
        aria-hidden
        data-surface
        onMouseLeave={() => setHover(null)}
      >
        <Group left={l.margin.left} top={l.margin.top}>
          {p.side ? (
            <GridColumns scale={l.value} height={l.plotH} numTicks={4} className="stroke-border" stroke="" />
          ) : (
            <GridRows scale={l.value} width={l.plotW} numTicks={5} className="stroke-border" stroke="" />
          )}
          {p.rows.map((r, i) => (
            <rect
              key={`band-${r.label}`}
              {...(p.side
                ? { x: 0, y: l.start(i), width: l.plotW, height: l.band }
                : { x: l.start(i), y: 0, width: l.band, height: l.plotH })}
              className={`${hover === i ? "fill-muted" : "fill-transparent"} ${pointer}`}
              {...events(i)}
            />
          ))}
          {l.bars.map((b) => (
            <Bar
              key={`${b.key}-${b.category}`}
              x={b.x}
              y={b.y}
              width={b.width}
              height={b.height}
              rx={p.radius && Math.min(p.radius, b.width / 2, b.height / 2)}
              fill={`var(--color-${b.key})`}
              data-mark="bar"
              className={pointer}
              {...events(b.category)}
            />
          ))}
          <Overlays p={p} l={l} />
          <Axes p={p} l={l} />
        </Group>
      </svg>
      {hover !== null && <Tip p={p} l={l} i={hover} />}
    </div>
  );
}
