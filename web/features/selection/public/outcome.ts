/**
 * What the page shows for a failed call (docs/product.md#teacher-selection), decided by the server's reason
 * (worker/reasons.ts), never by its English text. The page's own texts are under `selection.errors.*` and
 * `selection.modals.*` (the public page does not load the console's error dictionary).
 */
import type { Reason } from "@worker/reasons";
import { ApiFailure } from "~/lib/api";

/** A failure shown as a modal: period closed, invalid national ID, not an active Prep-3 student. */
export type SelectionModal = "closed" | "invalidId" | "notEligible";

export type LookupOutcome =
  | { kind: "modal"; modal: SelectionModal }
  | { kind: "rateLimited" }
  /** Network failure or 5xx: the "Server error. Please try again later" toast. */
  | { kind: "serverError" };

/** The reasons that shut the page: no period active, or the active one not open. */
const MODAL_OF: Partial<Record<Reason, SelectionModal>> = {
  NO_ACTIVE_PERIOD: "closed",
  PERIOD_NOT_OPEN: "closed",
  SELECTION_NOT_ELIGIBLE: "notEligible",
};

/**
 * Lookup failures (any of the three GETs): period closed → its modal; not eligible → its own modal, which asks to
 * check the number (the server gives an unknown ID and a student of another grade this one answer, so it names
 * neither); 429 → inline text; network/5xx → toast; anything else (a 404 from an older server, 400) → the
 * invalid-ID modal.
 */
export function classifyLookupFailure(err: unknown): LookupOutcome {
  if (!(err instanceof ApiFailure)) return { kind: "serverError" };
  if (err.isNetwork || err.status >= 500) return { kind: "serverError" };
  if (err.status === 429) return { kind: "rateLimited" };
  const modal = err.reason && MODAL_OF[err.reason];
  return { kind: "modal", modal: modal || "invalidId" };
}

/** Keys under `selection.errors.` of the save refusals the page explains in its own words. */
export type SaveErrorKey =
  | "incomplete"
  | "mismatch"
  | "updateUsed"
  | "deadline"
  | "noChanges"
  | "stateChanged"
  | "rateLimited"
  | "saveFailed";

const SAVE_KEY: Partial<Record<Reason, SaveErrorKey>> = {
  SELECTION_INCOMPLETE: "incomplete",
  SELECTION_TEACHER_MISMATCH: "mismatch",
  UPDATE_USED: "updateUsed",
  UPDATE_DEADLINE_PASSED: "deadline",
  CHANGES_NOT_ALLOWED: "noChanges",
  SELECTION_SAVED_MEANWHILE: "stateChanged",
  SELECTION_STATE_CHANGED: "stateChanged",
  RATE_LIMITED: "rateLimited",
};

export type SaveOutcome =
  /** The period closed (or the student is no longer eligible) meanwhile: that modal. */
  | { kind: "modal"; modal: SelectionModal }
  /** 409 no seats: a toast naming the subject, then the teachers are reloaded. */
  | { kind: "noSeats"; subject: string | null }
  /**
   * Anything else: a toast, `key` when the page has words for the reason, else the server's `message` (a reason it
   * does not know); `reload` = the saved state changed on the server, so the selections are read again.
   */
  | { kind: "toast"; key: SaveErrorKey | null; message: string; reload: boolean };

/** Classifies a failed `POST /student/select` (no answer, or a 5xx: "Failed to save selections"). */
export function classifySaveFailure(err: unknown): SaveOutcome {
  if (!(err instanceof ApiFailure) || err.isNetwork)
    return { kind: "toast", key: "saveFailed", message: "", reload: false };
  const reason = err.reason;
  if (reason === "NO_SEATS" || reason === "NO_SEATS_ANY") {
    const subject = typeof err.body?.subject_name === "string" ? err.body.subject_name : null;
    return { kind: "noSeats", subject };
  }
  const modal = reason && MODAL_OF[reason];
  if (modal) return { kind: "modal", modal };
  const fromServer = err.status < 500 && err.message && !/^HTTP \d+$/.test(err.message) ? err.message : "";
  const key = err.status === 429 ? "rateLimited" : ((reason && SAVE_KEY[reason]) ?? (fromServer ? null : "saveFailed"));
  return { kind: "toast", key, message: fromServer, reload: err.status === 403 || err.status === 409 };
}
