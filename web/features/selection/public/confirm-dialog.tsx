/**
 * The confirmation dialog before saving (docs/product.md#teacher-selection; choosing is local until confirmed):
 * lists each subject with the chosen teacher and its group: the group the student keeps for an unchanged teacher,
 * "assigned on save" for a new one (model.ts confirmRows), and says what the save means (a first save can be updated
 * once; an update is the last change). On the shared ConfirmDialog: focus starts on Cancel, stays inside, and
 * returns to the submit button on close.
 */
import { useTranslation } from "react-i18next";
import { ConfirmDialog as ConfirmBase } from "~/components/ui/confirm-dialog";
import { num } from "./format";
import { confirmRows, type ExistingSelection, type SavePayload, type TeacherOption } from "./model";

/** The save confirmation (docs/product.md#teacher-selection); open while a payload is pending. */
export function ConfirmDialog({
  pending,
  teachers,
  saved,
  update,
  onCancel,
  onConfirm,
}: {
  pending: SavePayload | null;
  teachers: TeacherOption[];
  /** The saved selections an update starts from ([] for a first save). */
  saved: readonly ExistingSelection[];
  update: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows = pending ? confirmRows(pending, teachers, saved) : [];

  return (
    <ConfirmBase
      open={pending !== null}
      onOpenChange={(open) => !open && onCancel()}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
      title={t(update ? "selection.confirm.updateTitle" : "selection.confirm.title")}
      titleClassName="text-xl font-bold text-blue-950"
      description={t("selection.confirm.body")}
      descriptionClassName="text-base leading-relaxed"
      cancelLabel={t("selection.confirm.cancel")}
      confirmLabel={t(update ? "selection.confirm.confirmUpdate" : "selection.confirm.confirm")}
      onConfirm={onConfirm}
    >
      <ul className="divide-y rounded-xl border">
        {rows.map((r) => (
          <li
            key={r.subject_id}
            data-confirm-row={r.subject_id}
            className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-4 py-2.5"
          >
            <span className="font-bold text-blue-950">{r.subject_name}</span>
            <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
              {r.teacher_name}
              {r.group.kind === "kept" ? (
                <span data-group="kept" className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-bold text-blue-900">
                  {t("selection.confirm.groupKept", {
                    group: t("selection.groupN", { n: num(r.group.session, lang) }),
                  })}
                </span>
              ) : (
                <span
                  data-group="on-save"
                  className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-bold text-amber-900"
                >
                  {t("selection.confirm.groupOnSave")}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <p className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm leading-relaxed text-amber-950">
        {t(update ? "selection.confirm.updateNote" : "selection.confirm.firstNote")}
      </p>
    </ConfirmBase>
  );
}
