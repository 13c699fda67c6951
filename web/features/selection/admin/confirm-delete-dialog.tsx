/**
 * The delete confirmation of subjects, teachers and periods (docs/product.md#course-selection; the subject's
 * text is "Are you sure you want to delete this subject?"): the shared ConfirmDialog with Cancel and a red Delete. Focus
 * starts on Cancel; the parent closes the dialog and deletes on confirm.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

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
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title={title}
      description={question}
      details={
        subject && (
          <span dir="auto" className="block font-medium break-words">
            {subject}
          </span>
        )
      }
      confirmLabel={t("courseSelection.common.delete")}
      cancelLabel={t("courseSelection.common.cancel")}
      destructive
      onConfirm={onConfirm}
    />
  );
}
