/**
 * What a teacher may reach (docs/product.md#staff-and-roles): the students and results of the grades assigned to them,
 * and the marks of the assigned subjects only. Other roles are not narrowed here (their route's permission decided).
 */
import { asc, eq } from "drizzle-orm";
import { staffAssignments } from "../../db/schema";
import { ApiError } from "../errors";
import type { RequestContext } from "../request-context";

/** A teacher's assignments: grade → subjects. */
export interface TeachingScope {
  grades: string[];
  subjectsOf: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The acting teacher's scope (one indexed read), or null when the actor is not a teacher (nothing is narrowed). */
export async function teachingScope(ctx: RequestContext): Promise<TeachingScope | null> {
  if (ctx.actor.role !== "teacher") return null;
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
 * The list narrowing of the acting person: `{grades}` for a teacher (their assigned grades; none assigned reads
 * nothing), `{}` for everyone else. Spread into a list query (students, results).
 */
export async function readableGrades(ctx: RequestContext): Promise<{ grades?: string[] }> {
  const scope = await teachingScope(ctx);
  return scope ? { grades: scope.grades } : {};
}

/** True when the scope reaches `grade` (no scope: everything). */
export function teachesGrade(scope: TeachingScope | null, grade: string): boolean {
  return !scope || scope.subjectsOf.has(grade);
}

/**
 * Refuses a change of marks outside the teacher's assignments: each of `subjects` (the subjects whose marks the
 * change adds, alters or removes) must be assigned in `grade`. Throws 403 TEACHER_NOT_ASSIGNED naming the first
 * subject that is not. No scope: allowed.
 */
export function assertTeaches(scope: TeachingScope | null, grade: string, subjects: Iterable<string>): void {
  if (!scope) return;
  const mine = scope.subjectsOf.get(grade);
  for (const subject of subjects) {
    if (!mine?.has(subject)) throw new ApiError("TEACHER_NOT_ASSIGNED", { params: { subject, grade } });
  }
}

/** The subjects whose marks differ between two lists of `{subject_name, score, max_score}` (added, removed, changed). */
export function changedSubjects(
  before: ReadonlyArray<{ subject_name: string; score: number; max_score: number }>,
  after: ReadonlyArray<{ subject_name: string; score: number; max_score: number }>,
): Set<string> {
  const key = (s: { score: number; max_score: number }) => `${s.score}/${s.max_score}`;
  const old = new Map(before.map((s) => [s.subject_name, key(s)]));
  const now = new Map(after.map((s) => [s.subject_name, key(s)]));
  const changed = new Set<string>();
  for (const [name, k] of now) if (old.get(name) !== k) changed.add(name);
  for (const name of old.keys()) if (!now.has(name)) changed.add(name);
  return changed;
}
