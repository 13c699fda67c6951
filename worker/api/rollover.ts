/**
 * `/api/admin/rollover` (docs/product.md#the-year-end-rollover): the year-end rollover's status, dry run, apply and
 * undo. Administrators only (`rollover.manage`); the apply and the undo are audited by their services.
 */
import { createRoute } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { createAdminApi, errors, json } from "../openapi";
import {
  rolloverPreviewSchema,
  rolloverRequestSchema,
  rolloverRunSchema,
  rolloverStatusQuerySchema,
  rolloverStatusSchema,
  rolloverUndoSchema,
} from "../contracts/rollover";
import { applyRollover } from "../services/rollover/apply";
import { previewRollover, rolloverStatus } from "../services/rollover/preview";
import { undoRollover } from "../services/rollover/undo";

const tags = ["Rollover"];
const body = <T>(schema: T) => ({ body: { required: true, content: { "application/json": { schema } } } });

const status = createRoute(
  guarded("rollover.manage", {
    method: "get",
    path: "/",
    tags,
    summary: "The closing year, the next one, and the closing year's rollover (running or applied)",
    request: { query: rolloverStatusQuerySchema },
    responses: { 200: json(rolloverStatusSchema, "The status"), ...errors(400, 401) },
  }),
);

const dryRun = createRoute(
  guarded("rollover.manage", {
    method: "post",
    path: "/dry-run",
    tags,
    summary: "What the rollover would do: per grade, each student's outcome and next grade",
    description:
      "Nothing is written. Exceptions (by student number: promoted, retained or left, optionally a building and a section) come before the rule (retained when the S2 result is below the pass mark in more than max_failed subjects, absent ones included), which comes before the ladder.",
    request: body(rolloverRequestSchema),
    responses: { 200: json(rolloverPreviewSchema, "The dry run"), ...errors(400, 401, 409) },
  }),
);

const apply = createRoute(
  guarded("rollover.manage", {
    method: "post",
    path: "/apply",
    tags,
    summary: "Apply the rollover (idempotent; continues a stopped run)",
    description:
      "Creates the next year when missing, enrols every continuing student there, sets the closing year's outcomes and creates next year's fee accounts from its plans (recurring discounts carried). Grade by grade in batches: a run stopped by an outage continues with its own exceptions when applied again; an applied run answers as it is.",
    request: body(rolloverRequestSchema),
    responses: { 200: json(rolloverRunSchema, "The run"), ...errors(400, 401, 409, 503) },
  }),
);

const undo = createRoute(
  guarded("rollover.manage", {
    method: "post",
    path: "/undo",
    tags,
    summary: "Undo an applied rollover as a whole",
    description: "Refused (409 ROLLOVER_UNDO_LOCKED) once the new year has a payment or a result.",
    request: body(rolloverUndoSchema),
    responses: { 200: json(rolloverRunSchema, "The run, undone"), ...errors(400, 401, 404, 409) },
  }),
);

export const rolloverApi = createAdminApi()
  .openapi(status, async (c) => c.json(await rolloverStatus(c.get("db"), c.req.valid("query").from_year), 200))
  .openapi(dryRun, async (c) => c.json(await previewRollover(c.get("db"), c.req.valid("json")), 200))
  .openapi(apply, async (c) => c.json(await applyRollover(c.var.ctx, c.req.valid("json")), 200))
  .openapi(undo, async (c) => c.json(await undoRollover(c.var.ctx, c.req.valid("json").run_id), 200));
