/**
 * `/api/admin/fee-plans` (docs/product.md#fee-plans). Admin only; amounts in EGP. Applying publishes `fees_changed`
 * once after the write (the Fees page reloads its page).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { createAdminApi, errors, json } from "../openapi";
import { reason } from "../reasons";
import { afterMoneyMoved } from "../money-moved";
import { applyPlan, createPlan, deletePlan, getPlan, listPlans, updatePlan } from "../services/fee-plans";
import {
  applyResultSchema,
  feePlanInputSchema,
  feePlanJsonSchema,
  listFeePlansQuerySchema,
} from "../contracts/fee-plans";

const tags = ["Fee plans"];
const idParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, reason("PLAN_ID_INVALID"))
    .transform(Number),
});
const body = { required: true, content: { "application/json": { schema: feePlanInputSchema } } } as const;
const planBody = z.object({ plan: feePlanJsonSchema });

const list = createRoute(
  guarded("fee_plans.read", {
    method: "get",
    path: "/",
    tags,
    summary: "List fee plans (newest academic year first)",
    request: { query: listFeePlansQuerySchema },
    responses: { 200: json(z.object({ plans: z.array(feePlanJsonSchema) }), "The plans"), ...errors(401) },
  }),
);

const one = createRoute(
  guarded("fee_plans.read", {
    method: "get",
    path: "/{id}",
    tags,
    summary: "One fee plan",
    request: { params: idParam },
    responses: { 200: json(planBody, "The plan"), ...errors(400, 401, 404) },
  }),
);

const create = createRoute(
  guarded("fee_plans.manage", {
    method: "post",
    path: "/",
    tags,
    summary: "Create a fee plan for an academic year and grade",
    description:
      "Each line's instalments numbered 1…n with due dates in order inside the academic year (1 Sep - 31 Aug); with a line `total`, the instalments must add up to it exactly in piastres (PLAN_SUM_MISMATCH, path lines.N.total). One plan per year and grade (409 PLAN_EXISTS).",
    request: { body },
    responses: { 201: json(planBody, "The created plan"), ...errors(400, 401, 409) },
  }),
);

const update = createRoute(
  guarded("fee_plans.manage", {
    method: "put",
    path: "/{id}",
    tags,
    summary: "Replace a fee plan",
    description: "Records that carry the plan keep their schedule until the plan is applied again.",
    request: { params: idParam, body },
    responses: { 200: json(planBody, "The plan"), ...errors(400, 401, 404, 409) },
  }),
);

const remove = createRoute(
  guarded("fee_plans.manage", {
    method: "delete",
    path: "/{id}",
    tags,
    summary: "Delete a fee plan (records keep their instalments and payments)",
    request: { params: idParam },
    responses: { 200: json(z.object({ message: z.string() }), "Deleted"), ...errors(400, 401, 404) },
  }),
);

const apply = createRoute(
  guarded("fee_plans.apply", {
    method: "post",
    path: "/{id}/apply",
    tags,
    summary: "Apply a plan to every active student of its grade (dry_run=1: preview only)",
    description:
      "Answers {dry_run, summary, rows} like bulk import. Creates missing fee records; keeps payments and allocates them oldest instalment first; keeps each student's discount; leaves custom schedules alone. A commit with error rows → 400 PLAN_APPLY_ERRORS with the same body, nothing written.",
    request: { params: idParam, query: z.object({ dry_run: z.enum(["0", "1", "true", "false"]).optional() }) },
    responses: { 200: json(applyResultSchema, "The preview, or what was applied"), ...errors(400, 401, 404, 409) },
  }),
);

export const feePlansApi = createAdminApi()
  .openapi(list, async (c) => c.json({ plans: await listPlans(c.get("db"), c.req.valid("query")) }, 200))
  .openapi(one, async (c) => c.json({ plan: await getPlan(c.get("db"), c.req.valid("param").id) }, 200))
  .openapi(create, async (c) => c.json({ plan: await createPlan(c.var.ctx, c.req.valid("json")) }, 201))
  .openapi(update, async (c) =>
    c.json(
      {
        plan: await updatePlan(c.var.ctx, c.req.valid("param").id, c.req.valid("json")),
      },
      200,
    ),
  )
  .openapi(remove, async (c) => {
    await deletePlan(c.var.ctx, c.req.valid("param").id);
    return c.json({ message: "Fee plan deleted" }, 200);
  })
  .openapi(apply, async (c) => {
    const dryRun = ["1", "true"].includes(c.req.valid("query").dry_run ?? "");
    const id = c.req.valid("param").id;
    const result = await applyPlan(c.var.ctx, id, dryRun);
    if (!dryRun && result.summary.create + result.summary.update > 0)
      afterMoneyMoved(c, { feeRecordIds: [], planIds: [id] });
    return c.json(result, 200);
  });
