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
 * Add, Edit, Delete and Import need `students.write` (docs/product.md#staff-and-roles).
 */
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { SearchX } from "lucide-react";
import type { Route } from "./+types/students";
import { getDb } from "@worker/db";
import { listStudentsQuerySchema } from "@worker/contracts/students";
import { listStudentsPage } from "@worker/services/student-list";
import { workerContext } from "~/context";
import { cookieAdmin } from "~/lib/admin-session.server";
import type { ActingStaff } from "@worker/env";
import { scopeOf } from "@worker/permissions";
import { adminMeta } from "~/lib/admin-meta";
import { getBaseUrl } from "~/lib/api";
import { Button } from "~/components/ui/button";
import { DataTable, DEFAULT_PAGE_SIZE } from "~/components/data-table";
import { StudentFiltersBar } from "~/features/students/admin/student-filters";
import { LazyDeleteStudentDialog, LazyStudentFormDialog } from "~/features/students/admin/lazy-dialogs";
import { studentsPrimer, toServerPage } from "~/features/students/admin/students-api";
import { StudentsHeader } from "~/features/students/admin/students-header";
import { getToken } from "~/lib/auth-storage";
import { useStudentsPage } from "~/features/students/admin/use-students-page";
import { NO_FILTERS, type Student } from "~/features/students/admin/student-types";

/**
 * Server: the default first page (15 newest students, as `GET /api/students?page=1&limit=15` answers it) for the
 * admin whose session cookie came with the request, else null (docs/decisions/0022). Not awaited: it streams after
 * the HTML shell instead of delaying it.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb(context.get(workerContext).env);
  const query = listStudentsQuerySchema.parse({ page: "1", limit: String(DEFAULT_PAGE_SIZE) });
  // The whole first page only for a role that reads every student; a scoped (teacher's) list comes from the API.
  const reads = (a: ActingStaff | null) => a && !a.mustChangePassword && scopeOf(a.role, "students.read") === "all";
  return { firstPage: cookieAdmin(request, db).then((admin) => (reads(admin) ? listStudentsPage(db, query) : null)) };
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

/** The Students Management page: its state lives in useStudentsPage. */
export default function StudentsPage() {
  const { t } = useTranslation();
  const page = useStudentsPage();
  const { students, total, loading, refreshing, server, reload } = page.list;
  const { formOpen, setFormOpen, editing, deleting, setDeleting, formMounted, deleteMounted, openAdd } = page.dialogs;

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <StudentsHeader
        refreshing={refreshing}
        onRefresh={() => void reload()}
        exportDisabled={loading || page.exporting || total === 0}
        exporting={page.exporting}
        onExport={() => void page.onExport()}
        exportYear={page.exportYear}
        onExportYear={page.setExportYear}
        onImported={() => void reload()}
        onAdd={openAdd}
      />

      <DataTable
        label={t("students.tableLabel")}
        idPrefix="students"
        columns={page.columns}
        data={students}
        getRowId={studentRowId}
        loading={loading}
        server={server}
        toolbar={
          <StudentFiltersBar filters={page.filters} onChange={page.patchFilters} matching={total} loading={loading} />
        }
        rowClassName={inactiveRow}
        emptyState={
          <div className="mx-auto grid max-w-sm justify-items-center gap-2">
            <SearchX className="size-8 text-muted-foreground/70" aria-hidden="true" />
            <p className="font-medium text-foreground">{t("students.empty")}</p>
            {page.filtersActive && (
              <>
                <p className="text-sm">{t("students.emptyHint")}</p>
                <Button variant="outline" size="sm" className="mt-1" onClick={page.clearFilters}>
                  {t("students.filters.clear")}
                </Button>
              </>
            )}
          </div>
        }
      />

      {formMounted && (
        <Suspense fallback={null}>
          <LazyStudentFormDialog
            // An intent to add (a quick action, a link) opens nothing for a role that may not.
            open={formOpen && page.canWrite}
            onOpenChange={setFormOpen}
            student={editing}
            onSubmit={page.onSubmit}
          />
        </Suspense>
      )}
      {deleteMounted && (
        <Suspense fallback={null}>
          <LazyDeleteStudentDialog
            student={page.canWrite ? deleting : null}
            onCancel={() => setDeleting(null)}
            onConfirm={page.onConfirmDelete}
          />
        </Suspense>
      )}
    </div>
  );
}
