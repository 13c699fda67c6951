/**
 * The /current-students state machine (docs/product.md#teacher-selection): no student → loading → student found
 * (mode choose | update | used | closed | locked) or a failure (modal, inline rate-limit text, server-error toast).
 * Choosing is local until confirmed; saving POSTs, toasts, reloads the selections and scrolls to them.
 *
 * Calls (through the typed client, so the base-URL override applies): the student card first (its 403/404 decide
 * the modal, and an unknown ID spends one rate-limit token instead of three), then the selections and the teachers
 * together. Live seats come from `useLiveSeats` while choosing is possible.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { apiClient, call } from "~/lib/api";
import {
  UnknownChoiceError,
  buildPayload,
  canChoose,
  choicesFromSelections,
  choicesNowFull,
  groupBySubject,
  mergeSeats,
  modeOf,
  sameAsSaved,
  selectionProgress,
  type Choices,
  type SavePayload,
  type SeatCounts,
  type SelectionState,
  type SelectionStudent,
  type TeacherOption,
} from "./model";
import { classifyLookupFailure, classifySaveFailure, type SelectionModal } from "./outcome";
import { fetchSeats, useLiveSeats } from "./use-live-seats";

/** Public toasts last 2.5–4 s (ms per kind). */
export const TOAST_MS = { success: 3500, error: 4000, info: 3000 } as const;

/** Element id of the current-selections section (the view scrolls there after a save). */
export const SELECTIONS_ID = "current-selections";

export interface Loaded {
  studentId: string;
  student: SelectionStudent;
  state: SelectionState;
  teachers: TeacherOption[];
}

export type Phase = "idle" | "loading" | "ready";

const api = () => apiClient().api.public.selection;
const getSelections = async (id: string): Promise<SelectionState> =>
  (await call(api().student[":id"].selections.$get({ param: { id } }))).data;
const getTeachers = async (id: string): Promise<TeacherOption[]> =>
  (await call(api().teachers[":id"].$get({ param: { id } }))).teachers;

/** Everything the page renders and the actions it calls. */
export function useTeacherSelection() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>("idle");
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [choices, setChoices] = useState<Choices>({});
  const [modal, setModal] = useState<SelectionModal | null>(null);
  const [rateLimited, setRateLimited] = useState(false);
  const [incomplete, setIncomplete] = useState<{ chosen: number; total: number; missing: string[] } | null>(null);
  const [pending, setPending] = useState<SavePayload | null>(null);
  const [saving, setSaving] = useState(false);
  const seq = useRef(0);
  useEffect(
    () => () => {
      seq.current += 1;
    },
    [],
  );

  const serverError = useCallback(() => toast.error(t("selection.errors.server"), { duration: TOAST_MS.error }), [t]);

  /** Looks up an already-normalised ID and loads the student, their selections and the teachers. */
  const lookup = useCallback(
    async (studentId: string) => {
      const mine = ++seq.current;
      setPhase("loading");
      setRateLimited(false);
      setPending(null);
      setIncomplete(null);
      try {
        const student = (await call(api().student[":id"].$get({ param: { id: studentId } }))).data;
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
        else serverError();
      }
    },
    [serverError],
  );

  const mode = loaded ? modeOf(loaded.state) : null;
  const choosing = mode !== null && canChoose(mode);
  const groups = loaded ? groupBySubject(loaded.teachers) : [];
  const progress = selectionProgress(groups, choices);

  // Live seats: merge the counts, and drop a local choice whose teacher just filled up (not the student's own).
  const onSeats = useCallback(
    (seats: SeatCounts[]) => {
      if (!loaded) return;
      const teachers = mergeSeats(loaded.teachers, seats);
      if (teachers === loaded.teachers) return;
      setLoaded((l) => (l && l.studentId === loaded.studentId ? { ...l, teachers: mergeSeats(l.teachers, seats) } : l));
      const gone = choicesNowFull(choices, teachers, loaded.state.selections);
      if (gone.length === 0) return;
      setChoices((c) => {
        const next = { ...c };
        for (const g of gone) delete next[g.subject_id];
        return next;
      });
      for (const g of gone)
        toast.warning(t("selection.toast.seatTaken", { teacher: g.teacher_name, subject: g.subject_name }), {
          duration: TOAST_MS.error,
        });
    },
    [loaded, choices, t],
  );
  useLiveSeats(phase === "ready" && choosing, onSeats);

  const choose = useCallback(
    (subjectId: number, teacherId: number) => setChoices((c) => ({ ...c, [subjectId]: teacherId })),
    [],
  );

  /** The submit button: incomplete → modal; unknown pair → error toast; unchanged update → info; else confirm. */
  const requestSubmit = useCallback(() => {
    if (!loaded || saving) return;
    if (progress.missing.length > 0) {
      setIncomplete(progress);
      return;
    }
    let payload: SavePayload;
    try {
      payload = buildPayload(loaded.studentId, choices, groups);
    } catch (err) {
      if (!(err instanceof UnknownChoiceError)) throw err;
      toast.error(t("selection.errors.pairNotFound"), { duration: TOAST_MS.error });
      return;
    }
    if (mode === "update" && sameAsSaved(choices, loaded.state.selections)) {
      toast.info(t("selection.toast.noChanges"), { duration: TOAST_MS.info });
      return;
    }
    setPending(payload);
  }, [loaded, saving, groups, progress, choices, mode, t]);

  /**
   * Re-reads the selections: after a save (`afterSave`: the local choices restart from what was saved), or when the
   * server says the state changed (the choices are kept; the picker hides itself if choosing is no longer allowed).
   */
  const reloadSelections = useCallback(
    async (studentId: string, afterSave = false): Promise<boolean> => {
      try {
        const state = await getSelections(studentId);
        setLoaded((l) => (l && l.studentId === studentId ? { ...l, state } : l));
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

  /** The confirmation dialog's Confirm: POST, then toasts, reload and scroll. */
  const confirmSave = useCallback(async () => {
    if (!pending || !loaded) return;
    const payload = pending;
    const { studentId } = loaded;
    setPending(null);
    setSaving(true);
    try {
      const res = await call(api().student.select.$post({ json: payload }));
      toast.success(t("selection.toast.successTitle"), {
        description: t(res.action === "updated" ? "selection.toast.updated" : "selection.toast.saved"),
        duration: TOAST_MS.success,
      });
      // The student's own seats just moved: show it now rather than at the next poll.
      void fetchSeats(undefined, true)
        .then((seats) =>
          setLoaded((l) => (l && l.studentId === studentId ? { ...l, teachers: mergeSeats(l.teachers, seats) } : l)),
        )
        .catch(() => {});
      if (await reloadSelections(studentId, true)) {
        requestAnimationFrame(() => {
          const el = document.getElementById(SELECTIONS_ID);
          el?.scrollIntoView({
            behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
            block: "start",
          });
          el?.focus({ preventScroll: true });
        });
      }
    } catch (err) {
      const outcome = classifySaveFailure(err);
      if (outcome.kind === "modal") {
        setModal(outcome.modal);
        void reloadSelections(studentId);
      } else if (outcome.kind === "noSeats") {
        toast.error(
          outcome.subject
            ? t("selection.errors.noSeats", { subject: outcome.subject })
            : t("selection.errors.noSeatsAny"),
          { duration: TOAST_MS.error },
        );
        try {
          const teachers = await getTeachers(studentId);
          setLoaded((l) => (l && l.studentId === studentId ? { ...l, teachers } : l));
          setChoices((c) => {
            const gone = choicesNowFull(c, teachers, loaded.state.selections);
            const next = { ...c };
            for (const g of gone) delete next[g.subject_id];
            return next;
          });
        } catch {
          /* the live poll will catch up */
        }
      } else {
        const text = outcome.key ? t(`selection.errors.${outcome.key}`) : outcome.message;
        toast.error(text || t("selection.errors.saveFailed"), { duration: TOAST_MS.error });
        if (outcome.reload) void reloadSelections(studentId);
      }
    } finally {
      setSaving(false);
    }
  }, [pending, loaded, reloadSelections, t]);

  return {
    phase,
    loaded,
    mode,
    choosing,
    groups,
    progress,
    choices,
    choose,
    saving,
    lookup,
    requestSubmit,
    pending,
    cancelPending: useCallback(() => setPending(null), []),
    confirmSave,
    modal,
    closeModal: useCallback(() => setModal(null), []),
    incomplete,
    closeIncomplete: useCallback(() => setIncomplete(null), []),
    rateLimited,
  };
}
