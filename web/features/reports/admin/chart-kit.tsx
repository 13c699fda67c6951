/**
 * Chart parts in the shadcn style (docs/product.md#reports): a container that names each series' colour as a CSS
 * variable (`--color-<key>`) and measures its box for the chart, a tooltip and a legend drawn as HTML (so they follow
 * the page's direction and font), and the layouts of a right-to-left page. Loaded only with the charts.
 */
import type * as React from "react";
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";

/** Each series: its label (already translated) and colour. */
export type ChartConfig = Record<string, { label: string; color: string }>;

/** A chart's box in px, as measured, and whether the window is at least the `sm` breakpoint (640 px) wide. */
export interface ChartSize {
  width: number;
  height: number;
  wide: boolean;
}

/** The window is at least 640 px wide (Tailwind's `sm`, which the boxes' heights follow). Browser only. */
const isWide = () => window.matchMedia("(min-width: 640px)").matches;

/**
 * The box a chart draws in: its series' colours as CSS variables; `label` names the chart for assistive tools; the
 * legend (`legend`: the series' keys) below it as HTML. The chart is drawn at the box's size, measured before the
 * first paint and again when the box is resized; never drawn at a guessed size first (docs/decisions/0048). The box
 * itself depends on nothing measured (a phone's height comes from CSS), so the first drawing is the last.
 */
export function ChartContainer({
  config,
  className,
  children,
  label,
  phoneHeight,
  legend,
}: {
  config: ChartConfig;
  className?: string;
  children: (size: ChartSize) => React.ReactNode;
  label: string;
  /** The box's height in px below 640 px (a chart of one bar per grade laid on its side); default the card's. */
  phoneHeight?: number;
  /** The series shown in the legend, in order. */
  legend?: readonly string[];
}) {
  const vars = Object.fromEntries(Object.entries(config).map(([k, v]) => [`--color-${k}`, v.color]));
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<ChartSize | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      const next = { width: Math.round(r.width), height: Math.round(r.height), wide: isWide() };
      setSize((was) =>
        was && was.width === next.width && was.height === next.height && was.wide === next.wide ? was : next,
      );
    };
    measure();
    const seen = new ResizeObserver(() => measure());
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  const phone = phoneHeight === undefined ? {} : { "--chart-phone-h": `${phoneHeight}px` };
  return (
    <div className="grid min-w-0 gap-2">
      <div
        ref={box}
        role="img"
        aria-label={label}
        data-slot="chart"
        className={cn(
          "h-60 sm:h-64 print:h-52",
          phoneHeight !== undefined && "max-sm:h-(--chart-phone-h)",
          // Never sized by the drawing: the box follows the card, and the chart is drawn again at the box's size.
          "relative w-full min-w-0 overflow-hidden text-xs text-muted-foreground",
          className,
        )}
        style={{ ...vars, ...phone } as React.CSSProperties}
      >
        {size && size.width > 0 && children(size)}
      </div>
      {legend && <ChartLegendContent config={config} keys={legend} style={vars} />}
    </div>
  );
}

/** The tooltip's HTML: the category's label, then one line per series with a value, its colour and the value. */
export function ChartTooltipContent({
  label,
  values,
  config,
  format,
}: {
  label: string;
  /** Each series' value in order; null: not shown. */
  values: readonly { key: string; value: number | null }[];
  config: ChartConfig;
  format: (v: number, key: string) => string;
}) {
  return (
    <div className="grid min-w-36 gap-1 rounded-lg border bg-background px-3 py-2 text-xs shadow-md">
      <div className="font-medium">{label}</div>
      {values.map(({ key, value }) =>
        value === null ? null : (
          <div key={key} className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-1.5 text-muted-foreground">
              <span className="size-2.5 shrink-0 rounded-sm" style={{ background: `var(--color-${key})` }} />
              {config[key]?.label ?? key}
            </span>
            <span className="font-mono font-medium tabular-nums">{format(value, key)}</span>
          </div>
        ),
      )}
    </div>
  );
}

/** The legend as HTML: one swatch and label per series, wrapping, in the page's direction. */
export function ChartLegendContent({
  config,
  keys,
  style,
}: {
  config: ChartConfig;
  keys: readonly string[];
  style?: React.CSSProperties;
}) {
  return (
    <ul className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs" style={style}>
      {keys.map((k) => (
        <li key={k} className="flex items-center gap-1.5">
          <span className="size-2.5 shrink-0 rounded-sm" style={{ background: `var(--color-${k})` }} />
          {config[k]?.label ?? k}
        </li>
      ))}
    </ul>
  );
}

/**
 * Labels of a time axis of `n` categories (weeks, days): every k-th, about 6 on a wide screen (a card is half the
 * page) and 4 on a phone.
 */
export const timeEvery = (n: number, wide: boolean) => Math.max(1, Math.ceil(n / (wide ? 6 : 4)));

/** The chart colours (the console's palette: primary blue, then distinct hues that print apart in grey). */
export const PALETTE = {
  blue: "oklch(0.55 0.17 255)",
  sky: "oklch(0.75 0.11 230)",
  amber: "oklch(0.78 0.15 75)",
  orange: "oklch(0.68 0.17 50)",
  red: "oklch(0.58 0.2 27)",
  green: "oklch(0.62 0.15 155)",
  violet: "oklch(0.58 0.17 300)",
  grey: "oklch(0.8 0.01 260)",
  slate: "oklch(0.5 0.02 260)",
} as const;

/** The page's translation, language and direction. */
export function usePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return { t, lang, rtl: lang.startsWith("ar") };
}

/**
 * A chart of one bar per grade: upright on a wide screen (labels slanted past six grades); on a phone laid on its
 * side, a row per grade, as tall as the grades need (`phoneHeight`, which its box takes below 640 px).
 */
export function gradeLayout(n: number, wide: boolean) {
  const side = !wide && n > 3;
  return { side, slant: !side && n > 6 };
}

/** The box height of a chart of `n` grades on a phone (./ChartContainer's `phoneHeight`), px; none for 3 or fewer. */
export const gradePhoneHeight = (n: number) => (n > 3 ? Math.max(200, n * 34 + 40) : undefined);
