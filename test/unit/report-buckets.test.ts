/**
 * The Reports charts' pure arithmetic (docs/product.md#reports), with properties over random inputs: the offsets that
 * turn an instant into its Cairo day agree with Intl at every instant of a span; the overdue ages and the marks bins
 * cover every value once, in order; months and weeks of a year; a copied table keeps one line per row and one cell
 * per column whatever its text.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { schoolDate } from "../../worker/lib/fee-schedule";
import {
  dayBySegments,
  markBin,
  MARK_BINS,
  monthsOf,
  OVERDUE_AGES,
  offsetSegments,
  overdueAge,
  weeksOf,
} from "../../worker/lib/report-buckets";
import { binLabel, monthLabel, toTsv } from "../../web/features/reports/admin/report-format";

const DAY = 86_400_000;
const thisYear = new Date().getUTCFullYear();

describe("report buckets", () => {
  it("the offset segments give the Cairo day of every instant of the span (summer time included)", () => {
    const from = Date.UTC(thisYear - 2, 6, 1);
    const to = Date.UTC(thisYear + 1, 6, 1);
    const segs = offsetSegments(from, to);
    // Egypt's summer time: at least one change a year in these spans.
    expect(segs.length).toBeGreaterThan(2);
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        expect(dayBySegments(ms, segs)).toBe(schoolDate(new Date(ms)));
      }),
      { numRuns: 2000 },
    );
    // The hours around each change, minute by minute.
    for (const s of segs.slice(1))
      for (let ms = s.from - 2 * 3_600_000; ms <= s.from + 2 * 3_600_000; ms += 60_000)
        expect(dayBySegments(ms, segs)).toBe(schoolDate(new Date(ms)));
  });

  it("every number of days late has one age, and the ages run in order", () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 2000 }), fc.integer({ min: -400, max: 2000 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(OVERDUE_AGES.indexOf(overdueAge(lo))).toBeLessThanOrEqual(OVERDUE_AGES.indexOf(overdueAge(hi)));
      }),
    );
    expect([0, 1, 30, 31, 60, 61, 90, 91].map(overdueAge)).toEqual([
      "not_due",
      "d1_30",
      "d1_30",
      "d31_60",
      "d31_60",
      "d61_90",
      "d61_90",
      "d90_plus",
    ]);
  });

  it("a mark's bin holds its exact percentage; 100 % in the last bin", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (max, share) => {
        const score = Math.round(max * share);
        const bin = markBin(score, max);
        expect(bin).toBeGreaterThanOrEqual(0);
        expect(bin).toBeLessThan(MARK_BINS);
        // bin × 10 % ≤ score / max (exact in integers), and below the next bin unless it is the last.
        expect(bin * 10 * max).toBeLessThanOrEqual(score * 100);
        if (bin < MARK_BINS - 1) expect(score * 100).toBeLessThan((bin + 1) * 10 * max);
      }),
    );
    expect(markBin(10_000, 10_000)).toBe(MARK_BINS - 1);
    expect(markBin(4_999, 10_000)).toBe(4);
    expect(markBin(5_000, 10_000)).toBe(5);
  });

  it("a year's months run from its first to its last; weeks start 7 days apart from its first day", () => {
    fc.assert(
      fc.property(fc.integer({ min: thisYear - 30, max: thisYear + 30 }), fc.integer({ min: 1, max: 12 }), (y, m) => {
        const start = `${y}-${String(m).padStart(2, "0")}-01`;
        const end = new Date(Date.parse(`${start}T00:00:00Z`) + 364 * DAY).toISOString().slice(0, 10);
        const months = monthsOf(start, end);
        expect(months[0]).toBe(start.slice(0, 7));
        expect(months.at(-1)).toBe(end.slice(0, 7));
        expect(new Set(months).size).toBe(months.length);
        const weeks = weeksOf(start, end);
        expect(weeks[0]).toBe(start);
        for (let i = 1; i < weeks.length; i++) expect(Date.parse(weeks[i]!) - Date.parse(weeks[i - 1]!)).toBe(7 * DAY);
        expect(weeks.at(-1)! <= end).toBe(true);
      }),
    );
  });

  it("a copied table: one line per row, one cell per column, whatever the text", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(fc.oneof(fc.string(), fc.integer())), { maxLength: 10 }),
        (header, raw) => {
          const rows = raw.map((r) => header.map((_, i) => r[i] ?? ""));
          const lines = toTsv(header, rows).split("\n");
          expect(lines.length).toBe(rows.length + 1);
          for (const line of lines) expect(line.split("\t").length).toBe(header.length);
        },
      ),
    );
  });

  it("labels in the page's language: Arabic month names and digits", () => {
    expect(monthLabel(`${thisYear}-09`, "ar")).toBe("سبتمبر");
    expect(monthLabel(`${thisYear}-09`, "en")).toBe("Sep");
    expect(binLabel(4, "ar")).toBe("٤٠–٥٠٪");
    expect(binLabel(9, "en")).toBe("90–100%");
  });
});
