/**
 * The save part of /current-students (docs/product.md#teacher-selection): choosing is local until confirmed. The
 * submit button leads to the incomplete modal, a toast or the confirmation (model.ts submitStep); Confirm POSTs,
 * toasts, refreshes the seats, reloads the selections and scrolls to them. A refused save opens a modal, or toasts
 * and re-reads what changed (the selections, or the teachers when the seats ran out).
 */
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import {
  dropFullChoices,
  mergeSeats,
  patchLoaded,
  submitStep,
  type ExistingSelection,
  type Progress,
  type SavePayload,
  type SelectionMode,
  type SubjectGroup,
} from "./model";
import { classifySaveFailure } from "./outcome";
import { getTeachers, postSelections } from "./selection-api";
import { scrollToSelections, TOAST_MS } from "./selection-ui";
import { fetchSeats } from "./use-live-seats";
import type { SelectionLookup } from "./use-selection-lookup";

type SaveInput = Pick<
  SelectionLookup,
  "loaded" | "setLoaded" | "choices" | "setChoices" | "setModal" | "reloadSelections"
> & { mode: SelectionMode | null; groups: SubjectGroup[] };

/** The pending confirmation, the incomplete modal, the saving flag and the actions of the submit bar and dialog. */
export function useSelectionSave(input: SaveInput) {
  const { loaded, setLoaded, choices, mode, groups } = input;
  const { t } = useTranslation();
  const [incomplete, setIncomplete] = useState<Progress | null>(null);
  const [pending, setPending] = useState<SavePayload | null>(null);
  const [saving, setSaving] = useState(false);
  const onFailure = useSaveFailure(input);

  /** The submit button: incomplete → modal; unknown pair → error toast; unchanged update → info; else confirm. */
  const requestSubmit = useCallback(() => {
    if (!loaded || saving) return;
    const step = submitStep(loaded, mode, choices, groups);
    if (step.kind === "incomplete") setIncomplete(step.progress);
    else if (step.kind === "unknownPair") toast.error(t("selection.errors.pairNotFound"), { duration: TOAST_MS.error });
    else if (step.kind === "noChanges") toast.info(t("selection.toast.noChanges"), { duration: TOAST_MS.info });
    else setPending(step.payload);
  }, [loaded, saving, groups, choices, mode, t]);

  const { reloadSelections } = input;
  /** The confirmation dialog's Confirm: POST, then toasts, reload and scroll. */
  const confirmSave = useCallback(async () => {
    if (!pending || !loaded) return;
    const payload = pending;
    const { studentId } = loaded;
    setPending(null);
    setSaving(true);
    try {
      const res = await postSelections(payload);
      toast.success(t("selection.toast.successTitle"), {
        description: t(res.action === "updated" ? "selection.toast.updated" : "selection.toast.saved"),
        duration: TOAST_MS.success,
      });
      // The student's own seats just moved: show it now rather than at the next poll.
      void fetchSeats(undefined, true)
        .then((seats) => setLoaded(patchLoaded(studentId, (l) => ({ teachers: mergeSeats(l.teachers, seats) }))))
        .catch(() => {});
      if (await reloadSelections(studentId, true)) scrollToSelections();
    } catch (err) {
      await onFailure(err, studentId, loaded.state.selections);
    } finally {
      setSaving(false);
    }
  }, [pending, loaded, reloadSelections, setLoaded, onFailure, t]);

  /** Forgets a pending confirmation and the incomplete modal (a new lookup starts). */
  const reset = useCallback(() => {
    setPending(null);
    setIncomplete(null);
  }, []);

  return {
    saving,
    requestSubmit,
    pending,
    cancelPending: useCallback(() => setPending(null), []),
    confirmSave,
    incomplete,
    closeIncomplete: useCallback(() => setIncomplete(null), []),
    reset,
  };
}

/**
 * A refused save: a modal (and the selections re-read); no seats left (toast, then the teachers re-read and the
 * choices that filled up dropped); anything else a toast, re-reading the selections when the server asks.
 */
function useSaveFailure({ setLoaded, setChoices, setModal, reloadSelections }: SaveInput) {
  const { t } = useTranslation();
  return useCallback(
    async (err: unknown, studentId: string, saved: readonly ExistingSelection[]) => {
      const outcome = classifySaveFailure(err);
      if (outcome.kind === "modal") {
        setModal(outcome.modal);
        void reloadSelections(studentId);
      } else if (outcome.kind === "noSeats") {
        const text = outcome.subject
          ? t("selection.errors.noSeats", { subject: outcome.subject })
          : t("selection.errors.noSeatsAny");
        toast.error(text, { duration: TOAST_MS.error });
        try {
          const teachers = await getTeachers(studentId);
          setLoaded(patchLoaded(studentId, () => ({ teachers })));
          setChoices((c) => dropFullChoices(c, teachers, saved).choices);
        } catch {
          /* the live poll will catch up */
        }
      } else {
        const text = outcome.key ? t(`selection.errors.${outcome.key}`) : outcome.message;
        toast.error(text || t("selection.errors.saveFailed"), { duration: TOAST_MS.error });
        if (outcome.reload) void reloadSelections(studentId);
      }
    },
    [setLoaded, setChoices, setModal, reloadSelections, t],
  );
}
