/**
 * Student records (docs/product.md#students).
 * Every mutation is one `db.batch` holding the change and its audit row. Uniqueness of `student_no` and the
 * "no history is lost" rule on delete are enforced by the database (UNIQUE index, ON DELETE RESTRICT foreign
 * keys), so two racing requests cannot get around them; constraint failures become 409s with clear texts.
 */
import { currentEnrolmentStatements } from "./academic-years/enrolments";
import { and, asc, desc, eq, getTableColumns, inArray, notExists, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { feeRecords, students, type Student } from "../../db/schema";
import type { Db } from "../db";
import { broke, brokeForeignKey } from "../db-constraints";
import type { RequestContext } from "../request-context";
import { ApiError } from "../errors";
import { can } from "../permissions";
import { DEFAULT_LIST_PAGE_SIZE } from "../contracts/students";
import { GRADES, type Grade } from "../lib/school-grades";
import type {
  CreateStudentInput,
  ListStudentsQuery,
  Pagination,
  StudentJson,
  StudentSortField,
  UpdateStudentInput,
} from "../contracts/students";
import { NEW_ROW_ID, auditInsert, auditInsertIfChanged } from "./audit";
import type { GuardianJson } from "../contracts/guardians";
import {
  groupGuardians,
  guardianValues,
  guardiansOf,
  guardiansWhereQuery,
  replaceGuardians,
  studentIdOf,
} from "./guardians";
import { studentGuardians } from "../../db/schema";
import { phoneSearchDigits } from "../lib/phone";

/**
 * The columns a student row is read with: all but `search_name`, which only the database's search reads (it would
 * add ~40 bytes per row to every list from sqld, 250 KB on a full 6,200-row list).
 */
export const { searchName: _searchName, ...STUDENT_COLUMNS } = getTableColumns(students);

/** The columns of a student's answer: the row and its current year's enrolment's section (null without one). */
const STUDENT_ANSWER_COLUMNS = {
  ...STUDENT_COLUMNS,
  // Qualified by hand: drizzle writes a single table's columns bare, and a bare "id" here would be the enrolment's.
  section: sql<string | null>`(SELECT e.section FROM enrolments AS e WHERE e.student_id = "students"."id"
    AND e.academic_year_name = (SELECT name FROM academic_years WHERE state = 'current'))`,
};

/** The stored columns of the form's fields (create, edit, import); `gender`/`isActive` as given (callers may keep old ones). */
export function studentValues<I extends UpdateStudentInput>(
  input: I,
): {
  studentNo: string;
  fullName: string;
  nationality: string;
  religion: string | null;
  currentGrade: I["current_grade"];
  buildingNo: number;
  gender: I["gender"];
  isActive: I["is_active"];
} {
  return {
    studentNo: input.student_no,
    fullName: input.full_name,
    nationality: input.nationality,
    religion: input.religion,
    currentGrade: input.current_grade,
    buildingNo: input.building_no,
    gender: input.gender,
    isActive: input.is_active,
  };
}

/** A student row as the API returns it, with its guardians (docs/product.md#guardians-and-messages). */
export function toStudentJson(
  s: Omit<Student, "searchName"> & { section?: string | null },
  guardians: GuardianJson[] = [],
): StudentJson {
  return {
    id: s.id,
    student_no: s.studentNo,
    full_name: s.fullName,
    nationality: s.nationality,
    religion: s.religion ?? null,
    current_grade: s.currentGrade,
    building_no: s.buildingNo,
    gender: s.gender,
    is_active: s.isActive,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    section: s.section ?? null,
    guardians,
  };
}

/** `LIKE` pattern matching `text` anywhere, with `%`, `_` and `\` taken literally (used with `ESCAPE '\'`). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * "Contains" over a student's name and number; `search` is already folded (`foldSearchText`). The name side is
 * the stored `search_name` (the name folded the same way, kept by the database), so this is a plain scan: a
 * contains-search cannot use an index either way.
 */
export function studentSearchCondition(search: string): SQL {
  const p = containsPattern(search);
  const byName = sql`${students.searchName} LIKE ${p} ESCAPE '\\' OR lower(${students.studentNo}) LIKE ${p} ESCAPE '\\'`;
  // A guardian's mobile number (docs/product.md#global-search): typed with 0, +20 or 0020 and separators, stored E.164.
  const digits = /^[\d\s+()-]+$/.test(search) ? phoneSearchDigits(search) : "";
  if (digits.length < 6) return sql`(${byName})`;
  const phone = `%${digits}%`;
  return sql`(${byName} OR EXISTS (SELECT 1 FROM ${studentGuardians} WHERE ${studentGuardians.studentId} = ${students.id} AND ${studentGuardians.phone} LIKE ${phone}))`;
}

/** The WHERE of the students list for the query's search and filters (undefined: every student). */
/** A list query, narrowed to `grades` when given (a teacher's, worker/services/teaching.ts). */
type StudentsQuery = ListStudentsQuery & { grade?: Grade; grades?: readonly string[] };

function studentsWhere(q: StudentsQuery): SQL | undefined {
  const conds: SQL[] = [];
  if (q.grades) conds.push(q.grades.length ? inArray(students.currentGrade, [...q.grades]) : sql`0`);
  if (q.search) conds.push(studentSearchCondition(q.search));
  if (q.grade) conds.push(eq(students.currentGrade, q.grade));
  if (q.gender) conds.push(eq(students.gender, q.gender));
  if (q.status) conds.push(eq(students.isActive, q.status === "active"));
  if (q.building) conds.push(eq(students.buildingNo, Number(q.building)));
  return conds.length ? and(...conds) : undefined;
}

/** Grade order of the admin grade list (KG-1 … Private) for sorting; unknown grades last. */
export function gradeRankSql(column: AnyColumn): SQL {
  return sql`CASE ${column} ${sql.raw(GRADES.map((g, i) => `WHEN '${g}' THEN ${i}`).join(" "))} ELSE ${sql.raw(String(GRADES.length))} END`;
}

/**
 * ORDER BY for `sortBy`/`sortOrder` (default: newest first). Ties break on id so pages never overlap. "Active"
 * sorts before "inactive" in ascending order, and students without a religion come last, as the table showed.
 */
function studentsOrder(sortBy: StudentSortField | undefined, order: "asc" | "desc" = "asc"): SQL[] {
  const dir = (e: SQL | AnyColumn) => (order === "desc" ? desc(e) : asc(e));
  switch (sortBy) {
    case undefined:
      return [desc(students.id)];
    case "is_active":
      return [order === "desc" ? asc(students.isActive) : desc(students.isActive), asc(students.id)];
    case "religion":
      return [sql`${students.religion} IS NULL`, dir(students.religion), asc(students.id)];
    case "current_grade":
      return [dir(gradeRankSql(students.currentGrade)), dir(students.fullName), asc(students.id)];
    default: {
      const column = {
        full_name: students.fullName,
        student_no: students.studentNo,
        nationality: students.nationality,
        building_no: students.buildingNo,
        gender: students.gender,
        created_at: students.createdAt,
      }[sortBy];
      return [dir(column), asc(students.id)];
    }
  }
}

/** Every student matching the search and filters, newest first (the unpaged answer of `GET /api/students`). */
export async function listStudents(db: Db, q: StudentsQuery): Promise<StudentJson[]> {
  const where = studentsWhere(q);
  const [rows, gs] = await db.batch([
    db.select(STUDENT_ANSWER_COLUMNS).from(students).where(where).orderBy(desc(students.id)),
    guardiansWhereQuery(db, where),
  ]);
  const byStudent = groupGuardians(gs.map((r) => r.g));
  return rows.map((s) => toStudentJson(s, byStudent.get(s.id)));
}

/**
 * One page of the students matching the search and filters, sorted by `sortBy`/`sortOrder`, and their total:
 * page and count in one `db.batch` (one round trip). `page` defaults to 1, `limit` to 15. A page past the end is
 * empty (the total still tells the client where the last page is).
 */
export async function listStudentsPage(
  db: Db,
  q: StudentsQuery,
): Promise<{ students: StudentJson[]; pagination: Pagination }> {
  const page = q.page ?? 1;
  const limit = q.limit ?? DEFAULT_LIST_PAGE_SIZE;
  const where = studentsWhere(q);
  const [rows, [count]] = await db.batch([
    db
      .select(STUDENT_ANSWER_COLUMNS)
      .from(students)
      .where(where)
      .orderBy(...studentsOrder(q.sortBy, q.sortOrder))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)` }).from(students).where(where),
  ]);
  const total = Number(count?.n ?? 0);
  const byStudent = await guardiansOf(
    db,
    rows.map((s) => s.id),
  );
  return {
    students: rows.map((s) => toStudentJson(s, byStudent.get(s.id))),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

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
