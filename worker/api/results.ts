/** `/api/admin/results` (contract "Results"). Admin only. */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/auth";

export const adminResultsApi = new Hono<AppEnv>().use(requireAdmin);
