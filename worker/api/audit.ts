/** `GET /api/admin/audit` — the audit trail for disputes over fees and grades. Admin only. */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/auth";
import { addOperations } from "../openapi-legacy";
import { listAudit } from "../services/audit-read";
import { validate } from "../validate";
import { auditQuerySchema } from "./audit.schema";

export const auditApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", auditQuerySchema), async (c) => c.json(await listAudit(c.get("db"), c.req.valid("query"))));

addOperations([
  { method: "get", path: "/api/admin/audit", tag: "Audit", summary: "Audit log, filterable by entity, admin and date", auth: true, query: auditQuerySchema, responses: { 200: "{data, pagination, filters}", 400: "Invalid filter", 401: "Not signed in" } },
]);
