/**
 * Course-selection teachers (docs/product.md#course-selection). Every mutation is ONE `db.batch` holding the change
 * and its audit row. The rules that protect seats are decided by the database inside that write:
 * - a capacity below the seats already taken breaks `teachers_seats{1,2}_chk` (→ 409);
 * - a teacher's `subject_id` is computed in the statement as the id of the ACTIVE subject of that name, or 0 when
 *   there is none, or when the teacher would change subject while student selections reference them; 0 names no
 *   subject, so the foreign key refuses the write (→ 400 SUBJECT_NOT_ACTIVE / 409 TEACHER_SUBJECT_LOCKED);
 * - deleting a teacher that selections reference breaks an ON DELETE RESTRICT key (→ 409).
 * After a refused write, a read only chooses the reason. Timestamps are ISO 8601 UTC.
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { selectionSubjects, studentSelections, teachers, type Teacher } from "../../db/schema";
import type { Db } from "../db";
import { broke, brokeForeignKey } from "../db-constraints";
import type { RequestContext } from "../request-context";
import { ApiError } from "../errors";
import type { TeacherCreateInput, TeacherJson, TeacherUpdateInput } from "../contracts/selection-admin";
import { auditInsert, NEW_ROW_ID, snapshotWith } from "./audit";
import { forgetFull } from "./full-teachers";
import { defined, now } from "./selection-common";

/** A teacher row and its subject's name (null when none) as the API returns them (`teacherJsonSchema`). */
export function toTeacherJson(t: Teacher, subjectName: string | null): TeacherJson {
  return {
    id: t.id,
    teacher_code: t.teacherCode,
    full_name: t.fullName,
    building_no: t.buildingNo,
    subject_id: t.subjectId,
    subject_name: subjectName,
    session_1_capacity: t.session1Capacity,
    session_2_capacity: t.session2Capacity,
    seats_taken_1: t.seatsTaken1,
    seats_taken_2: t.seatsTaken2,
    is_active: t.isActive,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

/** Every teacher with its subject's name (null when none), newest first. */
export async function listTeachers(db: Db): Promise<TeacherJson[]> {
  const rows = await db
    .select({ teacher: teachers, subjectName: selectionSubjects.name })
    .from(teachers)
    .leftJoin(selectionSubjects, eq(teachers.subjectId, selectionSubjects.id))
    .orderBy(desc(teachers.id));
  return rows.map((r) => toTeacherJson(r.teacher, r.subjectName));
}

/** SQL: the id of the active subject called `name`, or NULL. */
export const activeSubjectId = (name: string): SQL =>
  sql`(SELECT ${selectionSubjects.id} FROM ${selectionSubjects} WHERE ${selectionSubjects.name} = ${name} AND ${selectionSubjects.isActive} = 1)`;

/**
 * SQL for a teacher's new `subject_id` when it is set to the active subject `name`: 0 (which breaks the foreign key,
 * so the write fails) when the subject would change while students have chosen the teacher, or when `name` is not
 * an active subject. The edit form and the import refuse these in the write itself.
 */
export const teacherSubjectSql = (name: string): SQL => {
  const target = activeSubjectId(name);
  const hasSelections = sql`EXISTS (SELECT 1 FROM ${studentSelections} WHERE ${studentSelections.teacherId} = ${teachers.id})`;
  return sql`CASE WHEN ${teachers.subjectId} IS NOT ${target} AND ${hasSelections} THEN 0 ELSE coalesce(${target}, 0) END`;
};

/**
 * SQL: the largest number a new code must exceed: the table's AUTOINCREMENT sequence (never reused after a delete),
 * its largest id, and the largest `T-nnnnn` code in use (a code need not match its row's id: codes made before this
 * rule, and any typed in by hand, may run ahead of the ids).
 */
const lastTeacherSeqSql = sql`max(
  coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'teachers'), 0),
  coalesce((SELECT max(id) FROM ${teachers}), 0),
  coalesce((SELECT max(CAST(substr(teacher_code, 3) AS INTEGER)) FROM ${teachers} WHERE teacher_code GLOB 'T-[0-9]*'), 0))`;

/**
 * SQL: the next `T-00042` code, computed inside the write that inserts the teacher (SQLite runs one write at a time,
 * so two creations never pick the same code, and statements later in a batch see the earlier ones' codes).
 */
export const nextTeacherCodeSql = sql`printf('T-%05d', ${lastTeacherSeqSql} + 1)`;

async function isActiveSubject(db: Db, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: selectionSubjects.id })
    .from(selectionSubjects)
    .where(and(eq(selectionSubjects.name, name), eq(selectionSubjects.isActive, true)));
  return Boolean(row);
}

/**
 * Creates a teacher with a generated unique `teacher_code` (made in the write itself, `nextTeacherCodeSql`).
 * Throws 400 SUBJECT_NOT_ACTIVE.
 */
export async function createTeacher(ctx: RequestContext, input: TeacherCreateInput): Promise<TeacherJson> {
  const { db } = ctx;
  const values = {
    teacherCode: nextTeacherCodeSql,
    fullName: input.full_name,
    buildingNo: input.building_no,
    subjectId: sql`coalesce(${activeSubjectId(input.subject_name)}, 0)`,
    session1Capacity: input.session_1_capacity,
    session2Capacity: input.session_2_capacity,
    isActive: input.is_active,
  };
  try {
    const [[row]] = await db.batch([
      db.insert(teachers).values(values).returning(),
      auditInsert(ctx, {
        action: "create",
        entity: "teacher",
        entityId: NEW_ROW_ID,
        after: snapshotWith(
          { ...input },
          { teacher_code: sql`(SELECT teacher_code FROM teachers WHERE id = last_insert_rowid())` },
        ),
      }),
    ]);
    return toTeacherJson(row!, input.subject_name);
  } catch (err) {
    if (brokeForeignKey(err)) throw new ApiError("SUBJECT_NOT_ACTIVE");
    throw err;
  }
}

/**
 * Updates teacher `id`. Throws 404 TEACHER_NOT_FOUND; 400 SUBJECT_NOT_ACTIVE; 409 TEACHER_SUBJECT_LOCKED when a
 * teacher with selections would change subject; 409 TEACHER_CAPACITY_BELOW_TAKEN (params `taken`, `session`; body
 * `session`, `seats_taken`) when a capacity falls below the seats taken.
 */
export async function updateTeacher(ctx: RequestContext, id: number, input: TeacherUpdateInput): Promise<TeacherJson> {
  const { db } = ctx;
  const [before] = await db.select().from(teachers).where(eq(teachers.id, id));
  if (!before) throw new ApiError("TEACHER_NOT_FOUND");
  const set = defined({
    fullName: input.full_name,
    buildingNo: input.building_no,
    subjectId: teacherSubjectSql(input.subject_name),
    session1Capacity: input.session_1_capacity,
    session2Capacity: input.session_2_capacity,
    isActive: input.is_active,
    updatedAt: now(),
  });
  try {
    const [[row]] = await db.batch([
      db.update(teachers).set(set).where(eq(teachers.id, id)).returning(),
      auditInsert(ctx, {
        action: "update",
        entity: "teacher",
        entityId: id,
        before: toTeacherJson(before, null),
        after: input,
      }),
    ]);
    if (!row) throw new ApiError("TEACHER_NOT_FOUND");
    forgetFull(); // a capacity may have grown
    return toTeacherJson(row, input.subject_name);
  } catch (err) {
    if (brokeForeignKey(err)) {
      throw new ApiError(
        (await isActiveSubject(db, input.subject_name)) ? "TEACHER_SUBJECT_LOCKED" : "SUBJECT_NOT_ACTIVE",
      );
    }
    const session = broke(err, "teachers_seats1_chk") ? 1 : broke(err, "teachers_seats2_chk") ? 2 : 0;
    if (session) {
      const [current] = await db.select().from(teachers).where(eq(teachers.id, id));
      const taken = (session === 1 ? current?.seatsTaken1 : current?.seatsTaken2) ?? 0;
      throw new ApiError("TEACHER_CAPACITY_BELOW_TAKEN", {
        params: { taken, session },
        extra: { session, seats_taken: taken },
      });
    }
    throw err;
  }
}

/** Deletes teacher `id`. Throws 404 TEACHER_NOT_FOUND; 409 TEACHER_HAS_SELECTIONS while selections reference it (FK RESTRICT). */
export async function deleteTeacher(ctx: RequestContext, id: number): Promise<void> {
  const { db } = ctx;
  const [before] = await db.select().from(teachers).where(eq(teachers.id, id));
  if (!before) throw new ApiError("TEACHER_NOT_FOUND");
  try {
    const [deleted] = await db.batch([
      db.delete(teachers).where(eq(teachers.id, id)).returning({ id: teachers.id }),
      auditInsert(ctx, { action: "delete", entity: "teacher", entityId: id, before: toTeacherJson(before, null) }),
    ]);
    if (!deleted[0]) throw new ApiError("TEACHER_NOT_FOUND");
  } catch (err) {
    if (brokeForeignKey(err)) throw new ApiError("TEACHER_HAS_SELECTIONS");
    throw err;
  }
}
