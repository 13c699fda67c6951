/**
 * The state of the Students Management page (docs/product.md#students), so the route is only its layout: the
 * filters (student-filter-state.ts) over the server's list (use-students.ts), the add/edit and delete dialogs, the
 * intents navigation and the console's events carry, the writes with their failure texts, and the CSV export.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { ApiFailure } from "~/lib/api";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { OPEN_ADD_STUDENT_EVENT, onAdminEvent, onGradeFilter, type AdminNavState } from "~/lib/admin-events";
import { formatNumber } from "~/lib/format";
import { useOpenedOnce } from "~/lib/lazy";
import { useReasonText } from "~/lib/reason-text";
import { useDebouncedSearch } from "~/lib/use-debounce";
import { useCan } from "~/lib/use-me";
import { loadDeleteStudentDialog, loadStudentFormDialog, loadStudentsCsv } from "./lazy-dialogs";
import { studentColumns } from "./student-columns";
import { filtersActive, hasIntent, initialFilters, intentFilters, patchedFilters } from "./student-filter-state";
import type { StudentFormFeedback } from "./student-form-dialog";
import { NO_FILTERS, type Student, type StudentBody, type StudentFilters } from "./student-types";
import { fetchStudents } from "./students-api";
import { fetchYearEnrolments, useAcademicYears } from "~/features/academic-years/admin/years-api";
import { useStudents, type UseStudents } from "./use-students";

/**
 * The filter bar's changes that apply at once (selects, an emptied search) send their request before React renders
 * them (useServerTable); a search keystroke only waits for the debounce.
 */
function usePatchFilters(
  filters: StudentFilters,
  applied: StudentFilters,
  setFilters: (f: StudentFilters) => void,
  sendFilters: (f: StudentFilters) => void,
) {
  const current = useRef({ filters, applied });
  current.current = { filters, applied };
  return useCallback(
    (patch: Partial<StudentFilters>) => {
      const next = patchedFilters(current.current, patch);
      if (!next) return;
      current.current = { filters: next.filters, applied: next.applied };
      setFilters(next.filters);
      if (next.send) sendFilters(next.applied);
    },
    [setFilters, sendFilters],
  );
}

/** The add/edit modal and the delete confirm; each dialog's code loads on its first open. */
function useStudentDialogs(navState: unknown) {
  const [formOpen, setFormOpen] = useState(() => (navState as AdminNavState | null)?.openAdd === true);
  const [editing, setEditing] = useState<Student | null>(null);
  const [deleting, setDeleting] = useState<Student | null>(null);
  // A request made before the code arrives opens the dialog once it has.
  const formMounted = useOpenedOnce(formOpen);
  const deleteMounted = useOpenedOnce(deleting !== null);
  const openAdd = useCallback(() => {
    setEditing(null);
    setFormOpen(true);
  }, []);
  const openEdit = useCallback((s: Student) => {
    setEditing(s);
    setFormOpen(true);
  }, []);
  return { formOpen, setFormOpen, editing, deleting, setDeleting, formMounted, deleteMounted, openAdd, openEdit };
}

type Dialogs = ReturnType<typeof useStudentDialogs>;

/**
 * Intent carried by navigation (dashboard quick action, global search, sidebar grade): applied once, then dropped
 * from the history entry so a reload or Back does not repeat it. The console's events (quick action, sidebar grade)
 * reach a page already open.
 */
function useStudentIntents(
  setFilters: (update: (f: StudentFilters) => StudentFilters) => void,
  openAdd: () => void,
  patchFilters: (patch: Partial<StudentFilters>) => void,
) {
  const location = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (location.key)
  useEffect(() => {
    const state = location.state as AdminNavState | null;
    if (!hasIntent(state)) return;
    if (state.search !== undefined || state.grade) setFilters((f) => intentFilters(f, state));
    if (state.openAdd) openAdd();
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.key]);

  useEffect(() => onAdminEvent(OPEN_ADD_STUDENT_EVENT, openAdd), [openAdd]);
  useEffect(() => onGradeFilter("students", (grade) => patchFilters({ grade })), [patchFilters]);
}

/** Save, delete and export, each telling its outcome; a failure is told by its reason (a 401 signs out instead). */
function useStudentWrites({ create, update, remove }: UseStudents, dialogs: Dialogs, filters: StudentFilters) {
  const { t, i18n } = useTranslation();
  const onAuthFailure = useHandleAuthFailure();
  const { failureText } = useReasonText();
  const [exporting, setExporting] = useState(false);
  const { current } = useAcademicYears();
  // The export's year (the select beside its button): the current year until another is chosen.
  const [chosenYear, setExportYear] = useState<string | null>(null);
  const exportYear = chosenYear ?? current;
  const { editing, setFormOpen, setDeleting } = dialogs;

  const failure = (err: unknown, fallbackKey: string, networkKey: string) => {
    if (onAuthFailure(err)) return null;
    const text = failureText(err, t(fallbackKey), t(networkKey));
    toast.error(text);
    return text;
  };

  // An edit closes the form at once (the row changes optimistically); an add waits, to show a refusal in the form.
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

  // The table holds one page: the export asks the server for every student matching the filters; for a year other
  // than the current one, those enrolled that year, with that year's grade, building and section.
  const onExport = async () => {
    const year = exportYear;
    setExporting(true);
    try {
      const other = year && year !== current ? year : null;
      const [all, { exportStudentsCsv }, enrolled] = await Promise.all([
        fetchStudents(filters),
        loadStudentsCsv(),
        other ? fetchYearEnrolments(other) : null,
      ]);
      const byNo = new Map(enrolled?.map((e) => [e.student_no, e]));
      const rows = enrolled ? all.filter((s) => byNo.has(s.student_no)) : all;
      exportStudentsCsv(rows, filters.grade, t, (s) => ({ year: year ?? "", enrolment: byNo.get(s.student_no) }));
      const formattedCount = formatNumber(rows.length, i18n.language);
      toast.success(t("students.toasts.exported", { count: rows.length, formattedCount }));
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(t("students.toasts.exportFailed"));
    } finally {
      setExporting(false);
    }
  };

  return { onSubmit, onConfirmDelete, onExport, exporting, exportYear, setExportYear };
}

/** Everything the Students page shows and does. */
export function useStudentsPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  // `filters` is what the bar shows; the server gets the search once the typing rests (SEARCH_DEBOUNCE_MS).
  const [filters, setFilters] = useState<StudentFilters>(() => initialFilters(location.state));
  const search = useDebouncedSearch(filters.search);
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  const list = useStudents(applied);
  const patchFilters = usePatchFilters(filters, applied, setFilters, list.sendFilters);
  const dialogs = useStudentDialogs(location.state);
  useStudentIntents(setFilters, dialogs.openAdd, patchFilters);
  const writes = useStudentWrites(list, dialogs, filters);

  const { openEdit, setDeleting } = dialogs;
  // Edit and Delete only for a role that writes students (docs/product.md#staff-and-roles).
  const canWrite = useCan("students.write");
  const columns = useMemo(
    () =>
      studentColumns(
        t,
        i18n.language,
        canWrite
          ? {
              onEdit: openEdit,
              onDelete: setDeleting,
              onIntent: (a) => void (a === "edit" ? loadStudentFormDialog() : loadDeleteStudentDialog()),
            }
          : {},
      ),
    [t, i18n.language, openEdit, setDeleting, canWrite],
  );

  return {
    list,
    filters,
    patchFilters,
    clearFilters: () => setFilters(NO_FILTERS),
    filtersActive: filtersActive(filters),
    columns,
    canWrite,
    dialogs,
    ...writes,
  };
}
