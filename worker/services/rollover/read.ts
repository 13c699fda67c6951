/**
 * What the rollover reads (docs/product.md#the-year-end-rollover): the two years, the closing year's students with
 * their enrolments, S2 standings, recurring discounts, the next year's fee plans, and the closing year's run. One
 * `db.batch` (one round trip) for all of it.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  academicYears,
  enrolments,
  feePlanInstalments,
  feePlans,
  feeRecords,
  rolloverRuns,
  students,
  type AcademicYear,
  type RolloverRun,
} from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import type { RolloverRequest } from "../../contracts/rollover";
import { planSchedule, type ScheduleItem } from "../fee-plans";
import type { PriorAccount } from "./accounts";
import { followingYearName, type ClosingStudent, type Outcome, type RetentionRule, type S2Standing } from "./plan";

export interface ClosingData {
  from: AcademicYear;
  toName: string;
  to: AcademicYear | null;
  students: ClosingStudent[];
  standings: Map<number, S2Standing>;
  priors: Map<number, PriorAccount>;
  /** Next year's plans by grade. */
  plans: Map<string, { id: number; schedule: ScheduleItem[] }>;
  /** Students already enrolled next year, and those already holding a fee account there. */
  enrolledNext: Set<number>;
  accountNext: Set<number>;
  run: RolloverRun | null;
}

/**
 * The closing and next years of a request: `from_year`, by default the current one, or the year before it when the
 * current year has no enrolment yet while that one has (the new year became current on its start date before the
 * office ran the rollover); `to_year`, by default the year after the closing one.
 */
export async function resolveYears(db: Db, req: Pick<RolloverRequest, "to_year" | "from_year">) {
  const [years, counts] = await db.batch([
    db.select().from(academicYears).orderBy(asc(academicYears.name)),
    db
      .select({ year: enrolments.academicYearName, n: sql<number>`count(*)` })
      .from(enrolments)
      .where(
        inArray(
          enrolments.academicYearName,
          db.select({ name: academicYears.name }).from(academicYears).where(ne(academicYears.state, "upcoming")),
        ),
      )
      .groupBy(enrolments.academicYearName),
  ]);
  const enrolled = (name: string) => Number(counts.find((c) => c.year === name)?.n ?? 0) > 0;
  let from = req.from_year ? years.find((y) => y.name === req.from_year) : years.find((y) => y.state === "current");
  if (!req.from_year && from && !enrolled(from.name)) {
    const before = years.find((y) => followingYearName(y.name) === from!.name);
    if (before?.state === "closed" && enrolled(before.name)) from = before;
  }
  if (!from) {
    if (req.from_year) throw new ApiError("ACADEMIC_YEAR_UNKNOWN", { params: { year: req.from_year } });
    throw new ApiError("ROLLOVER_NO_CURRENT_YEAR");
  }
  const toName = req.to_year ?? followingYearName(from.name);
  if (toName <= from.name) throw new ApiError("ROLLOVER_YEAR_ORDER", { params: { year: from.name } });
  const to = years.find((y) => y.name === toName) ?? null;
  if (to?.state === "closed") throw new ApiError("ROLLOVER_YEAR_CLOSED", { params: { year: toName } });
  return { from, toName, to, years };
}

/** Reads everything the rollover of `from` into `toName` decides on; `rule` null: no S2 standings are read. */
export async function readClosing(
  db: Db,
  from: AcademicYear,
  toName: string,
  to: AcademicYear | null,
  rule: RetentionRule | null | undefined,
): Promise<ClosingData> {
  const closing = and(eq(enrolments.studentId, students.id), eq(enrolments.academicYearName, from.name));
  // Only the current year also takes its active students who have no enrolment (their record's grade and building).
  const who =
    from.state === "current"
      ? sql`(${enrolments.id} IS NOT NULL OR ${students.isActive} = 1)`
      : sql`${enrolments.id} IS NOT NULL`;
  const pass = rule?.pass_mark_percent ?? 0;
  const [people, standings, priors, plans, planRows, enrolled, accounts, runs] = await db.batch([
    db
      .select({
        id: students.id,
        no: students.studentNo,
        name: students.fullName,
        active: students.isActive,
        currentGrade: students.currentGrade,
        currentBuilding: students.buildingNo,
        grade: enrolments.grade,
        building: enrolments.buildingNo,
        section: enrolments.section,
        outcome: enrolments.outcome,
      })
      .from(students)
      .leftJoin(enrolments, closing)
      .where(who)
      .orderBy(asc(students.fullName), asc(students.id)),
    // An absent subject (no score) counts as below the pass mark; `score * 100 < pass * max` is belowPass in SQL.
    db.all<{ student_id: number; subjects: number; failed: number }>(sql`
      SELECT r.student_id, count(*) AS subjects,
        sum(CASE WHEN sc.score_hundredths IS NULL OR sc.score_hundredths * 100 < ${pass} * sc.max_score_hundredths
          THEN 1 ELSE 0 END) AS failed
      FROM results r JOIN result_subject_scores sc ON sc.result_id = r.id
      WHERE r.academic_year_name = ${from.name} AND r.semester = 'S2' AND ${rule ? 1 : 0} = 1
      GROUP BY r.student_id`),
    db
      .select({
        studentId: feeRecords.studentId,
        discountPiastres: feeRecords.discountPiastres,
        discountPercent: feeRecords.discountPercent,
        discountReason: feeRecords.discountReason,
        discountRecurring: feeRecords.discountRecurring,
      })
      .from(feeRecords)
      .where(and(eq(feeRecords.academicYearName, from.name), eq(feeRecords.discountRecurring, true))),
    db.select().from(feePlans).where(eq(feePlans.academicYearName, toName)),
    db
      .select()
      .from(feePlanInstalments)
      .where(
        inArray(
          feePlanInstalments.planId,
          db.select({ id: feePlans.id }).from(feePlans).where(eq(feePlans.academicYearName, toName)),
        ),
      ),
    db.select({ id: enrolments.studentId }).from(enrolments).where(eq(enrolments.academicYearName, toName)),
    db.select({ id: feeRecords.studentId }).from(feeRecords).where(eq(feeRecords.academicYearName, toName)),
    db
      .select()
      .from(rolloverRuns)
      .where(and(eq(rolloverRuns.fromYear, from.name), ne(rolloverRuns.state, "undone"))),
  ]);
  return {
    from,
    toName,
    to,
    students: people.map((p) => ({
      studentId: p.id,
      studentNo: p.no,
      fullName: p.name,
      grade: p.grade ?? p.currentGrade,
      building: p.building ?? p.currentBuilding,
      section: p.section ?? null,
      active: p.active,
      enrolled: p.grade !== null,
      priorOutcome: (p.outcome as Outcome | null) ?? null,
    })),
    standings: new Map(
      standings.map((s) => [s.student_id, { subjects: Number(s.subjects), failed: Number(s.failed) }]),
    ),
    priors: new Map(priors.map((p) => [p.studentId, p])),
    plans: new Map(
      plans.map((p) => [p.grade, { id: p.id, schedule: planSchedule(planRows.filter((r) => r.planId === p.id)) }]),
    ),
    enrolledNext: new Set(enrolled.map((e) => e.id)),
    accountNext: new Set(accounts.map((a) => a.id)),
    run: runs[0] ?? null,
  };
}
