/** `/api/admin/selection/teachers` (contract "Course selection, admin"). Admin only. */
import { Hono } from "hono";
import type { AppEnv } from "../env";

export const selectionTeachersApi = new Hono<AppEnv>();
