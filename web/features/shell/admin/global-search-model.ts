/**
 * The dashboard's global search (spec §2 "Dashboard overview", §7 "Dashboard"): students, fees and results in
 * parallel, each response a list or an object holding `students`, `fees`, `results` or `data`. Plain `fetch`
 * with the bearer token, because those routes are not in the typed client yet. A group whose call fails falls
 * back to the fixed sample data (spec §3), marked `sample`; a 401 is rethrown for the caller to sign out.
 */
import { ApiFailure, getBaseUrl } from "~/lib/api";
import { getToken } from "~/lib/auth-storage";
import type { AdminListPage } from "~/lib/admin-events";
import { sampleMatches } from "./global-search-samples";

/** Items shown per group. */
export const SEARCH_LIMIT = 5;

/** One search result row. */
export interface SearchHit {
  page: AdminListPage;
  key: string;
  name: string;
  studentNo: string;
  /** Grade, status or year/semester, already plain text. */
  details: string[];
  /** Raw status value (students: active/inactive; fees: paid/partially_paid/not_paid/...). */
  status?: string;
}

/** The hits of one page (students, fees or results). */
export interface SearchGroup {
  page: AdminListPage;
  hits: SearchHit[];
  /** True when the call failed and `hits` come from the sample data. */
  sample: boolean;
}

const PATHS: Record<AdminListPage, string> = {
  students: "/api/students",
  fees: "/api/fees",
  results: "/api/admin/results",
};

type Row = Record<string, unknown>;
const str = (...values: unknown[]) => {
  for (const v of values) if (v !== undefined && v !== null && v !== "") return String(v);
  return "";
};

/** Pulls the list out of any of the accepted response shapes. */
export function listOf(body: unknown): Row[] {
  if (Array.isArray(body)) return body as Row[];
  if (body && typeof body === "object") {
    const b = body as Row;
    for (const k of ["students", "fees", "results", "data"]) if (Array.isArray(b[k])) return b[k] as Row[];
  }
  return [];
}

/** Maps one API row of a page to a search hit. */
export function toHit(page: AdminListPage, row: Row, index: number): SearchHit {
  const name = str(row.full_name, row.student_name, row.name, row.student);
  const studentNo = str(row.student_no, row.student_id, row.studentId);
  const grade = str(row.current_grade, row.grade, row.academic_level);
  let details: string[];
  let status: string | undefined;
  if (page === "students") {
    status = row.is_active === undefined ? str(row.status) || undefined : row.is_active ? "active" : "inactive";
    details = [grade];
  } else if (page === "fees") {
    status = str(row.status) || undefined;
    details = [grade];
  } else {
    details = [grade, str(row.academic_year_name), str(row.semester)];
  }
  const id = str(row.id, row.result_id, studentNo, index);
  return { page, key: `${page}-${id}-${index}`, name, studentNo, details: details.filter(Boolean), status };
}

async function searchOne(page: AdminListPage, query: string, token: string, signal: AbortSignal): Promise<SearchGroup> {
  let res: Response;
  try {
    res = await fetch(`${getBaseUrl()}${PATHS[page]}?search=${encodeURIComponent(query)}`, {
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    return { page, hits: sampleMatches(page, query), sample: true };
  }
  if (res.status === 401) throw new ApiFailure("Unauthorized", 401);
  if (!res.ok) return { page, hits: sampleMatches(page, query), sample: true };
  try {
    const rows = listOf(await res.json());
    return { page, hits: rows.slice(0, SEARCH_LIMIT).map((r, i) => toHit(page, r, i)), sample: false };
  } catch {
    return { page, hits: sampleMatches(page, query), sample: true };
  }
}

/** Runs the three searches; throws ApiFailure(401) when there is no token or the session is gone. */
export async function globalSearch(query: string, signal: AbortSignal): Promise<SearchGroup[]> {
  const token = getToken();
  if (!token) throw new ApiFailure("Authentication required", 401);
  const pages: AdminListPage[] = ["students", "fees", "results"];
  return Promise.all(pages.map((p) => searchOne(p, query, token, signal)));
}
