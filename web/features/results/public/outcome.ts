/**
 * Classifies a failed results lookup into what the page shows (docs/product.md#public-results): three modals, the
 * inline network text, and an inline rate-limit text for the API's 429 (docs/decisions/0007-public-rate-limits.md).
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
 * What the page shows for a failed lookup (docs/product.md#public-results), decided by the answer's reason and its
 * flags, never by its English: `resultsNotPublished` (RESULTS_NOT_PUBLISHED) → notPublished; `requiresPayment`
 * (RESULTS_FEES_UNPAID) → requiresPayment; 429 → rateLimited; no answer at all, or a 5xx (the service or its
 * database is down — telling a parent their ID is wrong would be false) → network; anything else (404
 * RESULTS_NOT_FOUND, a refused ID) → notFound.
 */
export function classifyLookupFailure(err: unknown): LookupFailure {
  if (!(err instanceof ApiFailure)) return "notFound";
  if (err.isNetwork || err.status >= 500) return "network";
  if (err.status === 429) return "rateLimited";
  const body = err.body ?? {};
  if (err.reason === "RESULTS_NOT_PUBLISHED" || body.resultsNotPublished === true) return "notPublished";
  if (err.reason === "RESULTS_FEES_UNPAID" || body.requiresPayment === true) return "requiresPayment";
  return "notFound";
}
