/**
 * `/api/admin/selection/*` (docs/product.md#course-selection): summary, delete-all, and the subjects, teachers and
 * periods sub-apps, all behind `requireAdmin` (registered here, in front of every route below).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { createAdminApi, errors, json } from "../openapi";
import { selectionSummary } from "../services/selection-read";
import { deleteAllSelections } from "../services/selection-write";
import { deleteAllBodySchema, summaryRowSchema } from "../contracts/selection-admin";
import { selectionPeriodsApi } from "./selection-periods";
import { selectionSubjectsApi } from "./selection-subjects";
import { selectionTeachersApi } from "./selection-teachers";

const tags = ["Course selection (admin)"];

const summary = createRoute(
  guarded("selection.read", {
    method: "get",
    path: "/summary",
    tags,
    summary: "Subject × teacher × session with the student numbers in it",
    responses: {
      200: json(
        z.object({ success: z.literal(true), data: z.array(summaryRowSchema) }),
        "The combinations that have selections",
      ),
      ...errors(401),
    },
  }),
);

const deleteAll = createRoute(
  guarded("selection.manage", {
    method: "delete",
    path: "/delete-all",
    tags,
    summary: "Delete a student's selections and free the seats",
    description:
      "The registration goes too, so the student may choose again. 404 STUDENT_NOT_FOUND or SELECTIONS_NOT_FOUND.",
    request: { body: { required: true, content: { "application/json": { schema: deleteAllBodySchema } } } },
    responses: {
      200: json(
        z.object({
          success: z.literal(true),
          message: z.string(),
          deleted: z.number().int().describe("Selections deleted"),
        }),
        "Deleted",
      ),
      ...errors(400, 401, 404),
    },
  }),
);

export const adminSelectionApi = createAdminApi()
  .openapi(summary, async (c) => c.json({ success: true as const, data: await selectionSummary(c.get("db")) }, 200))
  .openapi(deleteAll, async (c) => {
    const deleted = await deleteAllSelections(c.var.ctx, c.req.valid("json").student_id);
    return c.json({ success: true as const, message: "All selections deleted successfully", deleted }, 200);
  })
  .route("/subjects", selectionSubjectsApi)
  .route("/teachers", selectionTeachersApi)
  .route("/periods", selectionPeriodsApi);
