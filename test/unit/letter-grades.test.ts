/** Letter-grade scales and percentage helpers (docs/product.md#letter-grades; worker/lib/letter-grades.ts). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adminLetterGrade,
  gradeRemark,
  percentage,
  publicLetterGrade,
  round2,
  scoreTotals,
} from "../../worker/lib/letter-grades";

describe("adminLetterGrade (≥90 A+, ≥80 A, ≥70 B+, ≥60 B, ≥50 C, ≥40 D, else F)", () => {
  it.each([
    [100, "A+"],
    [90, "A+"],
    [89.99, "A"],
    [80, "A"],
    [79.99, "B+"],
    [70, "B+"],
    [69.99, "B"],
    [60, "B"],
    [59.99, "C"],
    [50, "C"],
    [49.99, "D"],
    [40, "D"],
    [39.99, "F"],
    [0, "F"],
  ] as const)("%s%% → %s", (pct, letter) => {
    expect(adminLetterGrade(pct)).toBe(letter);
  });

  it("does not round a near-threshold percentage up", () => {
    expect(adminLetterGrade(89.999999)).toBe("A");
  });

  it("gives F for NaN and infinities rather than a grade", () => {
    expect(adminLetterGrade(Number.NaN)).toBe("F");
    expect(adminLetterGrade(Number.POSITIVE_INFINITY)).toBe("F");
  });
});

describe("publicLetterGrade (≥90 A+, ≥80 A, ≥70 B, ≥60 C, ≥50 D, else F)", () => {
  it.each([
    [100, "A+"],
    [90, "A+"],
    [89.99, "A"],
    [80, "A"],
    [79.99, "B"],
    [70, "B"],
    [69.99, "C"],
    [60, "C"],
    [59.99, "D"],
    [50, "D"],
    [49.99, "F"],
    [40, "F"],
    [0, "F"],
  ] as const)("%s%% → %s", (pct, letter) => {
    expect(publicLetterGrade(pct)).toBe(letter);
  });

  it("has no B+ and fails below 50 where the admin scale still gives D", () => {
    expect(adminLetterGrade(45)).toBe("D");
    expect(publicLetterGrade(45)).toBe("F");
    expect(adminLetterGrade(75)).toBe("B+");
    expect(publicLetterGrade(75)).toBe("B");
  });
});

describe("percentage", () => {
  it("keeps whole percentages exact (score × 100 / max)", () => {
    // 57 / 100 * 100 would be 56.99999999999999; 35/50 and 29/50 sit on or near thresholds.
    expect(percentage(57, 100)).toBe(57);
    expect(percentage(35, 50)).toBe(70);
    expect(adminLetterGrade(percentage(35, 50))).toBe("B+");
    expect(percentage(45, 50)).toBe(90);
    expect(adminLetterGrade(percentage(45, 50))).toBe("A+");
    expect(percentage(2, 3)).toBeCloseTo(66.6667, 4);
  });

  it("is 0 for a non-positive or missing max", () => {
    expect(percentage(10, 0)).toBe(0);
    expect(percentage(10, -5)).toBe(0);
    expect(percentage(Number.NaN, 100)).toBe(0);
  });
});

describe("round2", () => {
  it("rounds half away from zero at 2 decimals, including binary near-halves", () => {
    expect(round2(89.985)).toBe(89.99);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(66.66666)).toBe(66.67);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(-0.001)).toBe(0);
    expect(Object.is(round2(-0.001), -0)).toBe(false);
    expect(round2(Number.NaN)).toBe(0);
  });
});

describe("gradeRemark and scoreTotals", () => {
  it("writes the admin form's default remark", () => {
    expect(gradeRemark(90, 100)).toBe("Grade: A+");
    expect(gradeRemark(39, 100)).toBe("Grade: F");
    expect(gradeRemark(20, 50)).toBe("Grade: D");
  });

  it("sums scores and maxima and gives the overall percentage", () => {
    const t = scoreTotals([
      { score: 90, max_score: 100 },
      { score: 40, max_score: 50 },
    ]);
    expect(t).toEqual({ total: 130, max: 150, percentage: (130 * 100) / 150, absent: 0, counted: 2 });
    expect(scoreTotals([])).toEqual({ total: 0, max: 0, percentage: 0, absent: 0, counted: 0 });
  });
});

describe("marks with decimals (half marks and hundredths)", () => {
  it("puts an exact threshold on its grade: 0.99 of 1.1 is 90 %, not 89.99999999999999", () => {
    expect(percentage(0.99, 1.1)).toBe(90);
    expect(adminLetterGrade(percentage(0.99, 1.1))).toBe("A+");
    expect(percentage(0.33, 0.55)).toBe(60);
    expect(percentage(45.5, 50)).toBe(91);
    expect(gradeRemark(44.5, 50)).toBe("Grade: A"); // 89 %
  });

  it("sums without float drift: 7.35 + 7.35 + 7.35 + 0.1 + 0.2 is 22.35", () => {
    const t = scoreTotals([7.35, 7.35, 7.35, 0.1, 0.2].map((score) => ({ score, max_score: 10 })));
    expect(t.total).toBe(22.35);
    expect(t.max).toBe(50);
    expect(t.percentage).toBe(44.7);
  });

  it("totals and percentages equal the exact hundredths arithmetic for any rows", () => {
    const row = fc
      .integer({ min: 1, max: 100_000 })
      .chain((max) => fc.record({ score: fc.integer({ min: 0, max }), max_score: fc.constant(max) }));
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 14 }), (rows) => {
        const total = rows.reduce((a, r) => a + r.score, 0);
        const max = rows.reduce((a, r) => a + r.max_score, 0);
        const t = scoreTotals(rows.map((r) => ({ score: r.score / 100, max_score: r.max_score / 100 })));
        expect(Math.round(t.total * 100)).toBe(total);
        expect(t.total).toBe(total / 100);
        expect(t.max).toBe(max / 100);
        expect(t.percentage).toBe((total * 100) / max);
      }),
    );
  });
});
