/** `/api/admin/selection/*` (contract "Course selection, admin"): summary, delete-all, subjects, teachers, periods. */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/auth";
import { selectionPeriodsApi } from "./selection-periods";
import { selectionSubjectsApi } from "./selection-subjects";
import { selectionTeachersApi } from "./selection-teachers";

export const adminSelectionApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .route("/subjects", selectionSubjectsApi)
  .route("/teachers", selectionTeachersApi)
  .route("/periods", selectionPeriodsApi);
