/** `/api/admin/selection/periods` (contract "Course selection, admin"). Admin only. */
import { Hono } from "hono";
import type { AppEnv } from "../env";

export const selectionPeriodsApi = new Hono<AppEnv>();
