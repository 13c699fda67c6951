/**
 * /admin/dashboard/course-selections — Course Selections Overview (docs/product.md#course-selection, #csv-exports).
 * Stat cards (Total Students and Total Selections both count distinct student IDs), filters, the combinations table
 * with student names, Refresh, Export CSV (the rows shown, grouped by teacher then session; see
 * ~/features/selection/admin/selection-csv.ts), and Delete All for the searched student ID (with `selection.manage`,
 * docs/product.md#staff-and-roles).
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { BookOpen, Download, GraduationCap, ListChecks, RefreshCw, SearchX, Users } from "lucide-react";
import type { Route } from "./+types/course-selections";
import { adminMeta } from "~/lib/admin-meta";
import { getToken } from "~/lib/auth-storage";
import { formatNumber } from "~/lib/format";
import { exportSelectionsCsv } from "~/features/selection/admin/selection-csv";
import { cn } from "~/lib/utils";
import { useCan } from "~/lib/use-me";
import { StatCard } from "~/features/dashboard/admin/stat-card";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { DataTable } from "~/components/data-table";
import { DeleteAllDialog } from "~/features/selection/admin/delete-all-dialog";
import { overviewColumns, summaryRowId } from "~/features/selection/admin/overview-columns";
import { OverviewCards } from "~/features/selection/admin/overview-cards";
import { OverviewFiltersBar } from "~/features/selection/admin/overview-filters";
import {
  NO_OVERVIEW_FILTERS,
  distinctNames,
  distinctStudentCount,
  filterSummary,
  nameLookup,
  normaliseStudentIdQuery,
  studentIdFromSearch,
  type OverviewFilters,
} from "~/features/selection/admin/overview-model";
import { SelectionPageHeader } from "~/features/selection/admin/page-header";
import {
  deleteAllSelections,
  fetchStudentNames,
  fetchSubjects,
  fetchSummary,
  fetchTeachers,
} from "~/features/selection/admin/selection-api";
import { useSelectionAction } from "~/features/selection/admin/use-selection-action";
import { useSelectionList } from "~/features/selection/admin/use-selection-list";

/** Page title for the admin console. */
export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "console");
}

/** The Course Selections Overview page. */
export default function CourseSelectionsOverview() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const run = useSelectionAction();
  const summary = useSelectionList(fetchSummary, "selection summary");
  const subjects = useSelectionList(fetchSubjects, "subjects");
  const teachers = useSelectionList(fetchTeachers, "teachers");
  const students = useSelectionList(fetchStudentNames, "students");
  const [filters, setFilters] = useState<OverviewFilters>(NO_OVERVIEW_FILTERS);
  const [deleteId, setDeleteId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const nameOf = useMemo(() => nameLookup(students.items), [students.items]);
  const query = normaliseStudentIdQuery(filters.search);
  const rows = useMemo(() => filterSummary(summary.items, filters), [summary.items, filters]);
  const distinct = useMemo(() => distinctStudentCount(summary.items), [summary.items]);
  const subjectOptions = useMemo(
    () =>
      distinctNames(
        subjects.items.map((s) => s.name),
        summary.items.map((r) => r.subject_name),
      ),
    [subjects.items, summary.items],
  );
  const teacherOptions = useMemo(() => {
    const of = (subject: string | null) => filters.subject === "All" || subject === filters.subject;
    return distinctNames(
      teachers.items.filter((x) => of(x.subject_name)).map((x) => x.full_name),
      summary.items.filter((r) => of(r.subject_name)).map((r) => r.teacher_name),
    );
  }, [teachers.items, summary.items, filters.subject]);
  const columns = useMemo(() => overviewColumns(t, lang, nameOf, query), [t, lang, nameOf, query]);

  const loading = summary.loading;
  const refreshing = summary.refreshing || subjects.refreshing || teachers.refreshing || students.refreshing;
  const reloadAll = () => Promise.all([summary.reload(), subjects.reload(), teachers.reload(), students.reload()]);
  const filtersActive = JSON.stringify(filters) !== JSON.stringify(NO_OVERVIEW_FILTERS);
  const n = (v: number) => formatNumber(v, lang);

  const patchFilters = (patch: Partial<OverviewFilters>) =>
    setFilters((f) => {
      const next = { ...f, ...patch };
      // A teacher of another subject would leave the table empty for no visible reason.
      if (patch.subject !== undefined && patch.subject !== "All" && next.teacher !== "All") {
        const teaches =
          teachers.items.some((x) => x.full_name === next.teacher && x.subject_name === patch.subject) ||
          summary.items.some((r) => r.teacher_name === next.teacher && r.subject_name === patch.subject);
        if (!teaches) next.teacher = "All";
      }
      return next;
    });

  const canManage = useCan("selection.manage");
  const onExport = () => {
    exportSelectionsCsv(rows, nameOf);
    toast.success(
      t("courseSelection.overview.toasts.exported", { count: rows.length, formattedCount: n(rows.length) }),
    );
  };

  const openDeleteAll = () => {
    if (!getToken()) {
      toast.error(t("courseSelection.overview.toasts.noToken"));
      return;
    }
    const id = studentIdFromSearch(filters.search);
    if (id) setDeleteId(id);
  };

  const onConfirmDeleteAll = async () => {
    const studentId = deleteId;
    if (!studentId) return;
    if (!getToken()) {
      setDeleteId(null);
      toast.error(t("courseSelection.overview.toasts.noToken"));
      return;
    }
    setDeleting(true);
    const outcome = await run(() => deleteAllSelections(studentId), {
      fallback: t("courseSelection.overview.toasts.unknownError"),
      network: t("courseSelection.overview.toasts.deleteNetwork"),
      format: (message) => t("courseSelection.overview.toasts.deleteFailed", { message }),
    });
    setDeleting(false);
    setDeleteId(null);
    if (!outcome.ok) return;
    toast.success(t("courseSelection.overview.toasts.deleted"));
    await Promise.all([summary.reload(), teachers.reload()]);
  };

  const emptyState = (
    <div className="mx-auto grid max-w-sm justify-items-center gap-2">
      <SearchX className="size-8 text-muted-foreground/70" aria-hidden="true" />
      <p className="font-medium text-foreground">{t("courseSelection.overview.empty")}</p>
      <p className="text-sm">
        {t(filtersActive ? "courseSelection.overview.emptyHint" : "courseSelection.overview.emptyNoData")}
      </p>
      {filtersActive && (
        <Button variant="outline" size="sm" className="mt-1" onClick={() => setFilters(NO_OVERVIEW_FILTERS)}>
          {t("courseSelection.common.clearFilters")}
        </Button>
      )}
    </div>
  );

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <SelectionPageHeader
        title={t("courseSelection.overview.title")}
        subtitle={t("courseSelection.overview.subtitle")}
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => void reloadAll()}
              disabled={refreshing}
              aria-busy={refreshing || undefined}
            >
              <RefreshCw className={cn(refreshing && "animate-spin")} aria-hidden="true" />
              {t("courseSelection.common.refresh")}
            </Button>
            <Button variant="outline" onClick={onExport} disabled={loading || rows.length === 0}>
              <Download aria-hidden="true" />
              {t("courseSelection.overview.exportCsv")}
            </Button>
          </>
        }
      />

      <section
        aria-label={t("courseSelection.overview.stats.label")}
        className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
      >
        <StatCard
          label={t("courseSelection.overview.stats.totalStudents")}
          value={n(distinct)}
          hint={t("courseSelection.overview.stats.totalStudentsHint")}
          icon={Users}
          loading={loading}
          unavailable="—"
        />
        <StatCard
          label={t("courseSelection.overview.stats.totalSubjects")}
          value={n(subjects.items.length)}
          hint={t("courseSelection.overview.stats.activeHint", {
            count: subjects.items.filter((s) => s.is_active).length,
            formattedCount: n(subjects.items.filter((s) => s.is_active).length),
          })}
          icon={BookOpen}
          loading={subjects.loading}
          unavailable="—"
          tone="bg-sky-500/10 text-sky-700"
        />
        <StatCard
          label={t("courseSelection.overview.stats.totalTeachers")}
          value={n(teachers.items.length)}
          hint={t("courseSelection.overview.stats.activeHint", {
            count: teachers.items.filter((x) => x.is_active).length,
            formattedCount: n(teachers.items.filter((x) => x.is_active).length),
          })}
          icon={GraduationCap}
          loading={teachers.loading}
          unavailable="—"
          tone="bg-violet-500/10 text-violet-700"
        />
        <StatCard
          label={t("courseSelection.overview.stats.totalSelections")}
          value={n(distinct)}
          hint={t("courseSelection.overview.stats.totalSelectionsHint", {
            count: summary.items.length,
            formattedCount: n(summary.items.length),
          })}
          icon={ListChecks}
          loading={loading}
          unavailable="—"
          tone="bg-success/12 text-success"
        />
      </section>

      <div className="grid gap-4">
        <OverviewFiltersBar
          filters={filters}
          onChange={patchFilters}
          subjects={subjectOptions}
          teachers={teacherOptions}
          onDeleteAll={canManage ? openDeleteAll : undefined}
        />
        <div className="flex items-center gap-2">
          <h2 className="text-lg font-semibold">
            {t("courseSelection.overview.table.heading", { count: rows.length, formattedCount: n(rows.length) })}
          </h2>
          {refreshing && <Spinner className="text-muted-foreground" label={t("courseSelection.overview.loading")} />}
        </div>
        <div className="hidden md:block">
          <DataTable
            label={t("courseSelection.overview.table.label")}
            idPrefix="selections"
            columns={columns}
            data={rows}
            getRowId={summaryRowId}
            loading={loading}
            skeletonRows={6}
            resetPageKey={filters}
            emptyState={emptyState}
          />
        </div>
        <div className="md:hidden">
          <OverviewCards
            key={JSON.stringify(filters)}
            rows={rows}
            nameOf={nameOf}
            query={query}
            loading={loading}
            emptyState={emptyState}
          />
        </div>
      </div>

      <DeleteAllDialog
        studentId={deleteId}
        studentName={deleteId ? nameOf(deleteId) : undefined}
        busy={deleting}
        onCancel={() => setDeleteId(null)}
        onConfirm={() => void onConfirmDeleteAll()}
      />
    </div>
  );
}
