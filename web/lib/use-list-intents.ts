/**
 * What other screens ask a list page to do (docs/product.md#dashboard: "Students, fees and results pages can be opened with
 * navigation state…"; web/lib/admin-events.ts): navigation state `{openAdd, search, grade}` on arrival, the
 * page's "open add" window event and the sidebar's grade filter while open. Shared by the Fees and Results pages.
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import {
  ADMIN_GRADES,
  OPEN_ADD_EVENTS,
  onAdminEvent,
  onGradeFilter,
  type AdminGrade,
  type AdminListPage,
  type AdminNavState,
} from "~/lib/admin-events";

/** The handlers a page supplies. */
export interface ListIntentHandlers {
  openAdd: () => void;
  setSearch: (search: string) => void;
  setGrade: (grade: AdminGrade) => void;
}

const isGrade = (v: unknown): v is AdminGrade =>
  typeof v === "string" && (ADMIN_GRADES as readonly string[]).includes(v);

/** The navigation state of the current location, if it is one the list pages understand. */
export function navState(state: unknown): AdminNavState {
  if (!state || typeof state !== "object") return {};
  const s = state as Record<string, unknown>;
  return {
    grade: isGrade(s.grade) ? s.grade : undefined,
    search: typeof s.search === "string" ? s.search : undefined,
    openAdd: s.openAdd === true,
  };
}

/**
 * Applies navigation state once per arrival (then clears it, so Back or a reload does not reopen the modal) and
 * listens for the window events of `page`.
 */
export function useListIntents(page: AdminListPage, handlers: ListIntentHandlers) {
  const location = useLocation();
  const navigate = useNavigate();
  const h = useRef(handlers);
  h.current = handlers;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation (location.key), not when handlers change
  useEffect(() => {
    const state = navState(location.state);
    if (!state.grade && state.search === undefined && !state.openAdd) return;
    if (state.grade) h.current.setGrade(state.grade);
    if (state.search !== undefined) h.current.setSearch(state.search);
    if (state.openAdd) h.current.openAdd();
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    // Runs per navigation (location.key), not when handlers change.
  }, [location.key]);

  useEffect(() => onAdminEvent(OPEN_ADD_EVENTS[page], () => h.current.openAdd()), [page]);
  useEffect(() => onGradeFilter(page, (grade) => h.current.setGrade(grade)), [page]);
}
