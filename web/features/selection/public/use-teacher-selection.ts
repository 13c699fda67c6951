/**
 * The /current-students state machine (docs/product.md#teacher-selection), composed of three parts each readable on
 * its own: the lookup (use-selection-lookup.ts: the student, the saved state, the teachers, the modals), the live
 * seats (use-seat-merge.ts) and the save (use-selection-save.ts). The rules they apply are pure (model.ts).
 */
import { useCallback } from "react";
import { canChoose, groupBySubject, modeOf, selectionProgress } from "./model";
import { useSeatMerge } from "./use-seat-merge";
import { useSelectionLookup } from "./use-selection-lookup";
import { useSelectionSave } from "./use-selection-save";

export type { Loaded } from "./model";
export type { Phase } from "./use-selection-lookup";

/** Everything the page renders and the actions it calls (docs/product.md#teacher-selection). */
export function useTeacherSelection() {
  const found = useSelectionLookup();
  const { loaded, setChoices, setModal } = found;
  const mode = loaded ? modeOf(loaded.state) : null;
  const choosing = mode !== null && canChoose(mode);
  const groups = loaded ? groupBySubject(loaded.teachers) : [];
  const progress = selectionProgress(groups, found.choices);

  useSeatMerge(found, found.phase === "ready" && choosing);
  const save = useSelectionSave({ ...found, mode, groups });
  const { reset } = save;
  const baseLookup = found.lookup;
  const lookup = useCallback(
    (studentId: string) => {
      reset();
      return baseLookup(studentId);
    },
    [reset, baseLookup],
  );

  const choose = useCallback(
    (subjectId: number, teacherId: number) => setChoices((c) => ({ ...c, [subjectId]: teacherId })),
    [setChoices],
  );

  return {
    phase: found.phase,
    loaded,
    mode,
    choosing,
    groups,
    progress,
    choices: found.choices,
    choose,
    saving: save.saving,
    lookup,
    requestSubmit: save.requestSubmit,
    pending: save.pending,
    cancelPending: save.cancelPending,
    confirmSave: save.confirmSave,
    modal: found.modal,
    closeModal: useCallback(() => setModal(null), [setModal]),
    incomplete: save.incomplete,
    closeIncomplete: save.closeIncomplete,
    rateLimited: found.rateLimited,
  };
}
