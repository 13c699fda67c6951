/**
 * The Students page's filters as pure steps (docs/product.md#students): the filters a navigation asks for, a change
 * from the filter bar and whether it needs a request at once, and whether any filter is on. `filters` is what the bar
 * shows; `applied` is what the server was asked for (the search only once the typing rests).
 */
import { normalizeDigits } from "~/components/data-table/search";
import type { AdminNavState } from "~/lib/admin-events";
import { NO_FILTERS, type StudentFilters } from "./student-types";

export interface FilterPair {
  filters: StudentFilters;
  applied: StudentFilters;
}

const same = (a: StudentFilters, b: StudentFilters) => JSON.stringify(a) === JSON.stringify(b);

/** The filters asked for by navigation state (global search, sidebar grade), so the first request has them. */
export function initialFilters(state: unknown): StudentFilters {
  const s = (state ?? {}) as AdminNavState;
  return {
    ...NO_FILTERS,
    ...(typeof s.search === "string" ? { search: normalizeDigits(s.search) } : {}),
    ...(s.grade ? { grade: s.grade } : {}),
  };
}

/** Whether navigation state carries an intent for the page (a search, a grade, or the add dialog). */
export function hasIntent(state: AdminNavState | null): state is AdminNavState {
  return !!state && (!!state.openAdd || state.search !== undefined || !!state.grade);
}

/**
 * `filters` after a navigation's intent: a search starts from no filter (it looks for one student), a grade
 * narrows what is there.
 */
export function intentFilters(filters: StudentFilters, state: AdminNavState): StudentFilters {
  const base = state.search !== undefined ? { ...NO_FILTERS, search: normalizeDigits(state.search) } : filters;
  return state.grade ? { ...base, grade: state.grade } : base;
}

/**
 * The pair after the bar's `patch`, and whether to ask the server now: selects and an emptied search apply at once,
 * a typed search waits for the debounce. Null when nothing changes (Escape in an empty search box), so page 1 is not
 * sent while another page is shown.
 */
export function patchedFilters(
  current: FilterPair,
  patch: Partial<StudentFilters>,
): (FilterPair & { send: boolean }) | null {
  const filters = { ...current.filters, ...patch };
  if (same(filters, current.filters)) return null;
  const applied = { ...filters, search: filters.search === "" ? "" : current.applied.search };
  return { filters, applied, send: !same(applied, current.applied) };
}

/** Whether any filter is on (the empty list then offers to clear them). */
export function filtersActive(filters: StudentFilters): boolean {
  return !same(filters, NO_FILTERS);
}
