/**
 * Classifies a failed results lookup into what the page shows (spec §8 "Public results"): three modals, the
 * inline network text, and an inline rate-limit text for the API's 429 (docs/decisions/0007).
 */
import { ApiFailure } from "~/lib/api";

/** A failure the page shows as a modal. */
export type ModalFailure = "notPublished" | "requiresPayment" | "notFound";
/** A failure the page shows as inline text under the field. */
export type InlineFailure = "network" | "rateLimited";
export type LookupFailure = ModalFailure | InlineFailure;

export const MODAL_FAILURES: readonly ModalFailure[] = ["notPublished", "requiresPayment", "notFound"];

/** True for the failures shown in a dialog. */
export function isModalFailure(f: LookupFailure | null | undefined): f is ModalFailure {
  return !!f && (MODAL_FAILURES as readonly string[]).includes(f);
}

/**
 * The spec's mapping, with the server's flags first and its English message as the fallback signal:
 * `resultsNotPublished` / "Results not yet published" → notPublished; `requiresPayment` / "Fees are not fully paid"
 * → requiresPayment; 429 → rateLimited; no response at all, or a 5xx (the service or its database is down —
 * telling a parent their ID is wrong would be false) → network; anything else (404…) → notFound.
 */
export function classifyLookupFailure(err: unknown): LookupFailure {
  if (!(err instanceof ApiFailure)) return "notFound";
  if (err.isNetwork || err.status >= 500) return "network";
  if (err.status === 429) return "rateLimited";
  const body = err.body ?? {};
  if (body.resultsNotPublished === true || err.message === "Results not yet published") return "notPublished";
  if (body.requiresPayment === true || err.message === "Fees are not fully paid") return "requiresPayment";
  return "notFound";
}
