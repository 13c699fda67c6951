/**
 * The delete confirmation of subjects, teachers and periods (spec §2 "delete confirmation"; the subject's text is
 * "Are you sure you want to delete this subject?"). Focus starts on Cancel; the parent deletes on confirm.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { buttonVariants } from "~/components/ui/button";

export interface ConfirmDeleteDialogProps {
  /** Open while true. */
  open: boolean;
  title: string;
  /** The question, e.g. "Are you sure you want to delete this subject?". */
  question: string;
  /** What is being deleted (its name), shown under the question. */
  subject?: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirm dialog with Cancel and a red Delete. */
export function ConfirmDeleteDialog({ open, title, question, subject, onCancel, onConfirm }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{question}</AlertDialogDescription>
        </AlertDialogHeader>
        {subject && <div dir="auto" className="rounded-md border bg-muted/50 px-3 py-2 text-start text-sm font-medium break-words">
            {subject}
          </div>}
        <AlertDialogFooter>
          <AlertDialogCancel>{t("courseSelection.common.cancel")}</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={onConfirm}>
            {t("courseSelection.common.delete")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
