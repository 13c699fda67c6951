/** `/api/admin/settings` (docs/product.md#fee-plans, #results): the school's settings, admin only; a change is audited. */
import { createRoute, z } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { createAdminApi, errors, json } from "../openapi";
import { getSettings, updateSettings } from "../services/settings";
import { settingsInputSchema, settingsJsonSchema } from "../contracts/fee-plans";

const tags = ["Settings"];
const body = z.object({ settings: settingsJsonSchema });

const read = createRoute(
  guarded("settings.read", {
    method: "get",
    path: "/",
    tags,
    summary: "School settings (defaults filled in)",
    description:
      "results_fee_rule: fully_paid (public results need the fee record fully paid; default) or no_overdue (blocked only while an instalment due on or before today is unpaid). " +
      "results_absent_rule: excluded (an absent subject is left out of a result's total and percentage; default) or zero (counted as 0 of its max).",
    responses: { 200: json(body, "The settings"), ...errors(401) },
  }),
);

const write = createRoute(
  guarded("settings.manage", {
    method: "put",
    path: "/",
    tags,
    summary: "Change some settings",
    request: { body: { required: true, content: { "application/json": { schema: settingsInputSchema } } } },
    responses: { 200: json(body, "The settings after the change"), ...errors(400, 401) },
  }),
);

export const settingsApi = createAdminApi()
  .openapi(read, async (c) => c.json({ settings: await getSettings(c.get("db")) }, 200))
  .openapi(write, async (c) =>
    c.json(
      {
        settings: await updateSettings(c.var.ctx, c.req.valid("json")),
      },
      200,
    ),
  );
