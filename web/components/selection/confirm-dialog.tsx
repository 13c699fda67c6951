/**
 * The confirmation dialog before saving (spec §2, §4 "Choosing a teacher is local until confirmed"): lists each
 * subject with the chosen teacher and the group the server would assign now, and says what the save means (a first
 * save can be updated once; an update is the last change). Radix AlertDialog: focus starts on Cancel, stays inside,
 * and returns to the submit button on close.
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
import { num } from "./format";
import type { SavePayload, TeacherOption } from "./model";

export function ConfirmDialog({
  pending,
  teachers,
  update,
  onCancel,
  onConfirm,
}: {
  pending: SavePayload | null;
  teachers: TeacherOption[];
  update: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows = (pending?.selections ?? []).map((s) => teachers.find((x) => x.teacher_id === s.teacher_id && x.subject_id === s.subject_id)).filter((x): x is TeacherOption => !!x);

  return (
    <AlertDialog open={pending !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <AlertDialogHeader>
          <AlertDialogTitle className="text-xl font-bold text-blue-950">{t(update ? "selection.confirm.updateTitle" : "selection.confirm.title")}</AlertDialogTitle>
          <AlertDialogDescription className="text-base leading-relaxed">{t("selection.confirm.body")}</AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="divide-y rounded-xl border">
          {rows.map((r) => (
            <li key={r.subject_id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-4 py-2.5">
              <span className="font-bold text-blue-950">{r.subject_name}</span>
              <span className="text-sm">
                {r.teacher_name}
                {r.recommended_session !== null && (
                  <span className="ms-2 rounded-full bg-blue-50 px-2 py-0.5 text-xs font-bold text-blue-900">{t("selection.groupN", { n: num(r.recommended_session, lang) })}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
        <p className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm leading-relaxed text-amber-950">
          {t(update ? "selection.confirm.updateNote" : "selection.confirm.firstNote")}
        </p>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("selection.confirm.cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t(update ? "selection.confirm.confirmUpdate" : "selection.confirm.confirm")}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
