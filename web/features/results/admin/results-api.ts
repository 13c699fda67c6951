/**
 * Calls of the Results page (contract "Results"; spec §7 "Admin results") through the typed Hono client (base-URL
 * override, bearer token). Every function throws `ApiFailure` (status 0 = network error; 401 = signed out) with the
 * server's message.
 */
import type { PublicationBody, ResultBody, Semester } from "@worker/api/results.schema";
import { apiClient, call } from "~/lib/api";

/** One subject row of a result (whole marks; `remarks` is "Grade: X" on the admin scale). */
export interface SubjectScore {
  subject_name: string;
  score: number;
  max_score: number;
  remarks: string | null;
}

/** A result as the admin list returns it; `current_grade` is the grade the result is filed under. */
export interface AdminResult {
  id: number;
  result_id?: number;
  student_no: string;
  full_name: string;
  academic_year_name: string;
  semester: Semester;
  current_grade: string;
  subject_scores: SubjectScore[];
  remarks: string | null;
}

/** Whether parents may see one academic year + semester; `published_at` ISO UTC or null. */
export interface Publication {
  academic_year_name: string;
  semester: Semester;
  is_published: boolean;
  published_at: string | null;
}

/** `GET /api/admin/results?grade=` → the results ("All" = every grade). */
export async function listResults(grade: string): Promise<AdminResult[]> {
  const body = await call(apiClient().api.admin.results.$get({ query: { grade: grade && grade !== "All" ? grade : undefined } }));
  return Array.isArray(body?.data) ? body.data : [];
}

/** `POST /api/admin/results` with the spec's body → the saved result. 409 on a duplicate year + semester. */
export async function createResult(json: ResultBody): Promise<AdminResult> {
  return (await call(apiClient().api.admin.results.$post({ json }))).data;
}

/** `PUT /api/admin/results/{id}` → the saved result. */
export async function updateResult(id: number, json: ResultBody): Promise<AdminResult> {
  return (await call(apiClient().api.admin.results[":id"].$put({ param: { id: String(id) }, json }))).data;
}

/** `DELETE /api/admin/results/{id}`. */
export async function deleteResult(id: number): Promise<void> {
  await call(apiClient().api.admin.results[":id"].$delete({ param: { id: String(id) } }));
}

/** `GET /api/admin/results/publications` → every year × semester with its state. */
export async function listPublications(): Promise<Publication[]> {
  const body = await call(apiClient().api.admin.results.publications.$get());
  return Array.isArray(body?.data) ? body.data : [];
}

/** `PUT /api/admin/results/publications` → the new state. */
export async function setPublication(json: PublicationBody): Promise<Publication> {
  return (await call(apiClient().api.admin.results.publications.$put({ json }))).data;
}
