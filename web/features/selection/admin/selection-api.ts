/**
 * Calls of the admin course-selection pages (spec §7 "Admin course selections"; contract "Course selection, admin")
 * through the typed Hono client, which honours the base-URL override and sends the bearer token. Every function
 * throws `ApiFailure` (status 0 = network error) carrying the server's message. Dates are ISO 8601 UTC strings.
 */
import type { PeriodCreateInput, SubjectCreateInput, TeacherCreateInput } from "@worker/api/selection-admin.schema";
import { apiClient, call } from "~/lib/api";
import type { SelectionSummaryRow } from "~/features/selection/admin/selection-csv";

/** Spec §3 "Selection subject". */
export interface SelectionSubject {
  id: number;
  name: string;
  description: string | null;
  is_active: boolean;
  max_selections: number;
  created_at: string;
  updated_at: string;
}

/** Spec §3 "Teacher", with the seats already taken per session (contract). */
export interface SelectionTeacher {
  id: number;
  teacher_code: string;
  full_name: string;
  building_no: string;
  subject_id: number | null;
  subject_name: string | null;
  session_1_capacity: number;
  session_2_capacity: number;
  seats_taken_1: number;
  seats_taken_2: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

/** Spec §3 "Selection period"; `start_date`/`end_date` ISO UTC. */
export interface SelectionPeriod {
  id: number;
  period_name: string;
  start_date: string;
  end_date: string;
  is_active: boolean;
  allow_changes: boolean;
  max_subjects: number;
  created_at: string;
  updated_at: string;
}

/** Spec §3 "Student for selection": a student number and a name, under either of their spec names. */
export interface SelectionStudent {
  id: string;
  name: string;
}

const client = () => apiClient().api.admin.selection;
const param = (id: number) => ({ param: { id: String(id) } });

/** A list from `{data}`, `{students}`, `{success, data}` or a bare array (spec §7 allows each). */
function listOf(body: unknown, key: "data" | "students" = "data"): unknown[] {
  if (Array.isArray(body)) return body;
  const b = (body ?? {}) as Record<string, unknown>;
  if (Array.isArray(b[key])) return b[key] as unknown[];
  if (Array.isArray(b.data)) return b.data as unknown[];
  return [];
}

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/**
 * Summary rows as the screens use them. Besides `student_ids`, a row may carry a single `student_id`, `student_no`
 * or `id` (spec §3 "Selection summary row"); those become a one-element list.
 */
export function summaryRowsOf(body: unknown): SelectionSummaryRow[] {
  return listOf(body).map((raw) => {
    const r = (raw ?? {}) as Record<string, unknown>;
    const single = r.student_id ?? r.student_no ?? r.id;
    const ids = Array.isArray(r.student_ids) ? r.student_ids.map(text).filter(Boolean) : single !== undefined ? [text(single)] : [];
    return {
      subject_name: text(r.subject_name),
      teacher_name: text(r.teacher_name),
      session_number: Number(r.session_number) || 1,
      total_selections: Number(r.total_selections ?? ids.length) || 0,
      student_ids: ids,
    };
  });
}

/** `GET /api/admin/selection/summary` → subject × teacher × session rows with their student IDs. */
export async function fetchSummary(): Promise<SelectionSummaryRow[]> {
  return summaryRowsOf(await call<unknown>(client().summary.$get()));
}

/** `GET /api/students` → `{student_no|id, full_name|name}` pairs, to name the students of the summary. */
export async function fetchStudentNames(): Promise<SelectionStudent[]> {
  const body = await call<unknown>(apiClient().api.students.$get({ query: {} }));
  return listOf(body, "students").map((raw) => {
    const s = (raw ?? {}) as Record<string, unknown>;
    return { id: text(s.student_no ?? s.id), name: text(s.full_name ?? s.name) };
  });
}

/** `DELETE /api/admin/selection/delete-all {student_id}` → the server's message and the number of rows deleted. */
export async function deleteAllSelections(studentId: string): Promise<{ message: string; deleted: number }> {
  return call(client()["delete-all"].$delete({ json: { student_id: studentId } }));
}

// ---------------------------------------------------------------- subjects

/** `GET …/subjects`, newest first. */
export async function fetchSubjects(): Promise<SelectionSubject[]> {
  return listOf(await call<unknown>(client().subjects.$get())) as SelectionSubject[];
}
/** `POST …/subjects` → the created subject (409 for a duplicate name). */
export async function createSubject(input: SubjectCreateInput): Promise<SelectionSubject> {
  return (await call(client().subjects.$post({ json: input }))).data;
}
/** `PUT …/subjects/{id}` → the updated subject. */
export async function updateSubject(id: number, input: SubjectCreateInput): Promise<SelectionSubject> {
  return (await call(client().subjects[":id"].$put({ ...param(id), json: input }))).data;
}
/** `DELETE …/subjects/{id}` (409 while teachers or selections use it). */
export async function deleteSubject(id: number): Promise<string> {
  return (await call(client().subjects[":id"].$delete(param(id)))).message;
}

/**
 * `GET …/subjects/uncovered` → active subjects without an active teacher with a free seat, by name: `active_teachers`
 * 0 = not asked of students; more = asked, but no seat left.
 */
export async function fetchUncoveredSubjects() {
  return (await call(client().subjects.uncovered.$get())).data;
}
/** One row of `fetchUncoveredSubjects` (the server's type). */
export type UncoveredSubject = Awaited<ReturnType<typeof fetchUncoveredSubjects>>[number];

// ---------------------------------------------------------------- teachers

/** `GET …/teachers` with subject names and seats taken, newest first. */
export async function fetchTeachers(): Promise<SelectionTeacher[]> {
  return listOf(await call<unknown>(client().teachers.$get())) as SelectionTeacher[];
}
/** `POST …/teachers` (400 when the subject is not active). */
export async function createTeacher(input: TeacherCreateInput): Promise<SelectionTeacher> {
  return (await call(client().teachers.$post({ json: input }))).data as SelectionTeacher;
}
/** `PUT …/teachers/{id}` (409 when a capacity falls below the seats taken). */
export async function updateTeacher(id: number, input: TeacherCreateInput): Promise<SelectionTeacher> {
  return (await call(client().teachers[":id"].$put({ ...param(id), json: input }))).data as SelectionTeacher;
}
/** `DELETE …/teachers/{id}` (409 while selections reference the teacher). */
export async function deleteTeacher(id: number): Promise<string> {
  return (await call(client().teachers[":id"].$delete(param(id)))).message;
}

// ---------------------------------------------------------------- periods

/** `GET …/periods`, latest start first. */
export async function fetchPeriods(): Promise<SelectionPeriod[]> {
  return listOf(await call<unknown>(client().periods.$get())) as SelectionPeriod[];
}
/** `POST …/periods`; an active period replaces the active one. */
export async function createPeriod(input: PeriodCreateInput): Promise<SelectionPeriod> {
  return (await call(client().periods.$post({ json: input }))).data;
}
/** `PUT …/periods/{id}`. */
export async function updatePeriod(id: number, input: PeriodCreateInput): Promise<SelectionPeriod> {
  return (await call(client().periods[":id"].$put({ ...param(id), json: input }))).data;
}
/** `PUT …/periods/{id}/toggle {is_active}` → the toggled period as stored. */
export async function togglePeriod(id: number, isActive: boolean): Promise<SelectionPeriod> {
  return (await call(client().periods[":id"].toggle.$put({ ...param(id), json: { is_active: isActive } }))).data;
}
/** `DELETE …/periods/{id}` (409 for the active period). */
export async function deletePeriod(id: number): Promise<string> {
  return (await call(client().periods[":id"].$delete(param(id)))).message;
}
