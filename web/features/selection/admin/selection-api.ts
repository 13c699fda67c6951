/**
 * Calls of the admin course-selection pages (docs/product.md#course-selection, #selection-periods) through the typed
 * Hono client, which honours the base-URL override and sends the bearer token. Answers are typed from the server's
 * routes; every function throws `ApiFailure` (reason, HTTP status; status 0 = network error). Dates are ISO 8601
 * UTC strings.
 */
import type {
  PeriodCreateInput,
  PeriodJson,
  SubjectCreateInput,
  SubjectJson,
  SummaryRow,
  TeacherCreateInput,
  TeacherJson,
} from "@worker/contracts/selection-admin";
import { apiClient, call } from "~/lib/api";

/** A selection subject as the API returns it. */
export type SelectionSubject = SubjectJson;
/** A teacher as the API returns it, with its subject's name and the seats taken per session. */
export type SelectionTeacher = TeacherJson;
/** A selection period as the API returns it; `start_date`/`end_date` ISO UTC. */
export type SelectionPeriod = PeriodJson;

/** A student number and name, to name the students of the summary. */
export interface SelectionStudent {
  id: string;
  name: string;
}

const client = () => apiClient().api.admin.selection;
const param = (id: number) => ({ param: { id: String(id) } });

/** `GET /api/admin/selection/summary` → subject × teacher × session rows with their student IDs. */
export async function fetchSummary(): Promise<SummaryRow[]> {
  return (await call(client().summary.$get())).data;
}

/** `GET /api/students` → every student's number and name, to name the students of the summary. */
export async function fetchStudentNames(): Promise<SelectionStudent[]> {
  const { students } = await call(apiClient().api.students.$get({ query: {} }));
  return students.map((s) => ({ id: s.student_no, name: s.full_name }));
}

/** `DELETE /api/admin/selection/delete-all {student_id}` → the server's message and the number of rows deleted. */
export async function deleteAllSelections(studentId: string): Promise<{ message: string; deleted: number }> {
  return call(client()["delete-all"].$delete({ json: { student_id: studentId } }));
}

// ---------------------------------------------------------------- subjects

/** `GET …/subjects`, newest first. */
export async function fetchSubjects(): Promise<SelectionSubject[]> {
  return (await call(client().subjects.$get())).data;
}
/** `POST …/subjects` → the created subject (409 SUBJECT_DUPLICATE for a name in use). */
export async function createSubject(input: SubjectCreateInput): Promise<SelectionSubject> {
  return (await call(client().subjects.$post({ json: input }))).data;
}
/** `PUT …/subjects/{id}` → the updated subject. */
export async function updateSubject(id: number, input: SubjectCreateInput): Promise<SelectionSubject> {
  return (await call(client().subjects[":id"].$put({ ...param(id), json: input }))).data;
}
/** `DELETE …/subjects/{id}` (409 SUBJECT_IN_USE while teachers or selections use it). */
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
export type { UncoveredSubject } from "@worker/contracts/selection-admin";

// ---------------------------------------------------------------- teachers

/** `GET …/teachers` with subject names and seats taken, newest first. */
export async function fetchTeachers(): Promise<SelectionTeacher[]> {
  return (await call(client().teachers.$get())).data;
}
/** `POST …/teachers` (400 SUBJECT_NOT_ACTIVE when the subject is not active). */
export async function createTeacher(input: TeacherCreateInput): Promise<SelectionTeacher> {
  return (await call(client().teachers.$post({ json: input }))).data;
}
/** `PUT …/teachers/{id}` (409 TEACHER_CAPACITY_BELOW_TAKEN when a capacity falls below the seats taken). */
export async function updateTeacher(id: number, input: TeacherCreateInput): Promise<SelectionTeacher> {
  return (await call(client().teachers[":id"].$put({ ...param(id), json: input }))).data;
}
/** `DELETE …/teachers/{id}` (409 TEACHER_HAS_SELECTIONS while selections reference the teacher). */
export async function deleteTeacher(id: number): Promise<string> {
  return (await call(client().teachers[":id"].$delete(param(id)))).message;
}

// ---------------------------------------------------------------- periods

/** `GET …/periods`, latest start first. */
export async function fetchPeriods(): Promise<SelectionPeriod[]> {
  return (await call(client().periods.$get())).data;
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
/** `DELETE …/periods/{id}` (409 PERIOD_IS_ACTIVE for the active period). */
export async function deletePeriod(id: number): Promise<string> {
  return (await call(client().periods[":id"].$delete(param(id)))).message;
}
