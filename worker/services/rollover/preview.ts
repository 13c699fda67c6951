/**
 * The rollover's dry run and status (docs/product.md#the-year-end-rollover): what each student's outcome and next
 * place would be, per closing grade, and the state of the closing year's run. Reads only.
 */
import { and, eq, sql } from "drizzle-orm";
import { rolloverRuns, rolloverRunStudents, type RolloverRun } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import type {
  RolloverPreview,
  RolloverRequest,
  RolloverRunJson,
  RolloverStatus,
  StudentDecision,
} from "../../contracts/rollover";
import { GRADES } from "../../lib/school-grades";
import { readClosing, resolveYears, type ClosingData } from "./read";
import {
  byGrade,
  countsOf,
  decide,
  followingYearName,
  nextGradeOf,
  unknownExceptions,
  type Decision,
  type GradeCounts,
} from "./plan";

/** SQL: 1 when the new year `toYear` has a payment or a result (the undo is then refused), else 0. */
export const newYearTouched = (toYear: string) => sql`(EXISTS (SELECT 1 FROM payments p
    JOIN fee_records f ON f.id = p.fee_record_id WHERE f.academic_year_name = ${toYear})
  OR EXISTS (SELECT 1 FROM payments WHERE academic_year = ${toYear})
  OR EXISTS (SELECT 1 FROM results WHERE academic_year_name = ${toYear}))`;

/** Run `run` as the API answers it, with its outcome counts and whether it can still be undone. */
export async function runJson(db: Db, run: RolloverRun): Promise<RolloverRunJson> {
  const [counts, [touched]] = await db.batch([
    db
      .select({ outcome: rolloverRunStudents.outcome, n: sql<number>`count(*)` })
      .from(rolloverRunStudents)
      .where(eq(rolloverRunStudents.runId, run.id))
      .groupBy(rolloverRunStudents.outcome),
    db.all<{ t: number }>(sql`SELECT ${newYearTouched(run.toYear)} AS t`),
  ]);
  const c: GradeCounts = { promoted: 0, retained: 0, graduated: 0, left: 0, total: 0 };
  for (const row of counts) {
    c[row.outcome] = Number(row.n);
    c.total += Number(row.n);
  }
  return {
    id: run.id,
    from_year: run.fromYear,
    to_year: run.toYear,
    state: run.state,
    created_year: run.createdYear,
    total: run.total,
    done: run.done,
    started_at: run.createdAt,
    finished_at: run.finishedAt,
    undone_at: run.undoneAt,
    by: run.adminUsername,
    counts: c,
    undoable: run.state === "applied" && !Number(touched?.t),
  };
}

/** A decision as the API answers it. */
export function decisionJson(d: Decision): StudentDecision {
  return {
    student_id: d.student.studentId,
    student_no: d.student.studentNo,
    full_name: d.student.fullName,
    grade: d.student.grade,
    building: d.student.building,
    section: d.student.section,
    outcome: d.outcome,
    source: d.source,
    next_grade: d.nextGrade,
    next_building: d.nextBuilding,
    next_section: d.nextSection,
    s2_subjects: d.standing?.subjects ?? null,
    s2_failed: d.standing?.failed ?? null,
  };
}

/** The decisions of `data` under the request's rule and exceptions. */
export function decisionsOf(data: ClosingData, req: Pick<RolloverRequest, "rule" | "exceptions">): Decision[] {
  return decide(data.students, { exceptions: req.exceptions, rule: req.rule ?? null, standings: data.standings });
}

/**
 * The dry run of closing `from_year` (default: the current year) into `to_year` (default: the next). Throws
 * ACADEMIC_YEAR_UNKNOWN, ROLLOVER_NO_CURRENT_YEAR, ROLLOVER_YEAR_ORDER, ROLLOVER_YEAR_CLOSED.
 */
export async function previewRollover(db: Db, req: RolloverRequest): Promise<RolloverPreview> {
  const { from, toName, to } = await resolveYears(db, req);
  const data = await readClosing(db, from, toName, to, req.rule);
  const decisions = decisionsOf(data, req);
  const missing = new Set<string>();
  for (const d of decisions) if (d.nextGrade && !data.plans.has(d.nextGrade)) missing.add(d.nextGrade);
  return {
    from_year: from.name,
    to_year: toName,
    to_year_exists: !!to,
    totals: countsOf(decisions),
    grades: byGrade(decisions).map((g) => ({
      grade: g.grade,
      next_grade: nextGradeOf(g.grade),
      counts: g.counts,
      students: g.decisions.map(decisionJson),
    })),
    missing_plans: GRADES.filter((g) => missing.has(g)),
    unknown_exceptions: unknownExceptions(data.students, req.exceptions),
    run: data.run ? await runJson(db, data.run) : null,
  };
}

/**
 * The years a rollover can close, newest first: those whose following year is not closed (a closed next year is
 * refused, ROLLOVER_YEAR_CLOSED), so the current and upcoming years, and the closed year just before the current one.
 */
export function closableYears(years: Array<{ name: string; state: string }>): string[] {
  const closed = new Set(years.filter((y) => y.state === "closed").map((y) => y.name));
  return years
    .map((y) => y.name)
    .filter((name) => !closed.has(followingYearName(name)))
    .sort()
    .reverse();
}

/**
 * The closing year (`fromYear`, by default the current one), the year after it, that year's rollover (the latest not
 * undone) and the years the wizard offers to close. Throws ACADEMIC_YEAR_UNKNOWN for an unknown `fromYear`.
 */
export async function rolloverStatus(db: Db, fromYear?: string): Promise<RolloverStatus> {
  let from: { name: string };
  let toName: string;
  let years: Array<{ name: string; state: string }>;
  try {
    ({ from, toName, years } = await resolveYears(db, { from_year: fromYear }));
  } catch (err) {
    if (err instanceof ApiError && err.reason === "ROLLOVER_NO_CURRENT_YEAR") {
      return { current_year: null, next_year: null, run: null, closable_years: [] };
    }
    throw err;
  }
  const [run] = await db
    .select()
    .from(rolloverRuns)
    .where(and(eq(rolloverRuns.fromYear, from.name), sql`${rolloverRuns.state} <> 'undone'`));
  return {
    current_year: from.name,
    next_year: run?.toYear ?? toName,
    run: run ? await runJson(db, run) : null,
    closable_years: closableYears(years),
  };
}
