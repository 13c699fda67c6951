/**
 * Calls of the Fee plans page (docs/product.md#fee-plans) through the typed Hono client: plans, applying one (dry
 * run first), and the school settings. Answers are typed from the server's routes; failures throw `ApiFailure`.
 */
import type { ApplyResult, FeePlanBodyInput, FeePlanJson, SchoolSettings } from "@worker/contracts/fee-plans";
import { apiClient, call } from "~/lib/api";

export type FeePlan = FeePlanJson;
export type { ApplyResult, SchoolSettings };

/** A plan as the form sends it (the body schema's input type). */
export type FeePlanBody = FeePlanBodyInput;

/** `GET /api/admin/fee-plans` → every plan, newest academic year first. */
export async function listPlans(): Promise<FeePlan[]> {
  return (await call(apiClient().api.admin["fee-plans"].$get({ query: {} }))).plans;
}

/** `POST` (no id) or `PUT /api/admin/fee-plans/{id}` → the saved plan. */
export async function savePlan(body: FeePlanBody, id?: number): Promise<FeePlan> {
  const client = apiClient().api.admin["fee-plans"];
  return id
    ? (await call(client[":id"].$put({ param: { id: String(id) }, json: body }))).plan
    : (await call(client.$post({ json: body }))).plan;
}

/** `DELETE /api/admin/fee-plans/{id}`. */
export async function deletePlan(id: number): Promise<void> {
  await call(apiClient().api.admin["fee-plans"][":id"].$delete({ param: { id: String(id) } }));
}

/** `POST /api/admin/fee-plans/{id}/apply[?dry_run=1]` → `{dry_run, summary, rows}`. */
export async function applyPlan(id: number, dryRun: boolean): Promise<ApplyResult> {
  return call(
    apiClient().api.admin["fee-plans"][":id"].apply.$post({
      param: { id: String(id) },
      query: { dry_run: dryRun ? "1" : "0" },
    }),
  );
}

/** `GET /api/admin/settings`. */
export async function getSettings(): Promise<SchoolSettings> {
  return (await call(apiClient().api.admin.settings.$get())).settings;
}

/** `PUT /api/admin/settings` with the settings to change → all settings. */
export async function putSettings(json: Partial<SchoolSettings>): Promise<SchoolSettings> {
  return (await call(apiClient().api.admin.settings.$put({ json }))).settings;
}
