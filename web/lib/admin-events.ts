/**
 * Window events between the admin shell/dashboard and the list pages (docs/product.md#admin-shell,
 * #dashboard): a grade chosen in the sidebar, and "open the add modal" quick actions. A page that is already
 * open listens for these; a page being opened reads the same intent from navigation state instead.
 */
import type { Location, NavigateFunction } from "react-router";
import { GRADES } from "@worker/lib/school-grades";

/** Admin grade filter values: "All" and the school's grades. */
export const ADMIN_GRADES = ["All", ...GRADES] as const;
/** One admin grade filter value. */
export type AdminGrade = (typeof ADMIN_GRADES)[number];

/** The list pages that take a grade filter, an add modal, or a prefilled search. */
export type AdminListPage = "students" | "fees" | "results";

/** The URL of each list page. */
export const ADMIN_PAGE_PATHS: Record<AdminListPage, string> = {
  students: "/admin/dashboard/students",
  fees: "/admin/dashboard/fees",
  results: "/admin/dashboard/results",
};

/** Window event names (CustomEvent; the grade filter carries `GradeFilterDetail`). */
export const GRADE_FILTER_EVENT = "admin:grade-filter";
export const OPEN_ADD_STUDENT_EVENT = "admin:open-add-student";
export const OPEN_ADD_FEE_EVENT = "admin:open-add-fee";
export const OPEN_ADD_RESULT_EVENT = "admin:open-add-result";
export const OPEN_ADD_NEWS_EVENT = "admin:open-add-news";

/** The "open the add modal" event of each list page. */
export const OPEN_ADD_EVENTS: Record<AdminListPage, string> = {
  students: OPEN_ADD_STUDENT_EVENT,
  fees: OPEN_ADD_FEE_EVENT,
  results: OPEN_ADD_RESULT_EVENT,
};

/** `detail` of GRADE_FILTER_EVENT. */
export interface GradeFilterDetail {
  page: AdminListPage;
  grade: AdminGrade;
}

/** Navigation state the list pages understand (any subset). */
export interface AdminNavState {
  grade?: AdminGrade;
  openAdd?: boolean;
  search?: string;
}

/** Broadcasts a grade filter to an already-open list page. */
export function dispatchGradeFilter(page: AdminListPage, grade: AdminGrade) {
  window.dispatchEvent(new CustomEvent<GradeFilterDetail>(GRADE_FILTER_EVENT, { detail: { page, grade } }));
}

/** Subscribes to grade filters for one page; returns the unsubscribe function. */
export function onGradeFilter(page: AdminListPage, handler: (grade: AdminGrade) => void): () => void {
  const listener = (e: Event) => {
    const detail = (e as CustomEvent<GradeFilterDetail>).detail;
    if (detail?.page === page) handler(detail.grade);
  };
  window.addEventListener(GRADE_FILTER_EVENT, listener);
  return () => window.removeEventListener(GRADE_FILTER_EVENT, listener);
}

/** Subscribes to one window event name (e.g. OPEN_ADD_STUDENT_EVENT); returns the unsubscribe function. */
export function onAdminEvent(name: string, handler: () => void): () => void {
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}

/** Opens a list page with a grade filter: navigation state for a fresh page, the window event for an open one. */
export function goToGrade(navigate: NavigateFunction, page: AdminListPage, grade: AdminGrade) {
  navigate(ADMIN_PAGE_PATHS[page], { state: { grade } satisfies AdminNavState });
  dispatchGradeFilter(page, grade);
}

/** Quick action: opens the add modal of a list page (window event when already there, else navigation state). */
export function openAddOn(navigate: NavigateFunction, location: Pick<Location, "pathname">, page: AdminListPage) {
  if (location.pathname.replace(/\/+$/, "") === ADMIN_PAGE_PATHS[page]) {
    window.dispatchEvent(new CustomEvent(OPEN_ADD_EVENTS[page]));
    return;
  }
  navigate(ADMIN_PAGE_PATHS[page], { state: { openAdd: true } satisfies AdminNavState });
}
