/** The fee-plan arithmetic (worker/lib/fee-schedule.ts; docs/product.md#fee-plans), in piastres and Cairo days. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  academicYearBounds,
  addDays,
  allocationOf,
  applyDiscount,
  defaultDueDates,
  fillOldestFirst,
  instalmentStatus,
  isIsoDate,
  schoolDate,
  splitEqual,
} from "../../worker/lib/fee-schedule";

describe("fee schedule arithmetic", () => {
  it("splits a total into n equal instalments with the remainder piastres on the last", () => {
    expect(splitEqual(1_000_003, 4)).toEqual([250_000, 250_000, 250_000, 250_003]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.constantFrom(1, 2, 4, 12), (total, n) => {
        const parts = splitEqual(total, n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(parts.slice(0, -1).every((p) => p === parts[0])).toBe(true);
        expect(parts.at(-1)! - parts[0]!).toBeLessThan(n);
      }),
    );
  });

  it("takes a discount off the latest instalments first and refuses one above the total", () => {
    expect(applyDiscount([100, 100, 100], 150)).toEqual([100, 50, 0]);
    expect(() => applyDiscount([100], 101)).toThrow(RangeError);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amounts, share) => {
          const total = amounts.reduce((a, b) => a + b, 0);
          const discount = Math.floor(total * share);
          const out = applyDiscount(amounts, discount);
          expect(out.reduce((a, b) => a + b, 0)).toBe(total - discount);
          out.forEach((x, i) => {
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(amounts[i]!);
          });
        },
      ),
    );
  });

  it("fills oldest first; an allocation is the difference of two fills and never exceeds an instalment", () => {
    expect(fillOldestFirst([100, 100, 100], 150)).toEqual([100, 50, 0]);
    expect(allocationOf([100, 100, 100], 150, 250)).toEqual([0, 50, 50]);
    expect(allocationOf([100, 100, 100], 250, 50)).toEqual([-50, -100, -50]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.nat(),
        (amounts, a, b) => {
          const total = amounts.reduce((x, y) => x + y, 0);
          const [before, after] = [a % (total + 1), b % (total + 1)];
          const alloc = allocationOf(amounts, before, after);
          expect(alloc.reduce((x, y) => x + y, 0)).toBe(after - before);
          const fill = fillOldestFirst(amounts, after);
          fill.forEach((f, i) => {
            expect(f).toBeLessThanOrEqual(amounts[i]!);
          });
        },
      ),
    );
  });

  it("is overdue from the school day after the due date; due within 30 days, else upcoming", () => {
    expect(instalmentStatus("2026-11-15", 100, 0, "2026-11-15")).toBe("due");
    expect(instalmentStatus("2026-11-15", 100, 0, "2026-11-16")).toBe("overdue");
    expect(instalmentStatus("2026-11-15", 100, 40, "2026-11-16")).toBe("overdue");
    expect(instalmentStatus("2026-11-15", 100, 40, "2026-11-01")).toBe("partially_paid");
    expect(instalmentStatus("2026-12-31", 100, 0, "2026-11-15")).toBe("upcoming");
    expect(instalmentStatus("2026-11-15", 100, 100, "2027-01-01")).toBe("paid");
    expect(instalmentStatus("2026-11-15", 0, 0, "2027-01-01")).toBe("paid");
  });

  it("takes 'today' in Cairo, summer time included", () => {
    // 21:30 UTC on 14 July is 00:30 on 15 July in Cairo (UTC+3 in summer); 22:30 UTC in January is 00:30 (UTC+2).
    expect(schoolDate(new Date("2026-07-14T21:30:00Z"))).toBe("2026-07-15");
    expect(schoolDate(new Date("2026-07-14T20:30:00Z"))).toBe("2026-07-14");
    expect(schoolDate(new Date("2027-01-14T22:30:00Z"))).toBe("2027-01-15");
    expect(schoolDate(new Date("2027-01-14T21:30:00Z"))).toBe("2027-01-14");
  });

  it("reads academic years and dates", () => {
    expect(academicYearBounds("2024-2025")).toEqual({ start: "2024-09-01", end: "2025-08-31" });
    expect(academicYearBounds("2024-2026")).toBeNull();
    expect(defaultDueDates("2024-2025", 4)).toEqual(["2024-09-15", "2024-11-15", "2025-02-01", "2025-04-01"]);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(addDays("2024-02-28", 2)).toBe("2024-03-01");
  });
});
