/**
 * The dashboard's global search (docs/product.md#global-search): students, fees and results in parallel through the
 * typed API client (rows typed by the server's routes), up to SEARCH_LIMIT hits each. A group whose call fails falls
 * back to the fixed sample data, marked `sample`; a 401 is rethrown for the caller to sign out. Only the pages the
 * person's role may open are searched (`searchablePages`; docs/product.md#staff-and-roles).
 */
import { ApiFailure, apiClient, call } from "~/lib/api";
import { getToken } from "~/lib/auth-storage";
import type { AdminListPage } from "~/lib/admin-events";
import { sampleMatches } from "./global-search-samples";
import { CONSOLE_PAGES, type HasPermissions } from "./nav-access";

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

type Search = (search: string, init: RequestInit) => Promise<SearchHit[]>;

/** Each page's search call and how one of its rows reads as a hit. */
const SEARCHES: Record<AdminListPage, Search> = {
  students: async (search, init) => {
    const { students } = await call(apiClient().api.students.$get({ query: { search } }, { init }));
    return students.slice(0, SEARCH_LIMIT).map((s) => ({
      page: "students",
      key: `students-${s.id}`,
      name: s.full_name,
      studentNo: s.student_no,
      details: [s.current_grade],
      status: s.is_active ? "active" : "inactive",
    }));
  },
  fees: async (search, init) => {
    const { fees } = await call(apiClient().api.fees.$get({ query: { search } }, { init }));
    return fees.slice(0, SEARCH_LIMIT).map((f) => ({
      page: "fees",
      key: `fees-${f.id}`,
      name: f.full_name,
      studentNo: f.student_no,
      details: [f.grade],
      status: f.status,
    }));
  },
  results: async (search, init) => {
    const { data } = await call(apiClient().api.admin.results.$get({ query: { search } }, { init }));
    return data.slice(0, SEARCH_LIMIT).map((r) => ({
      page: "results",
      key: `results-${r.id}`,
      name: r.full_name,
      studentNo: r.student_no,
      details: [r.current_grade, r.academic_year_name, r.semester].filter(Boolean),
    }));
  },
};

async function searchOne(page: AdminListPage, query: string, signal: AbortSignal): Promise<SearchGroup> {
  try {
    return { page, hits: await SEARCHES[page](query, { signal }), sample: false };
  } catch (err) {
    if (signal.aborted || (err instanceof ApiFailure && err.status === 401)) throw err;
    return { page, hits: sampleMatches(page, query), sample: true };
  }
}

/** The searched pages, in the results' order. */
export const SEARCH_PAGES: readonly AdminListPage[] = ["students", "fees", "results"];

/** The pages `me` may search: those of the three whose page the role may open; all three while `me` is unknown. */
export function searchablePages(me: HasPermissions | null): AdminListPage[] {
  return SEARCH_PAGES.filter((p) => !me || me.permissions.includes(CONSOLE_PAGES[p].permission));
}

/** Runs the searches of `pages`; throws ApiFailure(401) when there is no token or the session is gone. */
export async function globalSearch(
  query: string,
  signal: AbortSignal,
  pages: readonly AdminListPage[] = SEARCH_PAGES,
): Promise<SearchGroup[]> {
  if (!getToken()) throw new ApiFailure("Authentication required", 401, "UNAUTHORIZED", { reason: "AUTH_REQUIRED" });
  return Promise.all(pages.map((p) => searchOne(p, query, signal)));
}
