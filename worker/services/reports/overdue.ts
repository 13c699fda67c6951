/**
 * Overdue by age and grade (docs/product.md#reports): what the chosen year's accounts of active students still owe on
 * their instalments, by grade and by how long past due on school day `today` (not yet due, 1-30, 31-60, 61-90, over
 * 90 days). The overdue ages add up to the Fees page's overdue list of that year (the same rule: active students, an
 * instalment overdue from the day after its due date). One statement over `fee_records_year_grade_idx` and
 * `fee_inst_seq_uq`.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { addDays } from "../../lib/fee-schedule";
import { OVERDUE_AGES, type OverdueAge } from "../../lib/report-buckets";
import { GRADES } from "../../lib/school-grades";
import { piastresToEgp } from "../../money";
import type { ReportYear } from "./year";

export interface OverdueGrade {
  grade: string;
  /** EGP unpaid per age. */
  amounts: Record<OverdueAge, number>;
  /** Students with an overdue instalment (any age but not_due). */
  overdue_students: number;
  /** EGP overdue (every age but not_due): the grade's sum on the Fees page's overdue list. */
  overdue_total: number;
}

export interface OverdueReport {
  today: string;
  grades: OverdueGrade[];
  totals: Record<OverdueAge, number>;
  overdue_total: number;
  overdue_students: number;
}

const zeros = (): Record<OverdueAge, number> =>
  Object.fromEntries(OVERDUE_AGES.map((a) => [a, 0])) as Record<OverdueAge, number>;

/** The unpaid instalments of the year's accounts of active students by grade and age, and who owes overdue. */
export async function overdueReport(db: Db, y: ReportYear, today: string): Promise<OverdueReport> {
  const age = sql`CASE WHEN due_date >= ${today} THEN 'not_due'
    WHEN due_date >= ${addDays(today, -30)} THEN 'd1_30'
    WHEN due_date >= ${addDays(today, -60)} THEN 'd31_60'
    WHEN due_date >= ${addDays(today, -90)} THEN 'd61_90'
    ELSE 'd90_plus' END`;
  const rows = await db.all<{ grade: string; age: OverdueAge | "students"; amount: number; n: number }>(sql`
    WITH u AS (
      SELECT f.grade AS grade, f.student_id AS student_id, i.due_date AS due_date,
        i.amount_piastres - i.paid_piastres AS owed
      FROM fee_records f
        JOIN students s ON s.id = f.student_id AND s.is_active = 1
        JOIN fee_instalments i ON i.fee_record_id = f.id AND i.paid_piastres < i.amount_piastres
      WHERE f.academic_year_name = ${y.name})
    SELECT grade, ${age} AS age, sum(owed) AS amount, 0 AS n FROM u GROUP BY 1, 2
    UNION ALL
    -- One student may owe in several ages: the grade's overdue students are counted apart.
    SELECT grade, 'students', 0, count(DISTINCT student_id) FROM u WHERE due_date < ${today} GROUP BY 1`);
  return shapeOverdue(rows, today);
}

/** Rows → the grades in school order (only grades owing something), totals per age. */
function shapeOverdue(
  rows: { grade: string; age: OverdueAge | "students"; amount: number; n: number }[],
  today: string,
): OverdueReport {
  const byGrade = new Map<string, Record<OverdueAge, number>>();
  const totals = zeros();
  const counts = new Map<string, number>();
  for (const r of rows) {
    if (r.age === "students") {
      counts.set(r.grade, Number(r.n));
      continue;
    }
    const g = byGrade.get(r.grade) ?? zeros();
    g[r.age] += Number(r.amount);
    totals[r.age] += Number(r.amount);
    byGrade.set(r.grade, g);
  }
  const rank = (g: string) => {
    const i = (GRADES as readonly string[]).indexOf(g);
    return i < 0 ? GRADES.length : i;
  };
  const overdueOf = (a: Record<OverdueAge, number>) => a.d1_30 + a.d31_60 + a.d61_90 + a.d90_plus;
  const grades = [...byGrade.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([grade, a]) => ({
      grade,
      amounts: Object.fromEntries(OVERDUE_AGES.map((k) => [k, piastresToEgp(a[k])])) as Record<OverdueAge, number>,
      overdue_students: counts.get(grade) ?? 0,
      overdue_total: piastresToEgp(overdueOf(a)),
    }));
  return {
    today,
    grades,
    totals: Object.fromEntries(OVERDUE_AGES.map((k) => [k, piastresToEgp(totals[k])])) as Record<OverdueAge, number>,
    overdue_total: piastresToEgp(overdueOf(totals)),
    overdue_students: [...counts.values()].reduce((s, n) => s + n, 0),
  };
}
