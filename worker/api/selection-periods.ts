/**
 * `/api/admin/selection/periods` (contract "Course selection, admin"; spec §2 "Selection Periods", §4 "Selection
 * period active flag", §7). Mounted behind `requireAdmin` by `selection-admin.ts`. At most one period is active:
 * activating one (toggle, create or update) deactivates the others in the same batch.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { addOperations } from "../openapi";
import * as svc from "../services/selection-catalog";
import { validate } from "../validate";
import { periodCreateSchema, periodToggleSchema, periodUpdateSchema, selectionIdParamSchema } from "./selection-admin.schema";

export const selectionPeriodsApi = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ data: await svc.listPeriods(c.get("db")) }))
  .post("/", validate("json", periodCreateSchema), async (c) => {
    const data = await svc.createPeriod(c.get("db"), c.get("admin"), c.req.valid("json"), c.get("requestId"));
    return c.json({ data }, 201);
  })
  .put("/:id/toggle", validate("param", selectionIdParamSchema), validate("json", periodToggleSchema), async (c) => {
    const data = await svc.togglePeriod(c.get("db"), c.get("admin"), c.req.valid("param").id, c.req.valid("json").is_active, c.get("requestId"));
    return c.json({ data });
  })
  .put("/:id", validate("param", selectionIdParamSchema), validate("json", periodUpdateSchema), async (c) => {
    const data = await svc.updatePeriod(c.get("db"), c.get("admin"), c.req.valid("param").id, c.req.valid("json"), c.get("requestId"));
    return c.json({ data });
  })
  .delete("/:id", validate("param", selectionIdParamSchema), async (c) => {
    await svc.deletePeriod(c.get("db"), c.get("admin"), c.req.valid("param").id, c.get("requestId"));
    return c.json({ message: "Selection period deleted successfully" });
  });

const path = "/api/admin/selection/periods";
const tag = "Course selection (admin)";
addOperations([
  { method: "get", path, tag, summary: "Selection periods, latest start first (dates ISO UTC)", auth: true, responses: { 200: "{data: [{id, period_name, start_date, end_date, is_active, allow_changes, max_subjects, created_at, updated_at}]}", 401: "Not signed in" } },
  { method: "post", path, tag, summary: "Create a period (dates ISO 8601 with Z or an offset); an active one replaces the active period", auth: true, body: periodCreateSchema, responses: { 201: "{data}", 400: "Validation (end must be after start)", 401: "Not signed in" } },
  { method: "put", path: `${path}/:id`, tag, summary: "Update a period", auth: true, body: periodUpdateSchema, responses: { 200: "{data}", 400: "Validation", 401: "Not signed in", 404: "Selection period not found" } },
  { method: "put", path: `${path}/:id/toggle`, tag, summary: "Set is_active; activating deactivates every other period", auth: true, body: periodToggleSchema, responses: { 200: "{data} (the toggled period)", 400: "Validation", 401: "Not signed in", 404: "Selection period not found" } },
  { method: "delete", path: `${path}/:id`, tag, summary: "Delete an inactive period; its selections keep their rows (period_id becomes null)", auth: true, responses: { 200: "{message}", 401: "Not signed in", 404: "Selection period not found", 409: "Deactivate the period before deleting it" } },
]);
