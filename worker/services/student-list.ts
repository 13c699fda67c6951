/**
 * The students list (docs/product.md#students): every student matching the search and filters, or one page of them
 * sorted by a column, each with its guardians. Reads only.
 */
import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { students } from "../../db/schema";
import type { Db } from "../db";
import { DEFAULT_LIST_PAGE_SIZE } from "../contracts/students";
import type { ListStudentsQuery, Pagination, StudentJson, StudentSortField } from "../contracts/students";
import type { Grade } from "../lib/school-grades";
import { groupGuardians, guardiansOf, guardiansWhereQuery } from "./guardians";
import { STUDENT_ANSWER_COLUMNS, toStudentJson } from "./student-rows";
import { gradeRankSql, studentSearchCondition } from "./student-search";

/** The WHERE of the students list for the query's search and filters (undefined: every student). */
/** A list query, narrowed to `grades` when given (a teacher's, worker/services/teaching.ts). */
export type StudentsQuery = ListStudentsQuery & { grade?: Grade; grades?: readonly string[] };

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
