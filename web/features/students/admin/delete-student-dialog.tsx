/**
 * Delete confirmation (docs/product.md#students: Delete confirms by name). Confirming hands the student to the parent,
 * which closes the dialog and removes the student optimistically (docs/product.md#students), reverting on failure.
 */
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { Student } from "./student-types";

export interface DeleteStudentDialogProps {
  /** The student to delete; null closes the dialog. */
  student: Student | null;
  onCancel: () => void;
  onConfirm: (student: Student) => void;
}

/** The shared confirmation with the student's name and ID; focus starts on Cancel. */
export function DeleteStudentDialog({ student, onCancel, onConfirm }: DeleteStudentDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={!!student}
      onOpenChange={(open) => !open && onCancel()}
      title={t("students.delete.title")}
      description={
        student
          ? t("students.delete.confirm", { name: student.full_name, id: `\u2066${student.student_no}\u2069` })
          : ""
      }
      details={<span className="text-xs text-muted-foreground">{t("students.delete.note")}</span>}
      cancelLabel={t("students.delete.cancel")}
      confirmLabel={t("students.delete.confirmButton")}
      destructive
      onConfirm={() => student && onConfirm(student)}
    />
  );
}
