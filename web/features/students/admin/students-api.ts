/**
 * The admin students calls (docs/product.md#students) over the typed API client: the base-URL override, the bearer
 * token, answers typed from the server's routes, and an `ApiFailure` (reason, HTTP status; status 0 for a network
 * error) on failure. Without a stored token it throws a 401 ApiFailure without calling, so the page signs the admin
 * out.
 */
import { ApiFailure, apiClient, call } from "~/lib/api";
import { getToken } from "~/lib/auth-storage";
import { pagePrimer, type ServerPage, type ServerPageRequest } from "~/components/data-table";
import type { Student, StudentBody, StudentFilters } from "./student-types";

/** The students client, or a 401 ApiFailure when no token is stored. */
function students() {
  if (!getToken())
    throw new ApiFailure("Session expired or invalid. Please login again.", 401, "UNAUTHORIZED", {
      reason: "SESSION_EXPIRED",
    });
  return apiClient().api.students;
}

/** The query of the filters ("All" and an empty search are left out). */
function filterQuery(f: Partial<StudentFilters>): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.search?.trim()) q.search = f.search.trim();
  for (const key of ["grade", "building", "gender", "status"] as const) {
    const v = f[key];
    if (v && v !== "All") q[key] = v;
  }
  return q;
}

/** GET /api/students?{filters} → every matching student (CSV export; no filters → the whole list). */
export async function fetchStudents(filters: Partial<StudentFilters> = {}): Promise<Student[]> {
  return (await call(students().$get({ query: filterQuery(filters) }))).students;
}

/** GET /api/students?{filters}&page&limit&sortBy&sortOrder → one page and the total (search/sort/paging in SQL). */
export async function fetchStudentsPage({
  filters,
  page,
  limit,
  sortBy,
  sortOrder,
  signal,
}: ServerPageRequest<StudentFilters>): Promise<ServerPage<Student>> {
  const query = {
    ...filterQuery(filters),
    page: String(page),
    limit: String(limit),
    ...(sortBy ? { sortBy, sortOrder: sortOrder ?? "asc" } : {}),
  };
  return toServerPage(await call(students().$get({ query }, { init: { signal } })));
}

/** A paged answer of `GET /api/students` (`{students, pagination: {total}}`) as the table's page. */
export function toServerPage(body: { students: Student[]; pagination?: { total: number } }): ServerPage<Student> {
  return { rows: body.students, total: body.pagination?.total ?? body.students.length };
}

/** POST /api/students → the created student (409 STUDENT_DUPLICATE for a taken student_no). */
export async function createStudent(body: StudentBody): Promise<Student> {
  return (await call(students().$post({ json: body }))).student;
}

/** PUT /api/students/{id} → the updated student. */
export async function updateStudent(id: number, body: StudentBody): Promise<Student> {
  return (await call(students()[":id"].$put({ param: { id: String(id) }, json: body }))).student;
}

/**
 * DELETE /api/students/by-student-no/{student_no} → the server's message (409 STUDENT_HAS_HISTORY with payments or
 * results, STUDENT_HAS_FEES with a fee record when the person lacks fees.write).
 */
export async function deleteStudent(studentNo: string): Promise<string> {
  return (await call(students()["by-student-no"][":student_no"].$delete({ param: { student_no: studentNo } }))).message;
}

/** The default first page, started by the route's clientLoader before the page renders (see pagePrimer). */
export const studentsPrimer = pagePrimer(fetchStudentsPage);
