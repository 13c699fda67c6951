/**
 * Delete-all confirmation of the Overview (docs/product.md#course-selection): shows the student ID (and the
 * name when known) and "This action cannot be undone!". It stays open, busy, until the parent's delete finishes.
 */
import { useTranslation } from "react-i18next";
import { TriangleAlert } from "lucide-react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

export interface DeleteAllDialogProps {
  /** The student ID to delete; null closes the dialog. */
  studentId: string | null;
  studentName?: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirm dialog with Cancel and a red Delete All. */
export function DeleteAllDialog({ studentId, studentName, busy, onCancel, onConfirm }: DeleteAllDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={studentId !== null}
      onOpenChange={(o) => !o && onCancel()}
      title={t("courseSelection.overview.deleteDialog.title")}
      description={t("courseSelection.overview.deleteDialog.body")}
      details={
        <>
          <dl className="grid gap-1">
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-muted-foreground">{t("courseSelection.overview.deleteDialog.studentId")}</dt>
              <dd dir="ltr" className="font-mono font-semibold">
                {studentId}
              </dd>
            </div>
            {studentName && (
              <div className="flex flex-wrap gap-x-2">
                <dt className="text-muted-foreground">{t("courseSelection.overview.deleteDialog.studentName")}</dt>
                <dd className="font-medium">{studentName}</dd>
              </div>
            )}
          </dl>
          <p className="mt-2 flex items-center gap-2 font-semibold text-destructive">
            <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
            {t("courseSelection.overview.deleteDialog.warning")}
          </p>
        </>
      }
      cancelLabel={t("courseSelection.common.cancel")}
      confirmLabel={t("courseSelection.overview.deleteAll")}
      destructive
      busy={busy}
      busyLabel={t("courseSelection.overview.deleteDialog.deleting")}
      onConfirm={onConfirm}
    />
  );
}
