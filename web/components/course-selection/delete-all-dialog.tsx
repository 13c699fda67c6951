/**
 * Delete-all confirmation of the Overview (spec §2, §7, §8 "Delete-all selections"): shows the student ID (and the
 * name when known) and "This action cannot be undone!". It stays open, busy, until the parent's delete finishes.
 */
import { useTranslation } from "react-i18next";
import { TriangleAlert } from "lucide-react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

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
    <AlertDialog open={studentId !== null} onOpenChange={(o) => !o && !busy && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("courseSelection.overview.deleteDialog.title")}</AlertDialogTitle>
          <AlertDialogDescription>{t("courseSelection.overview.deleteDialog.body")}</AlertDialogDescription>
        </AlertDialogHeader>
        <dl className="grid gap-1 rounded-md border bg-muted/50 px-3 py-2 text-sm">
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
        <p className="flex items-center gap-2 text-sm font-semibold text-destructive">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {t("courseSelection.overview.deleteDialog.warning")}
        </p>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{t("courseSelection.common.cancel")}</AlertDialogCancel>
          <Button variant="destructive" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {busy && <Spinner label={t("courseSelection.overview.deleteDialog.deleting")} />}
            {t("courseSelection.overview.deleteAll")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
