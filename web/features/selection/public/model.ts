/**
 * Shapes and pure rules of the public teacher-selection page (docs/product.md#teacher-selection). No React here, so
 * the rules read on their own: grouping the teachers by subject (the subjects offered are the ones the student must
 * choose: the server requires exactly the active subjects with an active teacher, the same set its teachers
 * endpoint lists), progress, merging live seat counts, the page mode, the save payload (which throws when a chosen
 * teacher/subject pair is not in the loaded list), the rows of the confirmation, the choices dropped when their
 * teacher fills up and what the submit button leads to. The answer shapes are the server's
 * (worker/contracts/public-selection.ts).
 */
import type { z } from "zod";
import type {
  SavedSelection,
  SeatCounts,
  SelectionState,
  StudentCard,
  TeacherOption,
  selectBodySchema,
} from "@worker/contracts/public-selection";

/** `GET /api/public/selection/student/{id}` → `data` (the server's type). */
export type SelectionStudent = StudentCard;

/** One saved choice; `selection_date` is ISO 8601 UTC; `session_number` is 1 or 2. */
export type ExistingSelection = SavedSelection;

/** `GET /api/public/selection/student/{id}/selections` → `data`. `updateDeadline` is ISO 8601 UTC or null. */
export type { SelectionState };

/** Seats left per session of one teacher; `recommended_session` is the one the server would assign now (null = full). */
export type { SeatCounts };

/** `GET /api/public/selection/teachers/{id}` → one of `teachers`. */
export type { TeacherOption };

/** A subject and its teachers, in the API's order (subject id, then teacher name). */
export interface SubjectGroup {
  subject_id: number;
  subject_name: string;
  teachers: TeacherOption[];
}

/** Local, unconfirmed choices: subject id → teacher id. */
export type Choices = Record<number, number>;

/** `POST /api/public/selection/student/select` body, as the page sends it (the student number as text). */
export type SavePayload = z.input<typeof selectBodySchema> & { student_id: string };

/**
 * What the student may do (docs/product.md#teacher-selection): `choose` (no selections yet), `update` (canUpdate), `used` (the one update is
 * spent), `closed` (period over: view only), `locked` (has selections but no update allowed: deadline passed or the
 * period allows no changes; view only).
 */
export type SelectionMode = "choose" | "update" | "used" | "closed" | "locked";

export function modeOf(s: SelectionState): SelectionMode {
  if (s.periodClosed) return "closed";
  if (!s.has_selections) return "choose";
  if (s.canUpdate) return "update";
  if (s.hasUpdated) return "used";
  return "locked";
}

/** True when the teacher cards and the submit bar are shown. */
export const canChoose = (mode: SelectionMode) => mode === "choose" || mode === "update";

/** Groups the teacher list by subject, keeping the API's order. */
export function groupBySubject(teachers: readonly TeacherOption[]): SubjectGroup[] {
  const groups = new Map<number, SubjectGroup>();
  for (const t of teachers) {
    let g = groups.get(t.subject_id);
    if (!g) {
      g = { subject_id: t.subject_id, subject_name: t.subject_name, teachers: [] };
      groups.set(t.subject_id, g);
    }
    g.teachers.push(t);
  }
  return [...groups.values()];
}

/** A card is full (disabled) when both sessions have 0 seats left. */
export const isFull = (t: SeatCounts) => t.session_1_available <= 0 && t.session_2_available <= 0;

/**
 * The teacher list with fresh seat counts from `GET /seats` (teachers missing from the snapshot — deactivated
 * since the page loaded — are shown as full). Returns the same array when nothing changed, so React skips a render.
 */
export function mergeSeats(teachers: TeacherOption[], seats: readonly SeatCounts[]): TeacherOption[] {
  const byId = new Map(seats.map((s) => [s.teacher_id, s]));
  let changed = false;
  const next = teachers.map((t) => {
    const s = byId.get(t.teacher_id) ?? {
      teacher_id: t.teacher_id,
      session_1_available: 0,
      session_2_available: 0,
      recommended_session: null,
    };
    if (
      s.session_1_available === t.session_1_available &&
      s.session_2_available === t.session_2_available &&
      s.recommended_session === t.recommended_session
    )
      return t;
    changed = true;
    return {
      ...t,
      session_1_available: s.session_1_available,
      session_2_available: s.session_2_available,
      recommended_session: s.recommended_session,
    };
  });
  return changed ? next : teachers;
}

/** The current selections as local choices (update mode starts from them). */
export function choicesFromSelections(selections: readonly ExistingSelection[]): Choices {
  return Object.fromEntries(selections.map((s) => [s.subject_id, s.teacher_id]));
}

/** How far the student is: subjects with a chosen teacher that is offered for them, of all offered subjects. */
export interface Progress {
  chosen: number;
  total: number;
  /** Names of the subjects still without an offered teacher chosen, in the page's order. */
  missing: string[];
}

/**
 * Progress over the offered subjects (`groups`). A choice counts only when its teacher is offered for that subject
 * (a saved teacher deactivated since does not); choices for subjects no longer offered are ignored.
 */
export function selectionProgress(groups: readonly SubjectGroup[], choices: Choices): Progress {
  const missing = groups
    .filter((g) => !g.teachers.some((t) => t.teacher_id === choices[g.subject_id]))
    .map((g) => g.subject_name);
  return { chosen: groups.length - missing.length, total: groups.length, missing };
}

/** Raised when a chosen teacher/subject pair is not in the loaded teacher list. */
export class UnknownChoiceError extends Error {
  constructor(
    readonly subjectId: number,
    readonly teacherId: number,
  ) {
    super(`Teacher ${teacherId} is not offered for subject ${subjectId}`);
    this.name = "UnknownChoiceError";
  }
}

/**
 * The save payload: one choice per offered subject (`groups`), in subject order; choices for subjects no longer
 * offered are left out (the server no longer requires them). Throws `UnknownChoiceError` for a chosen teacher not
 * offered for its subject; the caller has already checked that every subject has a choice (selectionProgress).
 */
export function buildPayload(studentId: string, choices: Choices, groups: readonly SubjectGroup[]): SavePayload {
  const selections = groups.flatMap((g) => {
    const teacher = choices[g.subject_id];
    if (teacher === undefined) return [];
    const found = g.teachers.find((t) => t.teacher_id === teacher);
    if (!found) throw new UnknownChoiceError(g.subject_id, teacher);
    return [{ teacher_id: found.teacher_id, subject_id: found.subject_id }];
  });
  selections.sort((a, b) => a.subject_id - b.subject_id);
  return { student_id: studentId, selections };
}

/** The group a confirmation row shows: the one the student keeps, or "assigned on save" for a new teacher. */
export type ConfirmGroup = { kind: "kept"; session: number } | { kind: "onSave" };

/** One row of the confirmation dialog. */
export interface ConfirmRow {
  subject_id: number;
  subject_name: string;
  teacher_name: string;
  group: ConfirmGroup;
}

/**
 * The confirmation rows for `payload`, in its order. A subject whose teacher is the one already saved keeps its
 * group (the server keeps it on update); a new or changed teacher's group is decided by the server when saving (the
 * group with more free seats at that moment), so none is promised here. Pairs not in `teachers` are skipped.
 */
export function confirmRows(
  payload: SavePayload,
  teachers: readonly TeacherOption[],
  saved: readonly ExistingSelection[],
): ConfirmRow[] {
  return payload.selections.flatMap((p) => {
    const t = teachers.find((x) => x.teacher_id === p.teacher_id && x.subject_id === p.subject_id);
    if (!t) return [];
    const held = saved.find((s) => s.subject_id === p.subject_id && s.teacher_id === p.teacher_id);
    const group: ConfirmGroup = held ? { kind: "kept", session: held.session_number } : { kind: "onSave" };
    return [{ subject_id: t.subject_id, subject_name: t.subject_name, teacher_name: t.teacher_name, group }];
  });
}

/** True when the choices are exactly the saved selections (an update would change nothing). */
export function sameAsSaved(choices: Choices, selections: readonly ExistingSelection[]): boolean {
  const keys = Object.keys(choices);
  return keys.length === selections.length && selections.every((s) => choices[s.subject_id] === s.teacher_id);
}

/**
 * Chosen teachers that just became full and are not the student's own current teacher (whose seat is released by the
 * update itself). The page drops these choices after a live seat refresh.
 */
export function choicesNowFull(
  choices: Choices,
  teachers: readonly TeacherOption[],
  saved: readonly ExistingSelection[],
): TeacherOption[] {
  const own = new Set(saved.map((s) => s.teacher_id));
  return teachers.filter((t) => choices[t.subject_id] === t.teacher_id && isFull(t) && !own.has(t.teacher_id));
}

/**
 * The choices without those whose teacher just became full (choicesNowFull), and the teachers dropped
 * (docs/product.md#teacher-selection): after a live seat refresh and after a save refused for want of seats. Returns
 * the same `choices` object when nothing is dropped.
 */
export function dropFullChoices(
  choices: Choices,
  teachers: readonly TeacherOption[],
  saved: readonly ExistingSelection[],
): { choices: Choices; dropped: TeacherOption[] } {
  const dropped = choicesNowFull(choices, teachers, saved);
  if (dropped.length === 0) return { choices, dropped };
  const next = { ...choices };
  for (const t of dropped) delete next[t.subject_id];
  return { choices: next, dropped };
}

/** A looked-up student: the ID searched, the card, the saved state and the offered teachers with their seats. */
export interface Loaded {
  studentId: string;
  student: SelectionStudent;
  state: SelectionState;
  teachers: TeacherOption[];
}

/**
 * A state updater that changes part of the loaded student (docs/product.md#teacher-selection), unless another student
 * was loaded since the request for `studentId` began (then the state is left as it is).
 */
export function patchLoaded(
  studentId: string,
  patch: (l: Loaded) => Partial<Loaded>,
): (l: Loaded | null) => Loaded | null {
  return (l) => (l && l.studentId === studentId ? { ...l, ...patch(l) } : l);
}

/** What the submit button leads to (submitStep). */
export type SubmitStep =
  | { kind: "incomplete"; progress: Progress }
  | { kind: "unknownPair" }
  | { kind: "noChanges" }
  | { kind: "confirm"; payload: SavePayload };

/**
 * The submit button's rule (docs/product.md#teacher-selection): a subject without a choice → `incomplete`; a chosen
 * pair not offered → `unknownPair`; an update identical to the saved selections → `noChanges`; else `confirm` with
 * the payload the confirmation dialog shows and the save sends.
 */
export function submitStep(
  loaded: Pick<Loaded, "studentId" | "state">,
  mode: SelectionMode | null,
  choices: Choices,
  groups: readonly SubjectGroup[],
): SubmitStep {
  const progress = selectionProgress(groups, choices);
  if (progress.missing.length > 0) return { kind: "incomplete", progress };
  let payload: SavePayload;
  try {
    payload = buildPayload(loaded.studentId, choices, groups);
  } catch (err) {
    if (!(err instanceof UnknownChoiceError)) throw err;
    return { kind: "unknownPair" };
  }
  if (mode === "update" && sameAsSaved(choices, loaded.state.selections)) return { kind: "noChanges" };
  return { kind: "confirm", payload };
}
