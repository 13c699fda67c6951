/**
 * /admin/dashboard/students — Students Management (docs/product.md#students).
 * Refresh, Export CSV (every student matching the filters, fetched unpaged) and Add Student; grade/building/
 * gender/status filters and a text search (name and ID) applied by the server, which also sorts and pages (the page
 * loads 15/20/30/50 rows, not the whole school: bench/README.md, benchmark 3); the shared DataTable in server mode
 * (Name resizable 180-500 px); add/edit modal; optimistic edit and delete with the documented failure texts; live
 * reload of the current page on `students_changed`.
 * Navigation state `{openAdd, search, grade}` and the window events `admin:open-add-student` / `admin:grade-filter`
 * drive the modal and the filters. For a fast first row the dialogs, the CSV writer and sonner load on first use
 * (pointer-over/focus of the opening buttons fetches them early), so the first rows need only the table's code.
 */
import { ImportButton } from "~/features/import/admin/import-button";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { Download, Plus, RefreshCw, SearchX } from "lucide-react";
import type { Route } from "./+types/students";
import { getDb } from "@worker/db";
import { listStudentsQuerySchema } from "@worker/contracts/students";
import { listStudentsPage } from "@worker/services/students";
import { workerContext } from "~/context";
import { cookieAdmin } from "~/lib/admin-session.server";
import { adminMeta } from "~/lib/admin-meta";
import { ApiFailure, getBaseUrl } from "~/lib/api";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { OPEN_ADD_STUDENT_EVENT, onAdminEvent, onGradeFilter, type AdminNavState } from "~/lib/admin-events";
import { formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import { Button } from "~/components/ui/button";
import { DataTable, DEFAULT_PAGE_SIZE, normalizeDigits } from "~/components/data-table";
import { useDebouncedSearch } from "~/lib/use-debounce";
import { studentColumns } from "~/features/students/admin/student-columns";
import { StudentFiltersBar } from "~/features/students/admin/student-filters";
import type { StudentFormFeedback } from "~/features/students/admin/student-form-dialog";
import { useOpenedOnce } from "~/lib/lazy";
import {
  LazyDeleteStudentDialog,
  LazyStudentFormDialog,
  loadDeleteStudentDialog,
  loadStudentFormDialog,
  loadStudentsCsv,
} from "~/features/students/admin/lazy-dialogs";
import { fetchStudents, studentsPrimer, toServerPage } from "~/features/students/admin/students-api";
import { getToken } from "~/lib/auth-storage";
import { useReasonText } from "~/lib/reason-text";
import { useStudents } from "~/features/students/admin/use-students";
import {
  NO_FILTERS,
  type Student,
  type StudentBody,
  type StudentFilters,
} from "~/features/students/admin/student-types";

/**
 * Server: the default first page (15 newest students, as `GET /api/students?page=1&limit=15` answers it) for the
 * admin whose session cookie came with the request, else null (docs/decisions/0022). Not awaited: it streams after
 * the HTML shell instead of delaying it.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb(context.get(workerContext).env);
  const query = listStudentsQuerySchema.parse({ page: "1", limit: String(DEFAULT_PAGE_SIZE) });
  return { firstPage: cookieAdmin(request, db).then((admin) => (admin ? listStudentsPage(db, query) : null)) };
}

/** Only the route's first clientLoader call can hydrate the page the server rendered; later ones are navigations. */
let firstCall = true;

/**
 * Starts the default first page without waiting for it, so the request overlaps the page's first render; the page
 * takes the answer if its first request is the same (no navigation filters). When hydrating the page the server
 * rendered, the first page comes with the HTML instead of a request after hydration (when the console talks to
 * this origin: a base-URL override means another backend's data).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const hydrating = firstCall && new URL(request.url).pathname === window.location.pathname;
  firstCall = false;
  if (!getToken()) return null;
  const fromServer =
    hydrating && getBaseUrl() === window.location.origin
      ? (await serverLoader()).firstPage.then((body) => body && toServerPage(body))
      : undefined;
  studentsPrimer.prime({ filters: NO_FILTERS, page: 1, limit: DEFAULT_PAGE_SIZE }, fromServer);
  return null;
}
clientLoader.hydrate = true as const;

/** Page title for the admin console. */
export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "console");
}

const studentRowId = (s: Student) => String(s.id);
const inactiveRow = (s: Student) => (s.is_active ? undefined : "text-muted-foreground");

/** The filters asked for by navigation state (global search, sidebar grade), so the first request has them. */
function initialFilters(state: unknown): StudentFilters {
  const s = (state ?? {}) as AdminNavState;
  return {
    ...NO_FILTERS,
    ...(typeof s.search === "string" ? { search: normalizeDigits(s.search) } : {}),
    ...(s.grade ? { grade: s.grade } : {}),
  };
}

/** The Students Management page. */
export default function StudentsPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const onAuthFailure = useHandleAuthFailure();
  const { failureText } = useReasonText();
  // `filters` is what the bar shows; the server gets the search once the typing rests (SEARCH_DEBOUNCE_MS).
  const [filters, setFilters] = useState<StudentFilters>(() => initialFilters(location.state));
  const search = useDebouncedSearch(filters.search);
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  const { students, total, loading, refreshing, server, sendFilters, reload, create, update, remove } =
    useStudents(applied);
  const [formOpen, setFormOpen] = useState(() => (location.state as AdminNavState | null)?.openAdd === true);
  const [editing, setEditing] = useState<Student | null>(null);
  const [deleting, setDeleting] = useState<Student | null>(null);
  const [exporting, setExporting] = useState(false);
  // The dialogs' code loads on first open (a request made before it arrives opens the dialog once it has).
  const formMounted = useOpenedOnce(formOpen);
  const deleteMounted = useOpenedOnce(deleting !== null);

  // The filter bar's changes that apply at once (selects, an emptied search) send their request before React
  // renders them (useServerTable); a search keystroke only waits for the debounce.
  const current = useRef({ filters, applied });
  current.current = { filters, applied };
  const patchFilters = useCallback(
    (patch: Partial<StudentFilters>) => {
      const next = { ...current.current.filters, ...patch };
      // No change (Escape in an empty search box) must not send page 1 while another page is shown.
      if (JSON.stringify(next) === JSON.stringify(current.current.filters)) return;
      const nextApplied = { ...next, search: next.search === "" ? "" : current.current.applied.search };
      const send = JSON.stringify(nextApplied) !== JSON.stringify(current.current.applied);
      current.current = { filters: next, applied: nextApplied };
      setFilters(next);
      if (send) sendFilters(nextApplied);
    },
    [sendFilters],
  );
  const openAdd = useCallback(() => {
    setEditing(null);
    setFormOpen(true);
  }, []);
  const openEdit = useCallback((s: Student) => {
    setEditing(s);
    setFormOpen(true);
  }, []);

  // Intent carried by navigation (dashboard quick action, global search, sidebar grade): apply it once, then drop
  // it from the history entry so a reload or Back does not repeat it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (location.key)
  useEffect(() => {
    const state = location.state as AdminNavState | null;
    if (!state || (!state.openAdd && state.search === undefined && !state.grade)) return;
    if (state.search !== undefined) setFilters({ ...NO_FILTERS, search: normalizeDigits(state.search) });
    if (state.grade) setFilters((f) => ({ ...f, grade: state.grade! }));
    if (state.openAdd) openAdd();
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.key]);

  useEffect(() => onAdminEvent(OPEN_ADD_STUDENT_EVENT, openAdd), [openAdd]);
  useEffect(() => onGradeFilter("students", (grade) => patchFilters({ grade })), [patchFilters]);

  const columns = useMemo(
    () =>
      studentColumns(t, i18n.language, {
        onEdit: openEdit,
        onDelete: setDeleting,
        onIntent: (a) => void (a === "edit" ? loadStudentFormDialog() : loadDeleteStudentDialog()),
      }),
    [t, i18n.language, openEdit],
  );

  const failure = (err: unknown, fallbackKey: string, networkKey: string) => {
    if (onAuthFailure(err)) return null;
    const text = failureText(err, t(fallbackKey), t(networkKey));
    toast.error(text);
    return text;
  };

  const onSubmit = async (body: StudentBody): Promise<StudentFormFeedback | undefined> => {
    if (editing) {
      const before = editing;
      setFormOpen(false);
      try {
        await update(before, body);
        toast.success(t("students.toasts.updated"));
      } catch (err) {
        failure(err, "students.toasts.updateFailed", "students.toasts.saveNetwork");
      }
      return;
    }
    try {
      await create(body);
      setFormOpen(false);
      toast.success(t("students.toasts.added"));
    } catch (err) {
      const text = failure(err, "students.toasts.saveFailed", "students.toasts.saveNetwork");
      if (text === null) return;
      const duplicate = err instanceof ApiFailure && err.reason === "STUDENT_DUPLICATE";
      return duplicate ? { field: "studentId", message: text } : { message: text };
    }
  };

  const onConfirmDelete = (student: Student) => {
    setDeleting(null);
    remove(student)
      .then(() => toast.success(t("students.toasts.deleted")))
      .catch((err) => failure(err, "students.toasts.deleteFailed", "students.toasts.deleteNetwork"));
  };

  // The table holds one page: the export asks the server for every student matching the filters.
  const onExport = async () => {
    setExporting(true);
    try {
      const [rows, { exportStudentsCsv }] = await Promise.all([fetchStudents(filters), loadStudentsCsv()]);
      exportStudentsCsv(rows, filters.grade, t);
      toast.success(
        t("students.toasts.exported", { count: rows.length, formattedCount: formatNumber(rows.length, i18n.language) }),
      );
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(t("students.toasts.exportFailed"));
    } finally {
      setExporting(false);
    }
  };

  const filtersActive = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("students.title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("students.subtitle")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => void reload()}
            disabled={refreshing}
            aria-busy={refreshing || undefined}
          >
            <RefreshCw className={cn(refreshing && "animate-spin")} aria-hidden="true" />
            {t("students.refresh")}
          </Button>
          <Button
            variant="outline"
            onClick={() => void onExport()}
            onPointerEnter={() => void loadStudentsCsv()}
            onFocus={() => void loadStudentsCsv()}
            disabled={loading || exporting || total === 0}
            aria-busy={exporting || undefined}
          >
            <Download aria-hidden="true" />
            {t("students.exportCsv")}
          </Button>
          <ImportButton kind="students" onDone={() => void reload()} />
          <Button
            onClick={openAdd}
            onPointerEnter={() => void loadStudentFormDialog()}
            onFocus={() => void loadStudentFormDialog()}
          >
            <Plus aria-hidden="true" />
            {t("students.addStudent")}
          </Button>
        </div>
      </header>

      <DataTable
        label={t("students.tableLabel")}
        idPrefix="students"
        columns={columns}
        data={students}
        getRowId={studentRowId}
        loading={loading}
        server={server}
        toolbar={<StudentFiltersBar filters={filters} onChange={patchFilters} matching={total} loading={loading} />}
        rowClassName={inactiveRow}
        emptyState={
          <div className="mx-auto grid max-w-sm justify-items-center gap-2">
            <SearchX className="size-8 text-muted-foreground/70" aria-hidden="true" />
            <p className="font-medium text-foreground">{t("students.empty")}</p>
            {filtersActive && (
              <>
                <p className="text-sm">{t("students.emptyHint")}</p>
                <Button variant="outline" size="sm" className="mt-1" onClick={() => setFilters(NO_FILTERS)}>
                  {t("students.filters.clear")}
                </Button>
              </>
            )}
          </div>
        }
      />

      {formMounted && (
        <Suspense fallback={null}>
          <LazyStudentFormDialog open={formOpen} onOpenChange={setFormOpen} student={editing} onSubmit={onSubmit} />
        </Suspense>
      )}
      {deleteMounted && (
        <Suspense fallback={null}>
          <LazyDeleteStudentDialog student={deleting} onCancel={() => setDeleting(null)} onConfirm={onConfirmDelete} />
        </Suspense>
      )}
    </div>
  );
}
