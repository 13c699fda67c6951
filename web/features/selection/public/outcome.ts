/**
 * What the page shows for a failed call (spec §8 "Teacher selection"). The API's messages are English; the known
 * ones are mapped to dictionary keys (`selection.errors.*`) so the Arabic page speaks Arabic, and an unknown
 * message is shown as the server sent it.
 */
import { ApiFailure } from "~/lib/api";

/** A failure shown as a modal: period closed, invalid national ID, not an active Prep-3 student. */
export type SelectionModal = "closed" | "invalidId" | "notEligible";

export type LookupOutcome =
  | { kind: "modal"; modal: SelectionModal }
  | { kind: "rateLimited" }
  /** Network failure or 5xx: the "Server error. Please try again later" toast. */
  | { kind: "serverError" };

/** Spec §8: text containing "selection period" or "not currently active" means the period is closed. */
export function isPeriodClosedMessage(message: string): boolean {
  return /selection period|not currently active/i.test(message);
}

const NOT_ELIGIBLE = "Teacher selection is only available to active Prep-3 students.";

/**
 * Lookup failures (any of the three GETs): closed modal; 403 not eligible → its own modal, which asks to check the
 * number (the server gives an unknown ID and a student of another grade this one answer, so it names neither);
 * 429 → inline text; network/5xx → toast; anything else (404 from an older server, 400) → the invalid-ID modal.
 */
export function classifyLookupFailure(err: unknown): LookupOutcome {
  if (!(err instanceof ApiFailure)) return { kind: "serverError" };
  if (err.isNetwork || err.status >= 500) return { kind: "serverError" };
  if (err.status === 429) return { kind: "rateLimited" };
  if (err.status === 403 && err.message === NOT_ELIGIBLE) return { kind: "modal", modal: "notEligible" };
  if (isPeriodClosedMessage(err.message)) return { kind: "modal", modal: "closed" };
  return { kind: "modal", modal: "invalidId" };
}

export type SaveOutcome =
  /** 403 closed period: the "Selection Period Closed" modal. */
  | { kind: "closed" }
  /** 409 no seats: a toast naming the subject, then the teachers are reloaded. */
  | { kind: "noSeats"; subject: string | null; message: string }
  /** Anything else: a toast; `reload` = the saved state changed on the server, so the selections are read again. */
  | { kind: "toast"; key: string | null; message: string; reload: boolean };

/** Server messages of `worker/services/selection-write.ts` → dictionary keys under `selection.errors.`. */
const KNOWN: [RegExp, string][] = [
  [/^Please choose a teacher for all \d+ subjects\.$/, "incomplete"],
  [/^A chosen teacher does not teach that subject/, "mismatch"],
  [/^You have already used your one allowed update\.$/, "updateUsed"],
  [/^The update deadline has passed\.$/, "deadline"],
  [/^Changes are not allowed in this selection period\.$/, "noChanges"],
  [/^Your selections were just saved by another request/, "stateChanged"],
  [/^The selection could not be saved because/, "stateChanged"],
  [/^Too many requests/, "rateLimited"],
];

/** The dictionary key for a known server message, else null. */
export function knownMessageKey(message: string): string | null {
  return KNOWN.find(([re]) => re.test(message))?.[1] ?? null;
}

/** Classifies a failed `POST /student/select` (spec §8: the server's error or message, else "Failed to save selections"). */
export function classifySaveFailure(err: unknown): SaveOutcome {
  if (!(err instanceof ApiFailure) || err.isNetwork) return { kind: "toast", key: "saveFailed", message: "", reload: false };
  if (err.status === 409 && err.body && "subject_name" in err.body) {
    const subject = typeof err.body.subject_name === "string" ? err.body.subject_name : null;
    return { kind: "noSeats", subject, message: err.message };
  }
  const fromServer = err.message && !/^HTTP \d+$/.test(err.message) ? err.message : "";
  const known = fromServer ? knownMessageKey(fromServer) : null;
  // "Changes are not allowed in this selection period." also says "selection period": known texts are read first.
  if (err.status === 403 && !known && isPeriodClosedMessage(fromServer)) return { kind: "closed" };
  const key = err.status === 429 ? "rateLimited" : fromServer ? known : "saveFailed";
  return { kind: "toast", key, message: fromServer, reload: err.status === 403 || err.status === 409 };
}
