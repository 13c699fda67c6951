/**
 * /admin/dashboard/course-selections/teachers — Teachers Management (docs/product.md#course-selection). Building and
 * active-subject filters with chips; a table with the seats taken per session; Add/Edit modal (the list reloads
 * after saving); delete confirmation. A save failure shows "Error: {reason's text or Failed to save teacher}" with
 * the status code; a capacity below the seats taken (TEACHER_CAPACITY_BELOW_TAKEN) and an inactive subject
 * (SUBJECT_NOT_ACTIVE) are also shown on their field. Without a token the lists stay empty and actions go to the
 * login page. Above the table, the warning about active subjects without an active teacher with seats.
 * Without `selection.manage` (docs/product.md#staff-and-roles) the page is read-only: no add, edit or delete.
 */
import { ImportButton } from "~/features/import/admin/import-button";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { Plus, RefreshCw, UserX } from "lucide-react";
import type { TeacherCreateInput } from "@worker/contracts/selection-admin";
import type { Route } from "./+types/course-selections-teachers";
import { adminMeta } from "~/lib/admin-meta";
import { ApiFailure } from "~/lib/api";
import { formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import { useCan } from "~/lib/use-me";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/data-table";
import { ConfirmDeleteDialog } from "~/features/selection/admin/confirm-delete-dialog";
import type { FormFeedback } from "~/features/selection/admin/form-field";
import { SelectionPageHeader } from "~/features/selection/admin/page-header";
import {
  createTeacher,
  deleteTeacher,
  fetchSubjects,
  fetchTeachers,
  updateTeacher,
  type SelectionTeacher,
} from "~/features/selection/admin/selection-api";
import { teacherColumns } from "~/features/selection/admin/teacher-columns";
import {
  NO_TEACHER_FILTERS,
  TeacherFiltersBar,
  matchesTeacherFilters,
  type TeacherFilters,
} from "~/features/selection/admin/teacher-filters";
import { TeacherFormDialog, type TeacherFormFields } from "~/features/selection/admin/teacher-form-dialog";
import { useSelectionAction } from "~/features/selection/admin/use-selection-action";
import { UncoveredSubjects } from "~/features/selection/admin/uncovered-subjects";
import { useSelectionList } from "~/features/selection/admin/use-selection-list";

/** Page title for the admin console. */
export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "console");
}

/** The form field a refusal refers to, by its reason. */
function fieldOf(err: unknown): keyof TeacherFormFields | undefined {
  if (!(err instanceof ApiFailure)) return undefined;
  if (err.reason === "TEACHER_CAPACITY_BELOW_TAKEN")
    return err.params.session === 2 ? "session_2_capacity" : "session_1_capacity";
  if (err.reason === "SUBJECT_NOT_ACTIVE") return "subject_name";
  return undefined;
}

/** The Teachers Management page. */
export default function TeachersPage() {
  const { t, i18n } = useTranslation();
  const run = useSelectionAction();
  const teachers = useSelectionList(fetchTeachers, "teachers");
  const subjects = useSelectionList(fetchSubjects, "subjects");
  const [filters, setFilters] = useState<TeacherFilters>(NO_TEACHER_FILTERS);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<SelectionTeacher | null>(null);
  const [deleting, setDeleting] = useState<SelectionTeacher | null>(null);

  const activeSubjects = useMemo(() => subjects.items.filter((s) => s.is_active).map((s) => s.name), [subjects.items]);
  const filtered = useMemo(
    () => teachers.items.filter((x) => matchesTeacherFilters(x, filters)),
    [teachers.items, filters],
  );
  const filtersActive = filters.building !== "All" || filters.subject !== "All";
  const refreshing = teachers.refreshing || subjects.refreshing;
  const reloadAll = () => Promise.all([teachers.reload(), subjects.reload()]);

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = useCallback((x: SelectionTeacher) => {
    setEditing(x);
    setFormOpen(true);
  }, []);
  const canManage = useCan("selection.manage");
  const columns = useMemo(() => {
    const all = teacherColumns(t, i18n.language, { onEdit: openEdit, onDelete: setDeleting });
    return canManage ? all : all.filter((c) => c.id !== "actions");
  }, [t, i18n.language, openEdit, canManage]);

  const onSubmit = async (input: TeacherCreateInput): Promise<FormFeedback<keyof TeacherFormFields> | undefined> => {
    const target = editing;
    const outcome = await run(() => (target ? updateTeacher(target.id, input) : createTeacher(input)), {
      fallback: t("courseSelection.teachers.toasts.saveFailed"),
      network: t("courseSelection.teachers.toasts.saveNetwork"),
      format: (message, failure) => t("courseSelection.teachers.toasts.saveError", { message, status: failure.status }),
    });
    if (!outcome.ok)
      return outcome.message === null ? undefined : { field: fieldOf(outcome.error), message: outcome.message };
    setFormOpen(false);
    toast.success(
      t(target ? "courseSelection.teachers.toasts.updated" : "courseSelection.teachers.toasts.created", {
        name: outcome.value.full_name,
      }),
    );
    await teachers.reload();
  };

  const onConfirmDelete = async () => {
    const teacher = deleting;
    setDeleting(null);
    if (!teacher) return;
    const outcome = await run(() => deleteTeacher(teacher.id), {
      fallback: t("courseSelection.teachers.toasts.deleteFailed"),
      network: t("courseSelection.teachers.toasts.deleteNetwork"),
    });
    if (!outcome.ok) return;
    teachers.setItems((list) => list.filter((x) => x.id !== teacher.id));
    toast.success(t("courseSelection.teachers.toasts.deleted", { name: teacher.full_name }));
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <SelectionPageHeader
        title={t("courseSelection.teachers.title")}
        subtitle={t("courseSelection.teachers.subtitle")}
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
            {canManage && (
              <>
                <ImportButton kind="teachers" onDone={() => void reloadAll()} />
                <Button onClick={openAdd}>
                  <Plus aria-hidden="true" />
                  {t("courseSelection.teachers.add")}
                </Button>
              </>
            )}
          </>
        }
      />

      <UncoveredSubjects changed={teachers.items} />

      <DataTable
        label={t("courseSelection.teachers.tableLabel")}
        idPrefix="teachers"
        columns={columns}
        data={filtered}
        getRowId={(x) => String(x.id)}
        loading={teachers.loading}
        resetPageKey={filters}
        rowClassName={(x) => (x.is_active ? undefined : "text-muted-foreground")}
        toolbar={
          <div className="grid gap-4">
            <TeacherFiltersBar
              filters={filters}
              onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
              activeSubjects={activeSubjects}
            />
            <h2 className="text-lg font-semibold">
              {t("courseSelection.teachers.heading", {
                count: filtered.length,
                formattedCount: formatNumber(filtered.length, i18n.language),
              })}
            </h2>
          </div>
        }
        emptyState={
          <div className="mx-auto grid max-w-sm justify-items-center gap-2">
            <UserX className="size-8 text-muted-foreground/70" aria-hidden="true" />
            <p className="font-medium text-foreground">
              {t(
                filtersActive && teachers.items.length > 0
                  ? "courseSelection.teachers.emptyFiltered"
                  : "courseSelection.teachers.empty",
              )}
            </p>
            {filtersActive && teachers.items.length > 0 ? (
              <Button variant="outline" size="sm" className="mt-1" onClick={() => setFilters(NO_TEACHER_FILTERS)}>
                {t("courseSelection.common.clearFilters")}
              </Button>
            ) : (
              canManage && (
                <Button variant="outline" size="sm" className="mt-1" onClick={openAdd}>
                  <Plus aria-hidden="true" />
                  {t("courseSelection.teachers.add")}
                </Button>
              )
            )}
          </div>
        }
      />

      <TeacherFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        teacher={editing}
        activeSubjects={activeSubjects}
        onSubmit={onSubmit}
      />
      <ConfirmDeleteDialog
        open={!!deleting}
        title={t("courseSelection.teachers.delete.title")}
        question={t("courseSelection.teachers.delete.question")}
        subject={deleting?.full_name}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onConfirmDelete()}
      />
    </div>
  );
}
