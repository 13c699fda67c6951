/**
 * The console's academic years (docs/product.md#academic-years-and-rollover): every form's list of years and its
 * default (the current year) come from `GET /api/admin/academic-years`, asked once per page load (the admin layout's
 * loader starts it) and again after a change on the Academic years page.
 */
import { useEffect, useMemo, useSyncExternalStore } from "react";
import type {
  AcademicYearDates,
  AcademicYearJson,
  AcademicYearList,
  YearEnrolmentJson,
} from "@worker/contracts/academic-years";
import { apiClient, call } from "~/lib/api";

/** `GET /api/admin/academic-years`: every year, newest first, and the current one's name. */
export async function fetchAcademicYears(): Promise<AcademicYearList> {
  return call(apiClient().api.admin["academic-years"].$get());
}

/** `GET /api/admin/academic-years/{name}/enrolments`: the year's enrolments (grade, building, section) by student. */
export async function fetchYearEnrolments(name: string): Promise<YearEnrolmentJson[]> {
  return (await call(apiClient().api.admin["academic-years"][":name"].enrolments.$get({ param: { name } }))).enrolments;
}

/** `POST /api/admin/academic-years`: creates `name`, the year after the newest. */
export async function createYear(name: string): Promise<AcademicYearJson> {
  return (await call(apiClient().api.admin["academic-years"].$post({ json: { name } }))).year;
}

/** `PUT /api/admin/academic-years/{name}`: the year's six dates. */
export async function updateYearDates(name: string, json: AcademicYearDates): Promise<AcademicYearJson> {
  return (await call(apiClient().api.admin["academic-years"][":name"].$put({ param: { name }, json }))).year;
}

/** `POST …/{name}/make-current`: the next upcoming year becomes current (the current one closes). */
export async function makeYearCurrent(name: string): Promise<AcademicYearJson> {
  return (await call(apiClient().api.admin["academic-years"][":name"]["make-current"].$post({ param: { name } }))).year;
}

/** `POST …/{name}/close`: the current year closes (the next one becomes current). */
export async function closeYear(name: string): Promise<AcademicYearJson> {
  return (await call(apiClient().api.admin["academic-years"][":name"].close.$post({ param: { name } }))).year;
}

let cached: AcademicYearList | null = null;
let pending: Promise<AcademicYearList> | null = null;
const listeners = new Set<() => void>();

/** Asks the server for the years (once while a request is on its way) and tells every hook; failures leave the list. */
export function loadAcademicYears(): Promise<AcademicYearList | null> {
  pending ??= fetchAcademicYears().finally(() => {
    pending = null;
  });
  return pending.then(
    (list) => {
      cached = list;
      for (const l of listeners) l();
      return list;
    },
    () => null,
  );
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * The years as the server last answered (null until it has), loaded on first use. `names` are oldest first (a
 * form's choices); `current` is the default of every form (null before the list is known).
 */
export function useAcademicYears(): { list: AcademicYearList | null; names: string[]; current: string | null } {
  const list = useSyncExternalStore(
    subscribe,
    () => cached,
    () => null,
  );
  useEffect(() => {
    if (!cached) void loadAcademicYears();
  }, []);
  const names = useMemo(() => (list ? list.years.map((y) => y.name).toReversed() : []), [list]);
  return { list, names, current: list?.current ?? names.at(-1) ?? null };
}
