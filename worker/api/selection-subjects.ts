/** `/api/admin/selection/subjects` (contract "Course selection, admin"). Admin only. */
import { Hono } from "hono";
import type { AppEnv } from "../env";

export const selectionSubjectsApi = new Hono<AppEnv>();
