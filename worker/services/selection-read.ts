/**
 * Prep-3 teacher selection, reads (docs/product.md#teacher-selection; the admin summary and uncovered subjects,
 * #course-selection). Times are ISO 8601 UTC strings; seats are counts.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import {
  selectionPeriods,
  selectionRegistrations,
  selectionSubjects,
  studentSelections,
  students,
  teachers,
} from "../../db/schema";
import type { Db } from "../db";
import type { SummaryRow, UncoveredSubject } from "../contracts/selection-admin";
import type { SeatCounts, SelectionState, StudentCard, TeacherOption } from "../contracts/public-selection";
import { ApiError } from "../errors";

export const SELECTION_GRADE = "Prep-3";
export const UPDATE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export type Period = typeof selectionPeriods.$inferSelect;

/**
 * The subjects a student must choose a teacher for, as a condition on `selection_subjects`: active, with at least
 * one active teacher (docs/product.md#teacher-selection). A subject nobody can choose is not required, so a subject
 * left without teachers does not block every student. The same rule decides the teachers endpoint (its subjects are
 * exactly these), the read-phase check and the write's guard, so the page and the server never disagree.
 */
export const REQUIRED_SUBJECT = sql`selection_subjects.is_active = 1
  AND EXISTS (SELECT 1 FROM teachers rt WHERE rt.subject_id = selection_subjects.id AND rt.is_active = 1)`;
export type PeriodState = "none" | "not_started" | "open" | "ended";

/** The single active period, if any. */
export async function activePeriod(db: Db): Promise<Period | null> {
  const [row] = await db.select().from(selectionPeriods).where(eq(selectionPeriods.isActive, true)).limit(1);
  return row ?? null;
}

export function periodState(period: Pick<Period, "startDate" | "endDate"> | null, nowIso: string): PeriodState {
  if (!period) return "none";
  if (nowIso < period.startDate) return "not_started";
  if (nowIso > period.endDate) return "ended";
  return "open";
}

/**
 * Throws the 403 of a period that is missing (NO_ACTIVE_PERIOD) or has not started (PERIOD_NOT_OPEN). These come
 * before anything about the ID, so every ID gets the same answer while selection is closed.
 */
export function assertPeriodVisible(state: PeriodState): void {
  if (state === "none") throw new ApiError("NO_ACTIVE_PERIOD");
  if (state === "not_started") throw new ApiError("PERIOD_NOT_OPEN");
}

/** True for a student who may take part in teacher selection: active and in Prep-3. */
export const isEligible = (s: { isActive: boolean; currentGrade: string }) =>
  s.isActive && s.currentGrade === SELECTION_GRADE;

/**
 * The answer every public selection endpoint gives for an ID that is unknown or not an active Prep-3 student: ONE
 * answer for both (403 SELECTION_NOT_ELIGIBLE, the same reason, text and body, no params), so the endpoints do not
 * tell which national IDs belong to students (docs/product.md#teacher-selection).
 */
export const notEligible = () => new ApiError("SELECTION_NOT_ELIGIBLE");

/**
 * The student behind a student number, for the public lookups, in the order that reveals nothing: with no period
 * active, or one not started yet, every ID gets the same closed answer (403); otherwise an unknown ID and an
 * ineligible student get the same `notEligible` 403. Returns the active Prep-3 student and the period.
 */
export async function visibleStudent(db: Db, studentNo: string, nowIso: string) {
  const [[s], period] = await Promise.all([
    db.select().from(students).where(eq(students.studentNo, studentNo)),
    activePeriod(db),
  ]);
  assertPeriodVisible(periodState(period, nowIso));
  if (!s || !isEligible(s)) throw notEligible();
  return { student: s, period: period! };
}

/** `GET /student/{id}`: the student card. Throws the 403s of `visibleStudent`. */
export async function lookupStudent(db: Db, studentNo: string, nowIso: string): Promise<StudentCard> {
  const { student } = await visibleStudent(db, studentNo, nowIso);
  return { student_no: student.studentNo, full_name: student.fullName, current_grade: student.currentGrade };
}

/** `GET /student/{id}/selections`: the current selections and what the student may still do. Throws as `visibleStudent`. */
export async function studentSelectionState(db: Db, studentNo: string, nowIso: string): Promise<SelectionState> {
  const { student, period } = await visibleStudent(db, studentNo, nowIso);
  const [[registration], rows] = await Promise.all([
    db.select().from(selectionRegistrations).where(eq(selectionRegistrations.studentId, student.id)),
    db
      .select({
        subject_id: studentSelections.subjectId,
        subject_name: selectionSubjects.name,
        teacher_id: studentSelections.teacherId,
        teacher_name: teachers.fullName,
        session_number: studentSelections.sessionNumber,
        selection_date: studentSelections.selectedAt,
      })
      .from(studentSelections)
      .innerJoin(selectionSubjects, eq(selectionSubjects.id, studentSelections.subjectId))
      .innerJoin(teachers, eq(teachers.id, studentSelections.teacherId))
      .where(eq(studentSelections.studentId, student.id))
      .orderBy(asc(selectionSubjects.id)),
  ]);
  const state = periodState(period, nowIso);
  const samePeriod = !!registration && registration.periodId === period?.id;
  const hasUpdated = samePeriod && registration.updateCount >= 1;
  const canUpdate =
    rows.length > 0 &&
    samePeriod &&
    !hasUpdated &&
    state === "open" &&
    !!period?.allowChanges &&
    nowIso <= registration.updateDeadline;
  return {
    has_selections: rows.length > 0,
    selections: rows,
    canUpdate,
    updateDeadline: samePeriod ? registration.updateDeadline : null,
    hasUpdated,
    periodClosed: state !== "open",
  };
}

/** Seats left per session, and the session the server would assign now (more free seats; 1 on a tie; null if full). */
function seatFields(t: { c1: number; c2: number; s1: number; s2: number }): Omit<SeatCounts, "teacher_id"> {
  const a1 = Math.max(0, t.c1 - t.s1);
  const a2 = Math.max(0, t.c2 - t.s2);
  return {
    session_1_available: a1,
    session_2_available: a2,
    recommended_session: a1 === 0 && a2 === 0 ? null : a1 >= a2 ? 1 : 2,
  };
}

const seatColumns = {
  c1: teachers.session1Capacity,
  c2: teachers.session2Capacity,
  s1: teachers.seatsTaken1,
  s2: teachers.seatsTaken2,
};
const offered = and(eq(teachers.isActive, true), eq(selectionSubjects.isActive, true));

/** `GET /teachers/{id}`: active teachers of active subjects with seats left. */
export async function availableTeachers(db: Db): Promise<TeacherOption[]> {
  const rows = await db
    .select({
      id: teachers.id,
      code: teachers.teacherCode,
      name: teachers.fullName,
      building: teachers.buildingNo,
      subjectId: selectionSubjects.id,
      subjectName: selectionSubjects.name,
      ...seatColumns,
    })
    .from(teachers)
    .innerJoin(selectionSubjects, eq(selectionSubjects.id, teachers.subjectId))
    .where(offered)
    .orderBy(asc(selectionSubjects.id), asc(teachers.fullName));
  return rows.map((t) => ({
    teacher_id: t.id,
    teacher_code: t.code,
    teacher_name: t.name,
    building_no: t.building,
    subject_id: t.subjectId,
    subject_name: t.subjectName,
    ...seatFields(t),
  }));
}

/** Seats only (no names, no personal data): for the page's live refresh. */
export async function seatSnapshot(db: Db): Promise<SeatCounts[]> {
  const rows = await db
    .select({ id: teachers.id, ...seatColumns })
    .from(teachers)
    .innerJoin(selectionSubjects, eq(selectionSubjects.id, teachers.subjectId))
    .where(offered);
  return rows.map((t) => ({ teacher_id: t.id, ...seatFields(t) }));
}

/**
 * Active subjects without an active teacher with a free seat (docs/product.md#course-selection), by name, for the
 * admin warning: `active_teachers` 0 means students are not asked for the subject; more than 0 means they are, but
 * every seat is taken (or has no capacity), so no student can complete a selection. Seats are counts.
 */
export async function subjectsWithoutSeats(db: Db): Promise<UncoveredSubject[]> {
  const seatsLeft = sql<number>`coalesce(sum(max(0, ${teachers.session1Capacity} - ${teachers.seatsTaken1}) + max(0, ${teachers.session2Capacity} - ${teachers.seatsTaken2})), 0)`;
  const rows = await db
    .select({
      subject_id: selectionSubjects.id,
      subject_name: selectionSubjects.name,
      active_teachers: sql<number>`count(${teachers.id})`,
      seats_left: seatsLeft,
    })
    .from(selectionSubjects)
    .leftJoin(teachers, and(eq(teachers.subjectId, selectionSubjects.id), eq(teachers.isActive, true)))
    .where(eq(selectionSubjects.isActive, true))
    .groupBy(selectionSubjects.id)
    .having(sql`${seatsLeft} = 0`)
    .orderBy(asc(selectionSubjects.name));
  return rows.map((r) => ({ ...r, active_teachers: Number(r.active_teachers), seats_left: Number(r.seats_left) }));
}

/** Admin summary: one row per subject × teacher × session with the student numbers in it. */
export async function selectionSummary(db: Db): Promise<SummaryRow[]> {
  const rows = await db
    .select({
      subject_name: selectionSubjects.name,
      teacher_name: teachers.fullName,
      session_number: studentSelections.sessionNumber,
      total_selections: sql<number>`count(*)`,
      student_ids: sql<string>`json_group_array(${students.studentNo})`,
    })
    .from(studentSelections)
    .innerJoin(selectionSubjects, eq(selectionSubjects.id, studentSelections.subjectId))
    .innerJoin(teachers, eq(teachers.id, studentSelections.teacherId))
    .innerJoin(students, eq(students.id, studentSelections.studentId))
    .groupBy(selectionSubjects.id, teachers.id, studentSelections.sessionNumber)
    .orderBy(asc(selectionSubjects.name), asc(teachers.fullName), asc(studentSelections.sessionNumber));
  return rows.map((r) => ({
    ...r,
    total_selections: Number(r.total_selections),
    student_ids: JSON.parse(r.student_ids) as string[],
  }));
}
