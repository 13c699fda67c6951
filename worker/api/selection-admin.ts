/** `/api/admin/selection/*` (contract "Course selection, admin"): summary, delete-all, subjects, teachers, periods. */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/auth";
import { addOperations } from "../openapi";
import { selectionSummary } from "../services/selection-read";
import { deleteAllSelections } from "../services/selection-write";
import { validate } from "../validate";
import { deleteAllBodySchema } from "./selection-admin.schema";
import { selectionPeriodsApi } from "./selection-periods";
import { selectionSubjectsApi } from "./selection-subjects";
import { selectionTeachersApi } from "./selection-teachers";

export const adminSelectionApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/summary", async (c) => c.json({ success: true, data: await selectionSummary(c.get("db")) }))
  .delete("/delete-all", validate("json", deleteAllBodySchema), async (c) => {
    const deleted = await deleteAllSelections(c.get("db"), c.get("admin"), c.req.valid("json").student_id, c.get("requestId"));
    return c.json({ success: true, message: "All selections deleted successfully", deleted });
  })
  .route("/subjects", selectionSubjectsApi)
  .route("/teachers", selectionTeachersApi)
  .route("/periods", selectionPeriodsApi);

addOperations([
  { method: "get", path: "/api/admin/selection/summary", tag: "Course selection (admin)", summary: "Subject × teacher × session with student IDs", auth: true, responses: { 200: "{success, data}" } },
  { method: "delete", path: "/api/admin/selection/delete-all", tag: "Course selection (admin)", summary: "Delete a student's selections and free the seats", auth: true, body: deleteAllBodySchema, responses: { 200: "{success, message, deleted}", 404: "No such student or no selections" } },
]);
