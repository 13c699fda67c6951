/** `/api/public/selection/*` — Prep-3 teacher selection for students (contract "Teacher selection, public"). */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { enforcePublicLookupLimits } from "../middleware/rate-limit";
import { addOperations } from "../openapi-legacy";
import { availableTeachers, lookupStudent, seatSnapshot, studentSelectionState, visibleStudent } from "../services/selection-read";
import { saveSelections } from "../services/selection-write";
import { validate } from "../validate";
import { selectBodySchema, studentParamSchema } from "./public-selection.schema";

export const publicSelectionApi = new Hono<AppEnv>()
  .get("/student/:id", validate("param", studentParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    await enforcePublicLookupLimits(c, "selection", id);
    return c.json({ success: true, data: await lookupStudent(c.get("db"), id, new Date().toISOString()) });
  })
  .get("/student/:id/selections", validate("param", studentParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    await enforcePublicLookupLimits(c, "selection", id);
    return c.json({ success: true, data: await studentSelectionState(c.get("db"), id, new Date().toISOString()) });
  })
  .get("/teachers/:id", validate("param", studentParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    await enforcePublicLookupLimits(c, "selection", id);
    await visibleStudent(c.get("db"), id, new Date().toISOString());
    return c.json({ success: true, teachers: await availableTeachers(c.get("db")) });
  })
  // Seats only — no names or IDs — so it may be cached briefly and polled by every open page.
  .get("/seats", async (c) => {
    c.header("Cache-Control", "public, max-age=2");
    return c.json({ success: true, seats: await seatSnapshot(c.get("db")) });
  })
  .post("/student/select", validate("json", selectBodySchema), async (c) => {
    const { student_id, selections } = c.req.valid("json");
    await enforcePublicLookupLimits(c, "select", student_id);
    const result = await saveSelections(c.get("db"), student_id, selections, new Date());
    return c.json(result, result.action === "created" ? 201 : 200);
  });

addOperations([
  { method: "get", path: "/api/public/selection/student/:id", tag: "Teacher selection (public)", summary: "Student card for an active Prep-3 student", responses: { 200: "{success, data}", 403: "No period active or not started (same answer for every ID); unknown ID or not an active Prep-3 student (one answer for both)", 429: "Rate limited" } },
  { method: "get", path: "/api/public/selection/student/:id/selections", tag: "Teacher selection (public)", summary: "Current selections and update state", responses: { 200: "{success, data}", 403: "As GET /student/:id" } },
  { method: "get", path: "/api/public/selection/teachers/:id", tag: "Teacher selection (public)", summary: "Active teachers of active subjects with seats left", responses: { 200: "{success, teachers}", 403: "As GET /student/:id" } },
  { method: "get", path: "/api/public/selection/seats", tag: "Teacher selection (public)", summary: "Seats left per teacher and session (no personal data; for live refresh)", responses: { 200: "{success, seats}" } },
  { method: "post", path: "/api/public/selection/student/select", tag: "Teacher selection (public)", summary: "Save or update (once) the selections", body: selectBodySchema, responses: { 201: "{success, action: created, hasUpdated, message}", 200: "{success, action: updated, hasUpdated, message}", 400: "Incomplete or mismatched", 403: "Closed / not an active Prep-3 student (also for unknown IDs) / update used / deadline passed", 409: "No seats left (names the subject)" } },
]);
