/**
 * What a person whose permission is scoped to their assignments may reach (docs/product.md#staff-and-roles; today
 * the teacher's `students.read`, `results.read`, `results.write`, worker/permissions.ts): the students and results of
 * the grades assigned to them, and only the marks of their subjects there. Roles holding a permission over "all" are
 * not narrowed here (their route's permission decided).
 */
import { asc, eq } from "drizzle-orm";
import { staffAssignments } from "../../db/schema";
import type { ResultBody } from "../contracts/results";
import { ApiError } from "../errors";
import { normalizeNationalId } from "../lib/normalize";
import { type Permission, scopeOf } from "../permissions";
import type { Field } from "../reasons";
import type { RequestContext } from "../request-context";

/** A person's assignments: grade → subjects. */
export interface TeachingScope {
  grades: string[];
  subjectsOf: ReadonlyMap<string, ReadonlySet<string>>;
}

const NOTHING: TeachingScope = { grades: [], subjectsOf: new Map() };

/**
 * The acting person's reach under `permission` (scopeOf, worker/permissions.ts): null when they hold it over all
 * records (nothing is narrowed); their assignments (one indexed read) when it is "assigned"; nothing at all when
 * they do not hold it, so a service reached some other way narrows to no grade rather than to every grade.
 */
export async function teachingScope(ctx: RequestContext, permission: Permission): Promise<TeachingScope | null> {
  const scope = scopeOf(ctx.actor.role, permission);
  if (scope === "all") return null;
  if (scope === null) return NOTHING;
  const rows = await ctx.db
    .select({ grade: staffAssignments.grade, subject: staffAssignments.subjectName })
    .from(staffAssignments)
    .where(eq(staffAssignments.staffId, ctx.actor.id))
    .orderBy(asc(staffAssignments.grade));
  const subjectsOf = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = subjectsOf.get(r.grade) ?? new Set<string>();
    set.add(r.subject);
    subjectsOf.set(r.grade, set);
  }
  return { grades: [...subjectsOf.keys()], subjectsOf };
}

/**
 * The list narrowing of the acting person under a read `permission`: `{grades}` when it is scoped (their assigned
 * grades; none assigned reads nothing), `{}` otherwise. Spread into a list query (students, results).
 */
export async function readableGrades(
  ctx: RequestContext,
  permission: "students.read" | "results.read",
): Promise<{ grades?: string[] }> {
  const scope = await teachingScope(ctx, permission);
  return scope ? { grades: scope.grades } : {};
}

/** True when the scope reaches `grade` (no scope: everything). */
export function teachesGrade(scope: TeachingScope | null, grade: string): boolean {
  return !scope || scope.subjectsOf.has(grade);
}

/**
 * Refuses a change of marks outside the assignments: each of `subjects` (the subjects whose rows the change adds,
 * alters or removes) must be assigned in `grade`. Throws 403 TEACHER_NOT_ASSIGNED naming the first subject that is
 * not. No scope: allowed.
 */
export function assertTeaches(scope: TeachingScope | null, grade: string, subjects: Iterable<string>): void {
  if (!scope) return;
  const mine = scope.subjectsOf.get(grade);
  for (const subject of subjects) {
    if (!mine?.has(subject)) throw new ApiError("TEACHER_NOT_ASSIGNED", { params: { subject, grade } });
  }
}

/** A subject row as stored and answered: marks (null when absent) and their remarks. */
interface SubjectRow {
  subject_name: string;
  score: number | null;
  max_score: number;
  remarks: string | null;
  absent?: boolean;
}

/** The subjects whose rows differ between two lists: added, removed, or another score, absence, total or remarks. */
export function changedSubjects(before: readonly SubjectRow[], after: readonly SubjectRow[]): Set<string> {
  const key = (s: SubjectRow) => JSON.stringify([s.score, s.absent === true, s.max_score, s.remarks ?? null]);
  const old = new Map(before.map((s) => [s.subject_name, key(s)]));
  const now = new Map(after.map((s) => [s.subject_name, key(s)]));
  const changed = new Set<string>();
  for (const [name, k] of now) if (old.get(name) !== k) changed.add(name);
  for (const name of old.keys()) if (!now.has(name)) changed.add(name);
  return changed;
}

const adminOnly = (field: Field) => new ApiError("RESULT_FIELD_ADMIN_ONLY", { params: { field } });

/**
 * A scoped create of a result for a student of `studentGrade`, which the caller found among the scope's grades
 * (else it answers as for an unknown ID). The result is filed under the student's own grade (else 403
 * RESULT_GRADE_NOT_STUDENTS), carries no overall remarks (403 RESULT_FIELD_ADMIN_ONLY `remarks`) and only subjects
 * assigned in that grade (403 TEACHER_NOT_ASSIGNED).
 */
export function assertScopedCreate(scope: TeachingScope, body: ResultBody, studentGrade: string): void {
  if (body.grade !== undefined && body.grade !== studentGrade) throw new ApiError("RESULT_GRADE_NOT_STUDENTS");
  if (body.remarks) throw adminOnly("remarks");
  assertTeaches(
    scope,
    studentGrade,
    body.subject_scores.map((s) => s.subject_name),
  );
}

/** What a scoped update is compared with: the result as stored. */
interface StoredResult {
  student_no: string;
  academic_year_name: string;
  semester: string;
  current_grade: string;
  remarks: string | null;
  subject_scores: readonly SubjectRow[];
}

/**
 * A scoped update of `before` (found among the scope's grades) by `body`, whose subject rows as they would be stored
 * are `rows`; `studentGrade` is the result's student's own grade. The result keeps its student, year and semester
 * (403 RESULT_FIELD_ADMIN_ONLY naming the field; the body's ID is compared, never looked up, so it tells nothing
 * about other students) and its grade, which must be the student's own (403 RESULT_GRADE_NOT_STUDENTS); the overall
 * remarks are unchanged (RESULT_FIELD_ADMIN_ONLY `remarks`); every subject row that differs in score, total or remarks
 * is assigned in that grade (403 TEACHER_NOT_ASSIGNED).
 */
export function assertScopedUpdate(
  scope: TeachingScope,
  before: StoredResult,
  body: ResultBody,
  rows: readonly SubjectRow[],
  studentGrade: string,
): void {
  if (normalizeNationalId(body.student_id) !== before.student_no) throw adminOnly("student_id");
  if (body.academic_year_name !== before.academic_year_name) throw adminOnly("academic_year");
  if (body.semester !== before.semester) throw adminOnly("semester");
  const grade = body.grade ?? before.current_grade;
  if (grade !== before.current_grade || grade !== studentGrade) throw new ApiError("RESULT_GRADE_NOT_STUDENTS");
  if ((body.remarks ?? null) !== (before.remarks ?? null)) throw adminOnly("remarks");
  assertTeaches(scope, grade, changedSubjects(before.subject_scores, rows));
}
