/**
 * Calls of the Close the year wizard (docs/product.md#the-year-end-rollover) through the typed Hono client: the
 * status, the dry run, the apply and the undo. Failures throw `ApiFailure`.
 */
import type { RolloverPreview, RolloverRequest, RolloverRunJson, RolloverStatus } from "@worker/contracts/rollover";
import { apiClient, call } from "~/lib/api";

export type { RolloverPreview, RolloverRunJson, RolloverStatus };
/** The wizard's request: the closing and next years, the rule (null: none) and the exceptions. */
export type RolloverBody = Pick<RolloverRequest, "from_year" | "to_year" | "rule" | "exceptions">;

/**
 * `GET /api/admin/rollover[?from_year=]` → the closing year (`fromYear`, default the current one), the next, the
 * closing year's run and the years that can be closed.
 */
export async function getStatus(fromYear?: string): Promise<RolloverStatus> {
  return call(apiClient().api.admin.rollover.$get({ query: fromYear ? { from_year: fromYear } : {} }));
}

/** `POST /api/admin/rollover/dry-run` → per grade, each student's outcome and next place. */
export async function dryRun(json: RolloverBody): Promise<RolloverPreview> {
  return call(apiClient().api.admin.rollover["dry-run"].$post({ json }));
}

/** `POST /api/admin/rollover/apply` → the run (applied). */
export async function applyRun(json: RolloverBody): Promise<RolloverRunJson> {
  return call(apiClient().api.admin.rollover.apply.$post({ json }));
}

/** `POST /api/admin/rollover/undo` → the run (undone). */
export async function undoRun(runId: number): Promise<RolloverRunJson> {
  return call(apiClient().api.admin.rollover.undo.$post({ json: { run_id: runId } }));
}
