/**
 * /admin/dashboard/students — Students Management (spec §2 "Students page", §4, §5, §7 "Admin students", §8).
 * Refresh, Export CSV (the filtered rows) and Add Student; grade/building/gender/status filters and a text search
 * applied in the browser to the full list; the shared DataTable (Name resizable 180-500 px, 15/20/30/50 rows);
 * add/edit modal; optimistic edit and delete with the spec's alert texts; live reload on `students_changed`.
 * Navigation state `{openAdd, search, grade}` and the window events `admin:open-add-student` /
 * `admin:grade-filter` drive the modal and the filters.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Download, Plus, RefreshCw, SearchX } from "lucide-react";
import type { Route } from "./+types/students";
import { adminMeta } from "~/lib/admin-meta";
import { ApiFailure } from "~/lib/api";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { OPEN_ADD_STUDENT_EVENT, onAdminEvent, onGradeFilter, type AdminNavState } from "~/lib/admin-events";
import { formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import { Button } from "~/components/ui/button";
import { DataTable, filterBySearch, normalizeDigits } from "~/components/data-table";
import { studentColumns, studentValueLabel } from "~/components/students/student-columns";
import { StudentFiltersBar } from "~/components/students/student-filters";
import { StudentFormDialog, type StudentFormFeedback } from "~/components/students/student-form-dialog";
import { DeleteStudentDialog } from "~/components/students/delete-student-dialog";
import { exportStudentsCsv } from "~/components/students/students-csv";
import { useStudentMessage } from "~/components/students/student-messages";
import { useStudents } from "~/components/students/use-students";
import { NO_FILTERS, type Student, type StudentBody, type StudentFilters } from "~/components/students/student-types";

/** Page title for the admin console. */
export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "console");
}

const DUPLICATE_ID = "A student with this ID already exists";

/** The rows matching the filters (search over name, ID, nationality, religion and grade, also as translated). */
function useFilteredStudents(students: Student[], filters: StudentFilters): Student[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const rows = students.filter(
      (s) =>
        (filters.grade === "All" || s.current_grade === filters.grade) &&
        (filters.building === "All" || String(s.building_no) === filters.building) &&
        (filters.gender === "All" || s.gender === filters.gender) &&
        (filters.status === "All" || s.is_active === (filters.status === "active")),
    );
    return filterBySearch(rows, filters.search, (s) => [
      s.full_name,
      s.student_no,
      s.nationality,
      studentValueLabel(t, "nationalities", s.nationality),
      s.religion,
      s.religion && studentValueLabel(t, "religions", s.religion),
      s.current_grade,
      t(`admin.grades.${s.current_grade}`, { defaultValue: s.current_grade }),
    ]);
  }, [students, filters, t]);
}

/** The Students Management page. */
export default function StudentsPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const onAuthFailure = useHandleAuthFailure();
  const message = useStudentMessage();
  const { students, loading, refreshing, reload, create, update, remove } = useStudents();
  const [filters, setFilters] = useState<StudentFilters>(NO_FILTERS);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Student | null>(null);
  const [deleting, setDeleting] = useState<Student | null>(null);
  const filtered = useFilteredStudents(students, filters);

  const patchFilters = useCallback((patch: Partial<StudentFilters>) => setFilters((f) => ({ ...f, ...patch })), []);
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
  useEffect(() => {
    const state = location.state as AdminNavState | null;
    if (!state || (!state.openAdd && state.search === undefined && !state.grade)) return;
    if (state.search !== undefined) setFilters({ ...NO_FILTERS, search: normalizeDigits(state.search) });
    if (state.grade) setFilters((f) => ({ ...f, grade: state.grade! }));
    if (state.openAdd) openAdd();
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps -- once per navigation

  useEffect(() => onAdminEvent(OPEN_ADD_STUDENT_EVENT, openAdd), [openAdd]);
  useEffect(() => onGradeFilter("students", (grade) => patchFilters({ grade })), [patchFilters]);

  const columns = useMemo(() => studentColumns(t, i18n.language, { onEdit: openEdit, onDelete: setDeleting }), [t, i18n.language, openEdit]);

  const failure = (err: unknown, fallbackKey: string, networkKey: string) => {
    if (onAuthFailure(err)) return null;
    const text = err instanceof ApiFailure && err.isNetwork ? t(networkKey) : message((err as Error)?.message, t(fallbackKey));
    toast.error(text);
    return text;
  };

  const onSubmit = async (body: StudentBody): Promise<StudentFormFeedback | void> => {
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
      const duplicate = err instanceof ApiFailure && err.status === 409 && err.message === DUPLICATE_ID;
      return duplicate ? { field: "studentId", message: text } : { message: text };
    }
  };

  const onConfirmDelete = (student: Student) => {
    setDeleting(null);
    remove(student)
      .then(() => toast.success(t("students.toasts.deleted")))
      .catch((err) => failure(err, "students.toasts.deleteFailed", "students.toasts.deleteNetwork"));
  };

  const onExport = () => {
    exportStudentsCsv(filtered, filters.grade);
    toast.success(t("students.toasts.exported", { count: filtered.length, formattedCount: formatNumber(filtered.length, i18n.language) }));
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
          <Button variant="outline" onClick={() => void reload()} disabled={refreshing} aria-busy={refreshing || undefined}>
            <RefreshCw className={cn(refreshing && "animate-spin")} aria-hidden="true" />
            {t("students.refresh")}
          </Button>
          <Button variant="outline" onClick={onExport} disabled={loading || filtered.length === 0}>
            <Download aria-hidden="true" />
            {t("students.exportCsv")}
          </Button>
          <Button onClick={openAdd}>
            <Plus aria-hidden="true" />
            {t("students.addStudent")}
          </Button>
        </div>
      </header>

      <DataTable
        label={t("students.tableLabel")}
        idPrefix="students"
        columns={columns}
        data={filtered}
        getRowId={(s) => String(s.id)}
        loading={loading}
        resetPageKey={filters}
        toolbar={<StudentFiltersBar filters={filters} onChange={patchFilters} matching={filtered.length} />}
        rowClassName={(s) => (s.is_active ? undefined : "text-muted-foreground")}
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

      <StudentFormDialog open={formOpen} onOpenChange={setFormOpen} student={editing} onSubmit={onSubmit} />
      <DeleteStudentDialog student={deleting} onCancel={() => setDeleting(null)} onConfirm={onConfirmDelete} />
    </div>
  );
}
