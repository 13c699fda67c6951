/**
 * Letter grades and percentages (docs/product.md#letter-grades). Pure and zero-dependency: the Worker and the web app
 * (admin results form, public results page) import the same functions.
 *
 * Two scales, because the product's screens read grades differently:
 * - admin results form: ≥90 A+, ≥80 A, ≥70 B+, ≥60 B, ≥50 C, ≥40 D, else F;
 * - public results page (and its per-subject badge colours): ≥90 A+, ≥80 A, ≥70 B, ≥60 C, ≥50 D, else F.
 * Thresholds compare the exact percentage, never a rounded one: 89.99 % is an A on both scales.
 * Marks have up to 2 decimals (half marks); sums and percentages are computed on integer hundredths, so 14 subjects
 * of 7.35 add up to exactly 102.9, and a percentage is one division of two exact integers.
 */
import { fromHundredths, toHundredths } from "./typed-number";
import { DEFAULT_ABSENT_RULE, type AbsentRule } from "./absent-mark";

export const ADMIN_LETTER_GRADES = ["A+", "A", "B+", "B", "C", "D", "F"] as const;
export type AdminLetterGrade = (typeof ADMIN_LETTER_GRADES)[number];

export const PUBLIC_LETTER_GRADES = ["A+", "A", "B", "C", "D", "F"] as const;
export type PublicLetterGrade = (typeof PUBLIC_LETTER_GRADES)[number];

/** `[minimum percentage, letter]`, highest first; anything below the last minimum is F. */
export const ADMIN_GRADE_SCALE: ReadonlyArray<readonly [number, AdminLetterGrade]> = [
  [90, "A+"],
  [80, "A"],
  [70, "B+"],
  [60, "B"],
  [50, "C"],
  [40, "D"],
];

/** `[minimum percentage, letter]`, highest first; anything below the last minimum is F. */
export const PUBLIC_GRADE_SCALE: ReadonlyArray<readonly [number, PublicLetterGrade]> = [
  [90, "A+"],
  [80, "A"],
  [70, "B"],
  [60, "C"],
  [50, "D"],
];

function onScale<L extends string>(scale: ReadonlyArray<readonly [number, L]>, percentage: number, fail: L): L {
  if (!Number.isFinite(percentage)) return fail;
  for (const [min, letter] of scale) if (percentage >= min) return letter;
  return fail;
}

/** Admin-form letter grade of a percentage (0-100). NaN/Infinity → "F". */
export function adminLetterGrade(percentage: number): AdminLetterGrade {
  return onScale(ADMIN_GRADE_SCALE, percentage, "F");
}

/** Public-page letter grade of a percentage (0-100). NaN/Infinity → "F". */
export function publicLetterGrade(percentage: number): PublicLetterGrade {
  return onScale(PUBLIC_GRADE_SCALE, percentage, "F");
}

/**
 * `score` as a percentage of `maxScore` (marks with ≤ 2 decimals), unrounded; 0 when `maxScore` is not positive.
 * Computed on integer hundredths as `score × 100 / max` (not `score / max × 100`) so whole percentages stay exact:
 * 57/100 → 57, not 56.99999999999999, which would drop a grade at a threshold such as 29/50 → 58 or 35/50 → 70;
 * 44.55/49.5 → 90, not 89.99999999999999.
 */
export function percentage(score: number, maxScore: number): number {
  if (!(maxScore > 0) || !Number.isFinite(score) || !Number.isFinite(maxScore)) return 0;
  return (toHundredths(score) * 100) / toHundredths(maxScore);
}

/**
 * Rounds to 2 decimals (half away from zero), e.g. for a displayed percentage; -0 becomes 0. The relative
 * nudge makes binary near-halves such as 1.005 (stored as 1.00499…) round up as written.
 */
export function round2(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const r = (Math.sign(value) * Math.round(Math.abs(value) * 100 * (1 + Number.EPSILON))) / 100;
  return r === 0 ? 0 : r;
}

/** The admin form's default subject remark: `"Grade: X"` on the admin scale (docs/product.md#results). */
export function gradeRemark(score: number, maxScore: number): string {
  return `Grade: ${adminLetterGrade(percentage(score, maxScore))}`;
}

export interface ScoreLike {
  /** null for an absent subject. */
  score: number | null;
  max_score: number;
  absent?: boolean;
}

export interface ScoreTotals {
  /** Sum of the counted scores (exact to the hundredth). */
  total: number;
  /** Sum of the counted max scores (exact to the hundredth). */
  max: number;
  /** total / max × 100, unrounded (0 when max is 0). */
  percentage: number;
  /** Absent subjects among the rows, counted or not. */
  absent: number;
  /** Rows in the total: every row under the `zero` rule, the present ones under `excluded`. */
  counted: number;
}

/** Whether a subject row is absent (no marks). */
export const isAbsent = (s: ScoreLike): boolean => s.absent === true || s.score === null;

/**
 * Totals over subject rows, as the result cards show them (docs/product.md#public-results, #results): sums taken in
 * integer hundredths, so 0.1 + 0.2 style drift never reaches a card. An absent subject is left out of both sums
 * (`excluded`, the default) or counted as 0 of its max (`zero`), by the school's `results_absent_rule`.
 */
export function scoreTotals(subjects: readonly ScoreLike[], absentRule: AbsentRule = DEFAULT_ABSENT_RULE): ScoreTotals {
  let total = 0;
  let max = 0;
  let absent = 0;
  let counted = 0;
  for (const s of subjects) {
    const away = isAbsent(s);
    if (away) absent++;
    if (away && absentRule === "excluded") continue;
    counted++;
    total += away ? 0 : toHundredths(s.score ?? 0);
    max += toHundredths(s.max_score);
  }
  return {
    total: fromHundredths(total),
    max: fromHundredths(max),
    percentage: max > 0 ? (total * 100) / max : 0,
    absent,
    counted,
  };
}
