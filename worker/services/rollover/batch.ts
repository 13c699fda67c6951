/**
 * One batch of the rollover's apply (docs/product.md#the-year-end-rollover): the statements that write a group of
 * students' decisions in one `db.batch`: the run's rows for them, the closing enrolments' outcomes, next year's
 * enrolments and fee accounts with their schedules, the students' own grade when the new year is already current,
 * and the run's progress. Every insert of the new year skips a row already there, so a batch written twice (a
 * resumed run whose answer was lost) adds nothing; the run's primary key refuses the second copy of its own rows.
 */
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { feeRecords, rolloverRunStudents, students } from "../../../db/schema";
import type { Db } from "../../db";
import { chunks, rowsPerStatement, valuesList } from "../import/sql";
import { nextAccount, type NewAccount } from "./accounts";
import type { ClosingData } from "./read";
import type { Decision } from "./plan";

const isCurrent = (year: string) => sql`(SELECT state FROM academic_years WHERE name = ${year}) = 'current'`;

/** The account each decision that enrols a student next year creates (none when the student already has one). */
export function accountsOf(data: ClosingData, decisions: readonly Decision[]): Map<number, NewAccount> {
  const out = new Map<number, NewAccount>();
  for (const d of decisions) {
    const id = d.student.studentId;
    if (!d.nextGrade || data.accountNext.has(id)) continue;
    out.set(id, nextAccount(data.plans.get(d.nextGrade) ?? null, data.priors.get(id) ?? null));
  }
  return out;
}

/** The statements of one batch of `decisions` for run `runId` (closing `data.from`, into `data.toName`). */
export function batchStatements(
  db: Db,
  runId: number,
  data: ClosingData,
  decisions: readonly Decision[],
): BatchItem<"sqlite">[] {
  const from = data.from.name;
  const to = data.toName;
  const ids = decisions.map((d) => d.student.studentId);
  const accounts = accountsOf(data, decisions);
  const mine = sql`run_id = ${runId} AND student_id IN (${sql.join(ids, sql`, `)})`;
  const out: BatchItem<"sqlite">[] = [
    db.insert(rolloverRunStudents).values(
      decisions.map((d) => ({
        runId,
        studentId: d.student.studentId,
        fromGrade: d.student.grade,
        fromBuilding: d.student.building,
        hadEnrolment: d.student.enrolled,
        priorOutcome: d.student.priorOutcome,
        wasActive: d.student.active,
        outcome: d.outcome,
        nextGrade: d.nextGrade,
        nextBuilding: d.nextBuilding,
        nextSection: d.nextSection,
        createdEnrolment: !!d.nextGrade && !data.enrolledNext.has(d.student.studentId),
        feeTotalPiastres: accounts.get(d.student.studentId)?.totalPiastres ?? null,
      })),
    ),
    // The closing year's outcomes (its enrolment written first when the current year had none for the student).
    // No INSERT … SELECT … ON CONFLICT: sqld's parser refuses it; OR IGNORE skips a row already there.
    db.run(sql`UPDATE enrolments SET outcome = rs.outcome, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
      FROM rollover_run_students rs WHERE rs.run_id = ${runId} AND rs.student_id = enrolments.student_id
        AND enrolments.academic_year_name = ${from} AND enrolments.student_id IN (${sql.join(ids, sql`, `)})`),
    db.run(sql`INSERT OR IGNORE INTO enrolments (student_id, academic_year_name, grade, building_no, outcome)
      SELECT student_id, ${from}, from_grade, from_building, outcome FROM rollover_run_students
      WHERE ${mine} AND had_enrolment = 0`),
    db.run(sql`INSERT OR IGNORE INTO enrolments (student_id, academic_year_name, grade, building_no, section)
      SELECT student_id, ${to}, next_grade, next_building, next_section FROM rollover_run_students
      WHERE ${mine} AND created_enrolment = 1`),
    ...accountStatements(db, to, decisions, accounts),
    // Already current (the year flipped before the office ran the rollover): the students follow at once.
    db.run(sql`UPDATE students SET current_grade = rs.next_grade, building_no = rs.next_building,
        updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
      FROM rollover_run_students rs WHERE rs.run_id = ${runId} AND rs.student_id = students.id
        AND students.id IN (${sql.join(ids, sql`, `)}) AND rs.next_grade IS NOT NULL AND ${isCurrent(to)}`),
    db
      .update(students)
      .set({ isActive: false })
      .where(
        sql`${students.id} IN (SELECT student_id FROM rollover_run_students WHERE ${mine} AND next_grade IS NULL)
          AND ${isCurrent(to)}`,
      ),
    db.run(sql`UPDATE rollover_runs SET done = done + ${decisions.length},
      updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ${runId}`),
  ];
  return out;
}

/** Next year's fee accounts of `accounts` and their schedules (instalments found by student and year). */
function accountStatements(
  db: Db,
  to: string,
  decisions: readonly Decision[],
  accounts: Map<number, NewAccount>,
): BatchItem<"sqlite">[] {
  if (!accounts.size) return [];
  const grade = new Map(decisions.map((d) => [d.student.studentId, d.nextGrade!]));
  const rows = [...accounts.entries()];
  const out: BatchItem<"sqlite">[] = [
    db
      .insert(feeRecords)
      .values(
        rows.map(([studentId, a]) => ({
          studentId,
          academicYearName: to,
          grade: grade.get(studentId)!,
          totalPiastres: a.totalPiastres,
          planId: a.planId,
          discountPiastres: a.discountPiastres,
          discountPercent: a.discountPercent,
          discountReason: a.discountReason,
          discountRecurring: a.discountRecurring,
        })),
      )
      .onConflictDoNothing(),
  ];
  const inst = rows.flatMap(([studentId, a]) =>
    a.schedule.map((s) => [studentId, s.seq, s.line, s.lineEn, s.no, s.dueDate, s.amount] as const),
  );
  for (const part of chunks(inst, rowsPerStatement(7))) {
    out.push(
      db.run(sql`INSERT INTO fee_instalments (fee_record_id, seq, line, line_en, no, due_date, amount_piastres)
        SELECT f.id, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7
        FROM (VALUES ${valuesList(part)}) AS v JOIN fee_records f ON f.student_id = v.column1 AND f.academic_year_name = ${to}`),
    );
  }
  return out;
}
