/**
 * Delete confirmation (spec §2 "Actions (Edit, Delete with confirm)"). Confirming hands the student to the parent,
 * which removes it optimistically (spec §4) and reverts on failure.
 */
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
import type { Student } from "./student-types";

export interface DeleteStudentDialogProps {
  /** The student to delete; null closes the dialog. */
  student: Student | null;
  onCancel: () => void;
  onConfirm: (student: Student) => void;
}

/** The confirm dialog; focus starts on Cancel. */
export function DeleteStudentDialog({ student, onCancel, onConfirm }: DeleteStudentDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={!!student} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("students.delete.title")}</AlertDialogTitle>
          <AlertDialogDescription>
            {student && (
              <>
                {t("students.delete.confirm", { name: student.full_name, id: "\u2066" + student.student_no + "\u2069" })}
                <span className="mt-2 block text-xs">{t("students.delete.note")}</span>
              </>
            )}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("students.delete.cancel")}</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={() => student && onConfirm(student)}>
            {t("students.delete.confirmButton")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
