/**
 * The admin students calls (spec §7 "Admin students", contract "Students") as a small typed `fetch` wrapper: the
 * typed Hono client does not know these routes yet. Same rules as `call()` in ~/lib/api: the base-URL override,
 * the bearer token, and an `ApiFailure` (server message, HTTP status; status 0 for a network error) on failure.
 * Without a stored token it throws a 401 ApiFailure without calling, so the page signs the admin out.
 */
import { ApiFailure, call, getBaseUrl } from "~/lib/api";
import { getToken } from "~/lib/auth-storage";
import { pagePrimer, type ServerPage, type ServerPageRequest } from "~/components/data-table";
import type { Student, StudentBody, StudentFilters } from "./student-types";

async function request<T>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const token = getToken();
  if (!token) throw new ApiFailure("Session expired or invalid. Please login again.", 401, "UNAUTHORIZED");
  return call<T>(
    fetch(`${getBaseUrl()}${path}`, {
      method,
      signal,
      headers: { Accept: "application/json", "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** The list from `{students}`, `{data}` or a bare array (spec §7 allows each). */
function listOf(body: unknown): Student[] {
  if (Array.isArray(body)) return body as Student[];
  const b = (body ?? {}) as { students?: unknown; data?: unknown };
  if (Array.isArray(b.students)) return b.students as Student[];
  if (Array.isArray(b.data)) return b.data as Student[];
  return [];
}

/** The query string of the filters ("All" and an empty search are left out). */
function filterParams(f: Partial<StudentFilters>): URLSearchParams {
  const q = new URLSearchParams();
  if (f.search?.trim()) q.set("search", f.search.trim());
  for (const key of ["grade", "building", "gender", "status"] as const) {
    const v = f[key];
    if (v && v !== "All") q.set(key, v);
  }
  return q;
}

/** GET /api/students?{filters} → every matching student (CSV export; no filters → the whole list). */
export async function fetchStudents(filters: Partial<StudentFilters> = {}, signal?: AbortSignal): Promise<Student[]> {
  const q = filterParams(filters).toString();
  return listOf(await request<unknown>("GET", `/api/students${q ? `?${q}` : ""}`, undefined, signal));
}

/** A paged answer of `GET /api/students` (`{students, pagination: {total}}`) as the table's page. */
export function toServerPage(body: { students?: Student[]; pagination?: { total?: number } } | null | undefined): ServerPage<Student> {
  const rows = listOf(body);
  return { rows, total: Number(body?.pagination?.total ?? rows.length) };
}

/** GET /api/students?{filters}&page&limit&sortBy&sortOrder → one page and the total (search/sort/paging in SQL). */
export async function fetchStudentsPage({ filters, page, limit, sortBy, sortOrder, signal }: ServerPageRequest<StudentFilters>): Promise<ServerPage<Student>> {
  const q = filterParams(filters);
  q.set("page", String(page));
  q.set("limit", String(limit));
  if (sortBy) {
    q.set("sortBy", sortBy);
    q.set("sortOrder", sortOrder ?? "asc");
  }
  return toServerPage(await request<{ students?: Student[]; pagination?: { total?: number } }>("GET", `/api/students?${q}`, undefined, signal));
}

/** POST /api/students → the created student (409 for a duplicate student_no). */
export async function createStudent(body: StudentBody): Promise<Student> {
  return (await request<{ student: Student }>("POST", "/api/students", body)).student;
}

/** PUT /api/students/{id} → the updated student. */
export async function updateStudent(id: number, body: StudentBody): Promise<Student> {
  return (await request<{ student: Student }>("PUT", `/api/students/${id}`, body)).student;
}

/** DELETE /api/students/{student_no} → the server's message (409 when the student has payments or results). */
export async function deleteStudent(studentNo: string): Promise<string | undefined> {
  return (await request<{ message?: string }>("DELETE", `/api/students/${encodeURIComponent(studentNo)}`)).message;
}

/** The default first page, started by the route's clientLoader before the page renders (see pagePrimer). */
export const studentsPrimer = pagePrimer(fetchStudentsPage);
