/**
 * The Reports charts' layout (web/features/reports/admin/bars-layout.ts, docs/product.md#reports) over counts, widths
 * and values no demo school has: 0 to 150 categories, boxes from a phone's to a wide screen's, values from 0 to
 * millions with gaps (null), stacked or side by side, upright or on their side, both directions.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { barsLayout, type ChartRow } from "../../web/features/reports/admin/bars-layout";

const SERIES = ["a", "b", "c"] as const;
const value = fc.oneof(fc.constant(null), fc.constant(0), fc.double({ min: 0, max: 5e7, noNaN: true }));
const row = fc.record({
  label: fc.string({ minLength: 0, maxLength: 40 }),
  a: value,
  b: value,
  c: value,
});
const input = fc.record({
  rows: fc.array(row, { maxLength: 150 }),
  stacked: fc.boolean(),
  side: fc.boolean(),
  slant: fc.boolean(),
  rtl: fc.boolean(),
  width: fc.integer({ min: 200, max: 1400 }),
  height: fc.integer({ min: 150, max: 700 }),
  maxBar: fc.option(fc.integer({ min: 4, max: 60 }), { nil: undefined }),
});
const EPS = 1e-6;

describe("bars layout", () => {
  it("keeps every bar inside the plot, never negative, and a stack as tall as its total", () => {
    fc.assert(
      fc.property(input, (p) => {
        const rows = p.rows as ChartRow[];
        const l = barsLayout({ ...p, rows, series: SERIES, slant: p.slant && !p.side });
        for (const b of l.bars) {
          expect(b.width).toBeGreaterThanOrEqual(0);
          expect(b.height).toBeGreaterThanOrEqual(0);
          expect(b.x).toBeGreaterThanOrEqual(-EPS);
          expect(b.y).toBeGreaterThanOrEqual(-EPS);
          expect(b.x + b.width).toBeLessThanOrEqual(l.plotW + EPS);
          expect(b.y + b.height).toBeLessThanOrEqual(l.plotH + EPS);
        }
        if (p.stacked)
          rows.forEach((r, i) => {
            const total = SERIES.reduce((s, k) => s + Math.max(0, (r[k] as number | null) ?? 0), 0);
            const drawn = l.bars.filter((b) => b.category === i).reduce((s, b) => s + (p.side ? b.width : b.height), 0);
            const full = Math.abs(l.value(total) - l.value(0));
            expect(Math.abs(drawn - full)).toBeLessThan(1e-3 * Math.max(1, full));
          });
      }),
      { numRuns: 300 },
    );
  });

  it("labels upright categories no closer than the longest label's estimated width, and always the first", () => {
    fc.assert(
      fc.property(input, (p) => {
        const rows = p.rows as ChartRow[];
        const l = barsLayout({ ...p, rows, series: SERIES, side: false, slant: false });
        expect(l.ticks.length > 0).toBe(rows.length > 0);
        if (!rows.length) return;
        expect(l.ticks[0]).toBe(0);
        const longest = Math.max(1, ...rows.map((r) => r.label.length)) * 6.2;
        for (let k = 1; k < l.ticks.length; k++)
          expect(Math.abs(l.center(l.ticks[k]!) - l.center(l.ticks[k - 1]!))).toBeGreaterThanOrEqual(longest + 8 - EPS);
      }),
      { numRuns: 300 },
    );
  });

  it("gives side labels their estimated width, up to 45% of the box, on the side the direction puts them", () => {
    fc.assert(
      fc.property(input, (p) => {
        const rows = p.rows as ChartRow[];
        const l = barsLayout({ ...p, rows, series: SERIES, side: true, slant: false });
        const space = p.rtl ? l.margin.right : l.margin.left;
        const longest = Math.max(1, ...rows.map((r) => r.label.length)) * 6.2;
        expect(space).toBeLessThanOrEqual(Math.round(p.width * 0.45));
        expect(space).toBeGreaterThanOrEqual(Math.min(Math.round(p.width * 0.45), longest + 12));
      }),
      { numRuns: 300 },
    );
  });

  it("puts the first category on the right in Arabic and on the left in English", () => {
    const rows = [0, 1, 2].map((i) => ({ label: `g${i}`, a: i + 1 })) as ChartRow[];
    const base = { rows, series: ["a"], width: 600, height: 300 };
    const ar = barsLayout({ ...base, rtl: true });
    const en = barsLayout({ ...base, rtl: false });
    expect(ar.center(0)).toBeGreaterThan(ar.center(2));
    expect(en.center(0)).toBeLessThan(en.center(2));
  });
});
