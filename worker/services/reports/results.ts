/**
 * Results (docs/product.md#reports): the distribution of marks per subject and term of the chosen year (bins of 10 %
 * of each subject's max; absent marks counted apart, never as 0), and the pass rate per grade and term with the change
 * from the term before (term 1's is the previous year's term 2). A subject is passed at or above the pass mark
 * (percent of its max, the rollover's rule: `belowPass`); a student passes a term with no present subject below it.
 * Each chart one statement over kept figures (docs/decisions/0044-reports-kept-figures.md): the marks per percent
 * (`report_mark_percents`) and each result's present and absent marks and lowest percent (`results_pass_idx`).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { MARK_BIN_PERCENT, MARK_BINS } from "../../lib/report-buckets";
import { GRADES } from "../../lib/school-grades";
import type { ReportYear } from "./year";

export type Term = "S1" | "S2";

export interface SubjectDistribution {
  semester: Term;
  subject: string;
  /** Present marks per bin: bins[i] counts marks from i × 10 % (inclusive) to (i + 1) × 10 %; 100 % in the last. */
  bins: number[];
  present: number;
  absent: number;
  below_pass: number;
}

export interface GradePassRate {
  semester: Term;
  grade: string;
  /** Students with at least one present mark in the term. */
  students: number;
  passed: number;
  /** Percent (2 decimals) of `students` who passed; null when none had a mark. */
  rate: number | null;
  absent_marks: number;
  /** The term before's rate for the grade (term 1: the previous year's term 2); null when it had no marks. */
  previous_rate: number | null;
  /** rate − previous_rate, percentage points; null when either is missing. */
  change: number | null;
}

const rate = (passed: number, n: number) => (n > 0 ? Math.round((passed / n) * 10000) / 100 : null);

/** The year's marks per term and subject in 10 % bins, with absent and below-pass counts. */
export async function marksDistribution(db: Db, y: ReportYear, passMark: number): Promise<SubjectDistribution[]> {
  // Kept per whole percent: bin = ⌊percent / 10⌋ (100 % in the last) and below pass = percent < pass mark are exact
  // (an integer pass mark; ⌊⌊x⌋ / 10⌋ = ⌊x / 10⌋).
  const rows = await db.all<{ sem: Term; subject: string; pct: number; n: number }>(sql`
    SELECT semester AS sem, subject_name AS subject, percent AS pct, marks AS n FROM report_mark_percents
    WHERE academic_year_name = ${y.name} AND marks <> 0`);
  const out = new Map<string, SubjectDistribution>();
  for (const r of rows) {
    const key = `${r.sem}\u0000${r.subject}`;
    const d = out.get(key) ?? {
      semester: r.sem,
      subject: r.subject,
      bins: new Array<number>(MARK_BINS).fill(0),
      present: 0,
      absent: 0,
      below_pass: 0,
    };
    const n = Number(r.n);
    const pct = Number(r.pct);
    if (pct < 0) d.absent += n;
    else {
      const bin = Math.min(MARK_BINS - 1, Math.floor(pct / MARK_BIN_PERCENT));
      d.bins[bin] = (d.bins[bin] ?? 0) + n;
      d.present += n;
      if (pct < passMark) d.below_pass += n;
    }
    out.set(key, d);
  }
  return [...out.values()].sort((a, b) => a.semester.localeCompare(b.semester) || a.subject.localeCompare(b.subject));
}

/** Pass rates per grade for both terms of the year, each with the term before's. */
export async function passRates(db: Db, y: ReportYear, passMark: number): Promise<GradePassRate[]> {
  // Each result's kept figures (present and absent marks, lowest percent): passed = a present mark and none below.
  const terms = (where: SQL) => sql`
    SELECT academic_year_name AS y, semester AS sem, grade, sum(present_marks > 0) AS n,
      sum(present_marks > 0 AND lowest_percent >= ${passMark}) AS passed, sum(absent_marks) AS absent
    FROM results WHERE ${where} AND present_marks + absent_marks > 0 GROUP BY 1, 2, 3`;
  const rows = await db.all<{ y: string; sem: Term; grade: string; n: number; passed: number; absent: number }>(sql`
    ${terms(sql`academic_year_name = ${y.name}`)}
    UNION ALL
    ${terms(sql`academic_year_name = ${y.previous} AND semester = 'S2'`)}`);
  const key = (yy: string, sem: string, grade: string) => `${yy}|${sem}|${grade}`;
  const all = new Map(rows.map((r) => [key(r.y, r.sem, r.grade), r]));
  const rank = (g: string) => {
    const i = (GRADES as readonly string[]).indexOf(g);
    return i < 0 ? GRADES.length : i;
  };
  return rows
    .filter((r) => r.y === y.name)
    .sort((a, b) => a.sem.localeCompare(b.sem) || rank(a.grade) - rank(b.grade) || a.grade.localeCompare(b.grade))
    .map((r) => {
      const before = r.sem === "S2" ? all.get(key(y.name, "S1", r.grade)) : all.get(key(y.previous, "S2", r.grade));
      const now = rate(Number(r.passed), Number(r.n));
      const prev = before ? rate(Number(before.passed), Number(before.n)) : null;
      return {
        semester: r.sem,
        grade: r.grade,
        students: Number(r.n),
        passed: Number(r.passed),
        rate: now,
        absent_marks: Number(r.absent),
        previous_rate: prev,
        change: now !== null && prev !== null ? Math.round((now - prev) * 100) / 100 : null,
      };
    });
}
