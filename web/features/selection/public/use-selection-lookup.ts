/**
 * The lookup part of /current-students (docs/product.md#teacher-selection): no student → loading → the student
 * found (card, saved state, teachers and the local choices) or a failure (modal, inline rate-limit text,
 * server-error toast); and re-reading the saved selections after a save or when the server says they changed.
 *
 * The student card is read first (its 403/404 decide the modal, and an unknown ID spends one rate-limit token
 * instead of three), then the selections and the teachers together. A lookup overtaken by a newer one is dropped.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { choicesFromSelections, patchLoaded, type Choices, type Loaded } from "./model";
import { classifyLookupFailure, type SelectionModal } from "./outcome";
import { getSelections, getStudent, getTeachers } from "./selection-api";
import { TOAST_MS } from "./selection-ui";

export type Phase = "idle" | "loading" | "ready";

/** The looked-up student, the local choices, the modal and the actions that load them. */
export function useSelectionLookup() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>("idle");
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [choices, setChoices] = useState<Choices>({});
  const [modal, setModal] = useState<SelectionModal | null>(null);
  const [rateLimited, setRateLimited] = useState(false);
  const seq = useRef(0);
  useEffect(
    () => () => {
      seq.current += 1;
    },
    [],
  );

  /** Looks up an already-normalised ID and loads the student, their selections and the teachers. */
  const lookup = useCallback(
    async (studentId: string) => {
      const mine = ++seq.current;
      setPhase("loading");
      setRateLimited(false);
      try {
        const student = await getStudent(studentId);
        const [state, teachers] = await Promise.all([getSelections(studentId), getTeachers(studentId)]);
        if (mine !== seq.current) return;
        setLoaded({ studentId, student, state, teachers });
        setChoices(state.canUpdate ? choicesFromSelections(state.selections) : {});
        setPhase("ready");
      } catch (err) {
        if (mine !== seq.current) return;
        const outcome = classifyLookupFailure(err);
        setLoaded(null);
        setChoices({});
        setPhase("idle");
        if (outcome.kind === "modal") setModal(outcome.modal);
        else if (outcome.kind === "rateLimited") setRateLimited(true);
        else toast.error(t("selection.errors.server"), { duration: TOAST_MS.error });
      }
    },
    [t],
  );

  /**
   * Re-reads the selections: after a save (`afterSave`: the local choices restart from what was saved), or when the
   * server says the state changed (the choices are kept; the picker hides itself if choosing is no longer allowed).
   */
  const reloadSelections = useCallback(
    async (studentId: string, afterSave = false): Promise<boolean> => {
      try {
        const state = await getSelections(studentId);
        setLoaded(patchLoaded(studentId, () => ({ state })));
        if (afterSave) setChoices(state.canUpdate ? choicesFromSelections(state.selections) : {});
        return true;
      } catch (err) {
        const outcome = classifyLookupFailure(err);
        if (outcome.kind === "modal" && outcome.modal === "closed") setModal("closed");
        else
          toast.error(t(outcome.kind === "rateLimited" ? "selection.errors.rateLimited" : "selection.errors.server"), {
            duration: TOAST_MS.error,
          });
        return false;
      }
    },
    [t],
  );

  return { phase, loaded, setLoaded, choices, setChoices, modal, setModal, rateLimited, lookup, reloadSelections };
}

/** What the lookup hands to the seat merge and the save. */
export type SelectionLookup = ReturnType<typeof useSelectionLookup>;
