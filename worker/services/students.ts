/**
 * Student records (docs/product.md#students).
 * Every mutation is one `db.batch` holding the change and its audit row. Uniqueness of `student_no` and the
 * "no history is lost" rule on delete are enforced by the database (UNIQUE index, ON DELETE RESTRICT foreign
 * keys), so two racing requests cannot get around them; constraint failures become 409s with clear texts.
 */
import { and, eq, notExists, sql } from "drizzle-orm";
import { feeRecords, studentGuardians, students } from "../../db/schema";
import type { Db } from "../db";
import { broke, brokeForeignKey } from "../db-constraints";
import type { RequestContext } from "../request-context";
import { ApiError } from "../errors";
import { can } from "../permissions";
import type { CreateStudentInput, StudentJson, UpdateStudentInput } from "../contracts/students";
import { currentEnrolmentStatements } from "./academic-years/enrolments";
import { NEW_ROW_ID, auditInsert, auditInsertIfChanged } from "./audit";
import { groupGuardians, guardianValues, guardiansOf, replaceGuardians, studentIdOf } from "./guardians";
import { STUDENT_ANSWER_COLUMNS, STUDENT_COLUMNS, studentValues, toStudentJson } from "./student-rows";

// The row's shape and the shared search live in their own modules; re-exported for the services that import them here.
export { STUDENT_COLUMNS, studentValues, toStudentJson } from "./student-rows";
export { containsPattern, gradeRankSql, studentSearchCondition } from "./student-search";
export { listStudents, listStudentsPage } from "./student-list";

async function findById(db: Db, id: number) {
  const [row] = await db.select(STUDENT_ANSWER_COLUMNS).from(students).where(eq(students.id, id));
  return row;
}

function isDuplicateStudentNo(err: unknown): boolean {
  return broke(err, "students.student_no");
}

/** Creates a student. Throws 409 CONFLICT (`DUPLICATE_STUDENT`) when `student_no` is taken. */
export async function createStudent(ctx: RequestContext, input: CreateStudentInput): Promise<StudentJson> {
  const { db } = ctx;
  const values = studentValues(input);
  const guardians = guardianValues(ctx, studentIdOf(input.student_no), input.guardians ?? []);
  const writeGuardians = guardians.length ? [db.insert(studentGuardians).values(guardians).returning()] : [];
  try {
    const [[row], , , , written] = await db.batch([
      db.insert(students).values(values).returning(),
      auditInsert(ctx, { action: "create", entity: "student", entityId: NEW_ROW_ID, after: input }),
      // The current year's enrolment, with the student (docs/product.md#academic-years-and-rollover).
      ...currentEnrolmentStatements(
        db,
        sql`(SELECT id FROM students WHERE student_no = ${values.studentNo})`,
        { grade: values.currentGrade, buildingNo: values.buildingNo, section: input.section ?? null },
        ctx.now.toISOString(),
      ),
      ...writeGuardians,
    ]);
    const section = input.section ?? null;
    return toStudentJson({ ...row!, section }, groupGuardians(written ?? []).get(row!.id));
  } catch (err) {
    if (isDuplicateStudentNo(err)) throw new ApiError("STUDENT_DUPLICATE");
    throw err;
  }
}

/**
 * Updates student `id` with the form's fields (`gender`/`is_active` kept when omitted). Throws 404 when the
 * student does not exist, 409 when the new `student_no` belongs to another student.
 */
export async function updateStudent(ctx: RequestContext, id: number, input: UpdateStudentInput): Promise<StudentJson> {
  const { db } = ctx;
  const before = await findById(db, id);
  if (!before) throw new ApiError("STUDENT_NOT_FOUND");
  const guardiansBefore = (await guardiansOf(db, [id])).get(id) ?? [];
  const writeGuardians = input.guardians
    ? replaceGuardians(db, id, guardianValues(ctx, id, input.guardians, guardiansBefore))
    : [];
  const set = {
    ...studentValues(input),
    gender: input.gender ?? before.gender,
    isActive: input.is_active ?? before.isActive,
    updatedAt: new Date().toISOString(),
  };
  try {
    const [rows] = await db.batch([
      db.update(students).set(set).where(eq(students.id, id)).returning(),
      auditInsert(ctx, {
        action: "update",
        entity: "student",
        entityId: id,
        before: toStudentJson(before, guardiansBefore),
        after: input,
      }),
      ...writeGuardians,
      ...currentEnrolmentStatements(
        db,
        id,
        { grade: set.currentGrade, buildingNo: set.buildingNo, section: input.section },
        ctx.now.toISOString(),
      ),
    ]);
    if (!rows[0]) throw new ApiError("STUDENT_NOT_FOUND");
    const section = input.section === undefined ? (before.section ?? null) : input.section;
    return toStudentJson({ ...rows[0], section }, (await guardiansOf(db, [id])).get(id));
  } catch (err) {
    if (isDuplicateStudentNo(err)) throw new ApiError("STUDENT_DUPLICATE");
    throw err;
  }
}

/**
 * Deletes the student with `student_no`, together with an unpaid fee record that has no payment rows (one batch).
 * Payments, results and course selections keep the student: their ON DELETE RESTRICT foreign keys abort the
 * batch, which becomes 409 `STUDENT_HAS_HISTORY`. Deleting a fee record is `fees.write`'s: without it, the DELETE's
 * own WHERE keeps a student who has one, 409 `STUDENT_HAS_FEES` (docs/product.md#students). Throws 404 when no such
 * student exists. Returns the deleted student's id (for the live event).
 */
export async function deleteStudent(ctx: RequestContext, studentNo: string): Promise<number> {
  const { db } = ctx;
  const [before] = await db.select(STUDENT_COLUMNS).from(students).where(eq(students.studentNo, studentNo));
  if (!before) throw new ApiError("STUDENT_NOT_FOUND");
  const [fee] = await db.select().from(feeRecords).where(eq(feeRecords.studentId, before.id));
  const feesWrite = can(ctx.actor.role, "fees.write");
  const ofStudent = eq(feeRecords.studentId, before.id);
  const noFee = notExists(db.select({ one: sql`1` }).from(feeRecords).where(ofStudent));
  try {
    const [, deleted] = await db.batch([
      db.delete(feeRecords).where(feesWrite ? ofStudent : sql`0`),
      db
        .delete(students)
        .where(and(eq(students.id, before.id), feesWrite ? undefined : noFee))
        .returning({ id: students.id }),
      auditInsertIfChanged(ctx, {
        action: "delete",
        entity: "student",
        entityId: before.id,
        before: { ...toStudentJson(before), fee_record: fee ?? null },
      }),
    ]);
    if (deleted[0]) return before.id;
    const [kept] = await db.select({ id: students.id }).from(students).where(eq(students.id, before.id));
    throw new ApiError(kept ? "STUDENT_HAS_FEES" : "STUDENT_NOT_FOUND");
  } catch (err) {
    if (brokeForeignKey(err)) throw new ApiError("STUDENT_HAS_HISTORY");
    throw err;
  }
}
