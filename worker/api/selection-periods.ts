/**
 * `/api/admin/selection/periods` (docs/product.md#selection-periods). Mounted behind `requireAdmin` by
 * `selection-admin.ts`. At most one period is active: activating one (toggle, create or update) deactivates the
 * others in the same batch. A write that opens a period sends selection_opened to the Prep-3 families once it has
 * committed (docs/product.md#guardians-and-messages).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { guarded } from "../route-permission";
import { createApi, errors, json } from "../openapi";
import { enqueueWith, linkBase } from "../messages-runtime";
import { selectionMessages } from "../services/messages/events";
import * as svc from "../services/selection-periods";
import {
  periodCreateSchema,
  periodJsonSchema,
  periodToggleSchema,
  periodUpdateSchema,
  selectionIdParamSchema,
} from "../contracts/selection-admin";

const tags = ["Course selection (admin)"];
const periodBody = z.object({ data: periodJsonSchema });

const list = createRoute(
  guarded("selection.read", {
    method: "get",
    path: "/",
    tags,
    summary: "Selection periods, latest start first (dates ISO UTC)",
    responses: { 200: json(z.object({ data: z.array(periodJsonSchema) }), "Every period"), ...errors(401) },
  }),
);

const create = createRoute(
  guarded("selection.manage", {
    method: "post",
    path: "/",
    tags,
    summary: "Create a period",
    description:
      "Dates are ISO 8601 with Z or an offset; end after start. Inactive by default; an active one replaces the active period.",
    request: { body: { required: true, content: { "application/json": { schema: periodCreateSchema } } } },
    responses: { 201: json(periodBody, "The created period"), ...errors(400, 401) },
  }),
);

const toggle = createRoute(
  guarded("selection.manage", {
    method: "put",
    path: "/{id}/toggle",
    tags,
    summary: "Set is_active; activating deactivates every other period",
    request: {
      params: selectionIdParamSchema,
      body: { required: true, content: { "application/json": { schema: periodToggleSchema } } },
    },
    responses: { 200: json(periodBody, "The toggled period as stored"), ...errors(400, 401, 404) },
  }),
);

const update = createRoute(
  guarded("selection.manage", {
    method: "put",
    path: "/{id}",
    tags,
    summary: "Update a period",
    description: "Omitted max_subjects, is_active and allow_changes keep their stored values.",
    request: {
      params: selectionIdParamSchema,
      body: { required: true, content: { "application/json": { schema: periodUpdateSchema } } },
    },
    responses: { 200: json(periodBody, "The updated period"), ...errors(400, 401, 404) },
  }),
);

const remove = createRoute(
  guarded("selection.manage", {
    method: "delete",
    path: "/{id}",
    tags,
    summary: "Delete an inactive period",
    description: "Its selections keep their rows (period_id becomes null). 409 PERIOD_IS_ACTIVE: deactivate it first.",
    request: { params: selectionIdParamSchema },
    responses: { 200: json(z.object({ message: z.string() }), "Deleted"), ...errors(400, 401, 404, 409) },
  }),
);

/**
 * The period as answered; when the write opened it, selection_opened is planned and queued after the answer
 * (`waitUntil`). Its key (kind, student, period, Cairo day) makes a second opening the same day plan nothing new.
 */
function answered(c: Context<AppEnv>, write: svc.PeriodWrite) {
  if (write.opened) {
    const base = linkBase(c.env, c.req.url);
    const sent = selectionMessages(c.get("db"), write.period.id, base, c.var.ctx.now, enqueueWith(c.env));
    c.executionCtx.waitUntil(sent.catch(() => undefined));
  }
  return write.period;
}

export const selectionPeriodsApi = createApi()
  .openapi(list, async (c) => c.json({ data: await svc.listPeriods(c.get("db")) }, 200))
  .openapi(create, async (c) => {
    const data = answered(c, await svc.createPeriod(c.var.ctx, c.req.valid("json")));
    return c.json({ data }, 201);
  })
  .openapi(toggle, async (c) => {
    const data = answered(c, await svc.togglePeriod(c.var.ctx, c.req.valid("param").id, c.req.valid("json").is_active));
    return c.json({ data }, 200);
  })
  .openapi(update, async (c) => {
    const data = answered(c, await svc.updatePeriod(c.var.ctx, c.req.valid("param").id, c.req.valid("json")));
    return c.json({ data }, 200);
  })
  .openapi(remove, async (c) => {
    await svc.deletePeriod(c.var.ctx, c.req.valid("param").id);
    return c.json({ message: "Selection period deleted successfully" }, 200);
  });
