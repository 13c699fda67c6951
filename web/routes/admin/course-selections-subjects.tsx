/**
 * /admin/dashboard/course-selections/subjects — Selection Subjects (docs/product.md#course-selection). "All Subjects
 * (n)" table, Add/Edit modal (a new subject goes to the top of the list, an edited one is replaced in place), delete
 * confirmation "Are you sure you want to delete this subject?". Failures show the server's reason or "Failed to
 * save/delete subject"; a name in use (SUBJECT_DUPLICATE) is shown on the name field. Without a token the list stays
 * empty and actions go to the login page. Above the table, the warning about active subjects without an active
 * teacher with seats.
 * Without `selection.manage` (docs/product.md#staff-and-roles) the page is read-only: no add, edit or delete.
 */
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { BookOpen, Plus, RefreshCw } from "lucide-react";
import type { SubjectCreateInput } from "@worker/contracts/selection-admin";
import type { Route } from "./+types/course-selections-subjects";
import { adminMeta } from "~/lib/admin-meta";
import { ApiFailure } from "~/lib/api";
import { formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import { useCan } from "~/lib/use-me";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/data-table";
import { ConfirmDeleteDialog } from "~/features/selection/admin/confirm-delete-dialog";
import { SelectionPageHeader } from "~/features/selection/admin/page-header";
import {
  createSubject,
  deleteSubject,
  fetchSubjects,
  updateSubject,
  type SelectionSubject,
} from "~/features/selection/admin/selection-api";
import { subjectColumns } from "~/features/selection/admin/subject-columns";
import { SubjectFormDialog } from "~/features/selection/admin/subject-form-dialog";
import { UncoveredSubjects } from "~/features/selection/admin/uncovered-subjects";
import { useSelectionAction } from "~/features/selection/admin/use-selection-action";
import { useSelectionList } from "~/features/selection/admin/use-selection-list";

/** Page title for the admin console. */
export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "console");
}

/** The Selection Subjects page. */
export default function SelectionSubjectsPage() {
  const { t, i18n } = useTranslation();
  const run = useSelectionAction();
  const { items: subjects, setItems, loading, refreshing, reload } = useSelectionList(fetchSubjects, "subjects");
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<SelectionSubject | null>(null);
  const [deleting, setDeleting] = useState<SelectionSubject | null>(null);

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = useCallback((s: SelectionSubject) => {
    setEditing(s);
    setFormOpen(true);
  }, []);
  const canManage = useCan("selection.manage");
  const columns = useMemo(() => {
    const all = subjectColumns(t, i18n.language, { onEdit: openEdit, onDelete: setDeleting });
    return canManage ? all : all.filter((c) => c.id !== "actions");
  }, [t, i18n.language, openEdit, canManage]);

  const onSubmit = async (input: SubjectCreateInput) => {
    const target = editing;
    const outcome = await run(() => (target ? updateSubject(target.id, input) : createSubject(input)), {
      fallback: t("courseSelection.subjects.toasts.saveFailed"),
      network: t("courseSelection.subjects.toasts.saveNetwork"),
    });
    if (!outcome.ok) {
      if (outcome.message === null) return;
      const duplicate = outcome.error instanceof ApiFailure && outcome.error.reason === "SUBJECT_DUPLICATE";
      return { field: duplicate ? ("name" as const) : undefined, message: outcome.message };
    }
    const saved = outcome.value;
    setItems((list) =>
      target ? list.map((s) => (s.id === saved.id ? saved : s)) : [saved, ...list.filter((s) => s.id !== saved.id)],
    );
    setFormOpen(false);
    toast.success(
      t(target ? "courseSelection.subjects.toasts.updated" : "courseSelection.subjects.toasts.created", {
        name: saved.name,
      }),
    );
  };

  const onConfirmDelete = async () => {
    const subject = deleting;
    setDeleting(null);
    if (!subject) return;
    const outcome = await run(() => deleteSubject(subject.id), {
      fallback: t("courseSelection.subjects.toasts.deleteFailed"),
      network: t("courseSelection.subjects.toasts.deleteNetwork"),
    });
    if (!outcome.ok) return;
    setItems((list) => list.filter((s) => s.id !== subject.id));
    toast.success(t("courseSelection.subjects.toasts.deleted", { name: subject.name }));
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <SelectionPageHeader
        title={t("courseSelection.subjects.title")}
        subtitle={t("courseSelection.subjects.subtitle")}
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => void reload()}
              disabled={refreshing}
              aria-busy={refreshing || undefined}
            >
              <RefreshCw className={cn(refreshing && "animate-spin")} aria-hidden="true" />
              {t("courseSelection.common.refresh")}
            </Button>
            {canManage && (
              <Button onClick={openAdd}>
                <Plus aria-hidden="true" />
                {t("courseSelection.subjects.add")}
              </Button>
            )}
          </>
        }
      />

      <UncoveredSubjects changed={subjects} />

      <DataTable
        label={t("courseSelection.subjects.tableLabel")}
        idPrefix="subjects"
        columns={columns}
        data={subjects}
        getRowId={(s) => String(s.id)}
        loading={loading}
        skeletonRows={5}
        rowClassName={(s) => (s.is_active ? undefined : "text-muted-foreground")}
        toolbar={
          <h2 className="text-lg font-semibold">
            {t("courseSelection.subjects.heading", {
              count: subjects.length,
              formattedCount: formatNumber(subjects.length, i18n.language),
            })}
          </h2>
        }
        emptyState={
          <div className="mx-auto grid max-w-sm justify-items-center gap-2">
            <BookOpen className="size-8 text-muted-foreground/70" aria-hidden="true" />
            <p className="font-medium text-foreground">{t("courseSelection.subjects.empty")}</p>
            <p className="text-sm">{t("courseSelection.subjects.emptyHint")}</p>
            {canManage && (
              <Button variant="outline" size="sm" className="mt-1" onClick={openAdd}>
                <Plus aria-hidden="true" />
                {t("courseSelection.subjects.add")}
              </Button>
            )}
          </div>
        }
      />

      <SubjectFormDialog open={formOpen} onOpenChange={setFormOpen} subject={editing} onSubmit={onSubmit} />
      <ConfirmDeleteDialog
        open={!!deleting}
        title={t("courseSelection.subjects.delete.title")}
        question={t("courseSelection.subjects.delete.question")}
        subject={deleting?.name}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onConfirmDelete()}
      />
    </div>
  );
}
