/**
 * The course-selection catalogue: subjects, teachers and selection periods (docs/product.md#course-selection,
 * #selection-periods).
 *
 * Every mutation is ONE `db.batch` holding the change and its audit row. The rules that protect seats and
 * selections are decided by the database inside that write, so a racing request cannot slip past them:
 * - a capacity below the seats already taken breaks `teachers_seats{1,2}_chk` (→ 409);
 * - a teacher's `subject_id` is computed in the statement as the id of the ACTIVE subject of that name, or 0 when
 *   there is none, or when the teacher would change subject while student selections reference them; 0 names no
 *   subject, so the foreign key refuses the write (→ 400 SUBJECT_NOT_ACTIVE / 409 TEACHER_SUBJECT_LOCKED);
 * - deleting a subject or a teacher that selections (or teachers) reference breaks an ON DELETE RESTRICT key (→ 409);
 * - at most one period is active (partial unique index); activating one deactivates the others first, in the
 *   same batch; the active period cannot be deleted (a guard statement breaks `periods_dates_chk` → 409).
 * After a refused write, a read only chooses the reason. Timestamps are ISO 8601 UTC.
 */
import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import {
  selectionPeriods,
  selectionSubjects,
  studentSelections,
  teachers,
  type SelectionPeriod,
  type Teacher,
} from "../../db/schema";
import type { Db } from "../db";
import { broke, brokeForeignKey } from "../db-constraints";
import type { ActingAdmin } from "../env";
import { ApiError } from "../errors";
import type {
  PeriodCreateInput,
  PeriodJson,
  PeriodUpdateInput,
  SubjectCreateInput,
  SubjectJson,
  SubjectUpdateInput,
  TeacherCreateInput,
  TeacherJson,
  TeacherUpdateInput,
} from "../api/selection-admin.schema";
import { NEW_ROW_ID, auditInsert } from "./audit";
import { forgetFull } from "./full-teachers";

const now = () => new Date().toISOString();
/** Keeps only the keys whose value is defined: an omitted PUT field leaves its column as stored at write time. */
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

// ---------------------------------------------------------------- subjects

type SubjectRow = typeof selectionSubjects.$inferSelect;

/** A subject row as the API returns it (`subjectJsonSchema`). */
export function toSubjectJson(r: SubjectRow): SubjectJson {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    is_active: r.isActive,
    max_selections: r.maxSelections,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

const isDuplicateName = (err: unknown) => broke(err, "selection_subjects.name");

/** Every subject, newest first. */
export async function listSubjects(db: Db): Promise<SubjectJson[]> {
  return (await db.select().from(selectionSubjects).orderBy(desc(selectionSubjects.id))).map(toSubjectJson);
}

/** Creates a subject. Throws 409 SUBJECT_DUPLICATE. */
export async function createSubject(
  db: Db,
  admin: ActingAdmin,
  input: SubjectCreateInput,
  requestId?: string,
): Promise<SubjectJson> {
  const values = {
    name: input.name,
    description: input.description,
    isActive: input.is_active,
    maxSelections: input.max_selections,
  };
  try {
    const [[row]] = await db.batch([
      db.insert(selectionSubjects).values(values).returning(),
      auditInsert(
        db,
        admin,
        {
          action: "create",
          entity: "selection_subject",
          entityId: sql`(SELECT id FROM selection_subjects WHERE name = ${input.name})`,
          after: input,
        },
        requestId,
      ),
    ]);
    return toSubjectJson(row!);
  } catch (err) {
    if (isDuplicateName(err)) throw new ApiError("SUBJECT_DUPLICATE");
    throw err;
  }
}

/** Updates subject `id`. Throws 404 SUBJECT_NOT_FOUND, 409 SUBJECT_DUPLICATE. */
export async function updateSubject(
  db: Db,
  admin: ActingAdmin,
  id: number,
  input: SubjectUpdateInput,
  requestId?: string,
): Promise<SubjectJson> {
  const [before] = await db.select().from(selectionSubjects).where(eq(selectionSubjects.id, id));
  if (!before) throw new ApiError("SUBJECT_NOT_FOUND");
  const set = defined({
    name: input.name,
    description: input.description,
    isActive: input.is_active,
    maxSelections: input.max_selections,
    updatedAt: now(),
  });
  try {
    const [[row]] = await db.batch([
      db.update(selectionSubjects).set(set).where(eq(selectionSubjects.id, id)).returning(),
      auditInsert(
        db,
        admin,
        { action: "update", entity: "selection_subject", entityId: id, before: toSubjectJson(before), after: input },
        requestId,
      ),
    ]);
    if (!row) throw new ApiError("SUBJECT_NOT_FOUND");
    return toSubjectJson(row);
  } catch (err) {
    if (isDuplicateName(err)) throw new ApiError("SUBJECT_DUPLICATE");
    throw err;
  }
}

/** Deletes subject `id`. Throws 404 SUBJECT_NOT_FOUND; 409 SUBJECT_IN_USE while teachers or selections reference it (FK RESTRICT). */
export async function deleteSubject(db: Db, admin: ActingAdmin, id: number, requestId?: string): Promise<void> {
  const [before] = await db.select().from(selectionSubjects).where(eq(selectionSubjects.id, id));
  if (!before) throw new ApiError("SUBJECT_NOT_FOUND");
  try {
    const [deleted] = await db.batch([
      db.delete(selectionSubjects).where(eq(selectionSubjects.id, id)).returning({ id: selectionSubjects.id }),
      auditInsert(
        db,
        admin,
        { action: "delete", entity: "selection_subject", entityId: id, before: toSubjectJson(before) },
        requestId,
      ),
    ]);
    if (!deleted[0]) throw new ApiError("SUBJECT_NOT_FOUND");
  } catch (err) {
    if (brokeForeignKey(err)) throw new ApiError("SUBJECT_IN_USE");
    throw err;
  }
}

// ---------------------------------------------------------------- teachers

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

/** SQL: the table's AUTOINCREMENT sequence (never reused after a delete), or its largest id. */
const lastTeacherSeqSql = sql`max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'teachers'), 0), coalesce((SELECT max(id) FROM ${teachers}), 0))`;

/** SQL: the next `T-00042` code, computed inside the write (the import's batch of new teachers). */
export const nextTeacherCodeSql = sql`printf('T-%05d', ${lastTeacherSeqSql} + 1)`;

async function isActiveSubject(db: Db, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: selectionSubjects.id })
    .from(selectionSubjects)
    .where(and(eq(selectionSubjects.name, name), eq(selectionSubjects.isActive, true)));
  return Boolean(row);
}

const CODE_ATTEMPTS = 12;

/**
 * The next `T-00042`-style code: the table's AUTOINCREMENT sequence (never reused after a delete) + 1 + `skip`.
 * Two concurrent creations may pick the same code; the UNIQUE index refuses the second, which retries.
 */
async function teacherCode(db: Db, skip: number): Promise<string> {
  const row = await db.get<{ n: number | null }>(sql`SELECT ${lastTeacherSeqSql} AS n`);
  return `T-${String(Number(row?.n ?? 0) + 1 + skip).padStart(5, "0")}`;
}

/**
 * Creates a teacher with a generated unique `teacher_code`. Throws 400 SUBJECT_NOT_ACTIVE; 409 TEACHER_CODE_UNAVAILABLE
 * when every attempt at a free code raced another creation.
 */
export async function createTeacher(
  db: Db,
  admin: ActingAdmin,
  input: TeacherCreateInput,
  requestId?: string,
): Promise<TeacherJson> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = await teacherCode(db, attempt);
    const values = {
      teacherCode: code,
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
        auditInsert(
          db,
          admin,
          {
            action: "create",
            entity: "teacher",
            entityId: sql`(SELECT id FROM teachers WHERE teacher_code = ${code})`,
            after: { teacher_code: code, ...input },
          },
          requestId,
        ),
      ]);
      return toTeacherJson(row!, input.subject_name);
    } catch (err) {
      if (broke(err, "teachers.teacher_code")) continue;
      if (brokeForeignKey(err)) throw new ApiError("SUBJECT_NOT_ACTIVE");
      throw err;
    }
  }
  throw new ApiError("TEACHER_CODE_UNAVAILABLE");
}

/**
 * Updates teacher `id`. Throws 404 TEACHER_NOT_FOUND; 400 SUBJECT_NOT_ACTIVE; 409 TEACHER_SUBJECT_LOCKED when a
 * teacher with selections would change subject; 409 TEACHER_CAPACITY_BELOW_TAKEN (params `taken`, `session`; body
 * `session`, `seats_taken`) when a capacity falls below the seats taken.
 */
export async function updateTeacher(
  db: Db,
  admin: ActingAdmin,
  id: number,
  input: TeacherUpdateInput,
  requestId?: string,
): Promise<TeacherJson> {
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
      auditInsert(
        db,
        admin,
        { action: "update", entity: "teacher", entityId: id, before: toTeacherJson(before, null), after: input },
        requestId,
      ),
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
export async function deleteTeacher(db: Db, admin: ActingAdmin, id: number, requestId?: string): Promise<void> {
  const [before] = await db.select().from(teachers).where(eq(teachers.id, id));
  if (!before) throw new ApiError("TEACHER_NOT_FOUND");
  try {
    const [deleted] = await db.batch([
      db.delete(teachers).where(eq(teachers.id, id)).returning({ id: teachers.id }),
      auditInsert(
        db,
        admin,
        { action: "delete", entity: "teacher", entityId: id, before: toTeacherJson(before, null) },
        requestId,
      ),
    ]);
    if (!deleted[0]) throw new ApiError("TEACHER_NOT_FOUND");
  } catch (err) {
    if (brokeForeignKey(err)) throw new ApiError("TEACHER_HAS_SELECTIONS");
    throw err;
  }
}

// ---------------------------------------------------------------- periods

/** A period row as the API returns it (`periodJsonSchema`; dates ISO UTC). */
export function toPeriodJson(p: SelectionPeriod): PeriodJson {
  return {
    id: p.id,
    period_name: p.periodName,
    start_date: p.startDate,
    end_date: p.endDate,
    is_active: p.isActive,
    allow_changes: p.allowChanges,
    max_subjects: p.maxSubjects,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

/** Every period, latest start first. */
export async function listPeriods(db: Db): Promise<PeriodJson[]> {
  return (
    await db.select().from(selectionPeriods).orderBy(desc(selectionPeriods.startDate), desc(selectionPeriods.id))
  ).map(toPeriodJson);
}

/**
 * Deactivates every active period except `keepId` — a no-op unless `activating`. With `keepId`, only while that
 * period still exists, so activating a period deleted meanwhile cannot leave the school with none active.
 */
function deactivateOthers(db: Db, activating: boolean, keepId?: number) {
  const p = selectionPeriods;
  const keep =
    keepId === undefined
      ? sql`1`
      : and(ne(p.id, keepId), sql`EXISTS (SELECT 1 FROM ${p} AS k WHERE k.id = ${keepId})`)!;
  return db
    .update(p)
    .set({ isActive: false, updatedAt: now() })
    .where(and(eq(p.isActive, true), activating ? keep : sql`0`));
}

/** Creates a period; an active one replaces the current active period. */
export async function createPeriod(
  db: Db,
  admin: ActingAdmin,
  input: PeriodCreateInput,
  requestId?: string,
): Promise<PeriodJson> {
  const values = {
    periodName: input.period_name,
    startDate: input.start_date,
    endDate: input.end_date,
    isActive: input.is_active,
    allowChanges: input.allow_changes,
    maxSubjects: input.max_subjects,
  };
  const [, [row]] = await db.batch([
    deactivateOthers(db, input.is_active),
    db.insert(selectionPeriods).values(values).returning(),
    auditInsert(
      db,
      admin,
      { action: "create", entity: "selection_period", entityId: NEW_ROW_ID, after: input },
      requestId,
    ),
  ]);
  return toPeriodJson(row!);
}

async function writePeriod(
  db: Db,
  admin: ActingAdmin,
  id: number,
  change: Partial<PeriodUpdateInput>,
  action: string,
  requestId?: string,
): Promise<PeriodJson> {
  const [before] = await db.select().from(selectionPeriods).where(eq(selectionPeriods.id, id));
  if (!before) throw new ApiError("PERIOD_NOT_FOUND");
  const set = defined({
    periodName: change.period_name,
    startDate: change.start_date,
    endDate: change.end_date,
    isActive: change.is_active,
    allowChanges: change.allow_changes,
    maxSubjects: change.max_subjects,
    updatedAt: now(),
  });
  const [, [row]] = await db.batch([
    deactivateOthers(db, change.is_active === true, id),
    db.update(selectionPeriods).set(set).where(eq(selectionPeriods.id, id)).returning(),
    auditInsert(
      db,
      admin,
      { action, entity: "selection_period", entityId: id, before: toPeriodJson(before), after: change },
      requestId,
    ),
  ]);
  if (!row) throw new ApiError("PERIOD_NOT_FOUND");
  return toPeriodJson(row);
}

/** Updates period `id` (activating it deactivates the others). Throws 404 PERIOD_NOT_FOUND. */
export const updatePeriod = (db: Db, admin: ActingAdmin, id: number, input: PeriodUpdateInput, requestId?: string) =>
  writePeriod(db, admin, id, input, "update", requestId);

/** Sets period `id`'s active flag; activating deactivates every other period in the same batch. Throws 404 PERIOD_NOT_FOUND. */
export const togglePeriod = (db: Db, admin: ActingAdmin, id: number, isActive: boolean, requestId?: string) =>
  writePeriod(db, admin, id, { is_active: isActive }, "toggle", requestId);

/**
 * Deletes period `id`; its selections keep their rows (`period_id` → NULL). Throws 404 PERIOD_NOT_FOUND; 409 PERIOD_IS_ACTIVE
 * for the active period, which must be deactivated first (so a click cannot close a running selection).
 */
export async function deletePeriod(db: Db, admin: ActingAdmin, id: number, requestId?: string): Promise<void> {
  const p = selectionPeriods;
  const [before] = await db.select().from(p).where(eq(p.id, id));
  if (!before) throw new ApiError("PERIOD_NOT_FOUND");
  if (before.isActive) throw new ApiError("PERIOD_IS_ACTIVE");
  try {
    const [, deleted] = await db.batch([
      // Guard against an activation that raced the check above: on an active row this breaks periods_dates_chk.
      db
        .update(p)
        .set({ endDate: sql`${p.startDate}` })
        .where(and(eq(p.id, id), eq(p.isActive, true))),
      db.delete(p).where(eq(p.id, id)).returning({ id: p.id }),
      auditInsert(
        db,
        admin,
        { action: "delete", entity: "selection_period", entityId: id, before: toPeriodJson(before) },
        requestId,
      ),
    ]);
    if (!deleted[0]) throw new ApiError("PERIOD_NOT_FOUND");
  } catch (err) {
    if (broke(err, "periods_dates_chk")) throw new ApiError("PERIOD_IS_ACTIVE");
    throw err;
  }
}
