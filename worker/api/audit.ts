/**
 * `GET /api/admin/audit` — the audit trail for disputes over fees and grades (docs/product.md#audit-log). Admin only.
 */
import { createRoute } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { createAdminApi, errors, json } from "../openapi";
import { listAudit } from "../services/audit-read";
import { auditPageJsonSchema, auditQuerySchema } from "../contracts/audit";

const list = createRoute(
  guarded("audit.read", {
    method: "get",
    path: "/",
    tags: ["Audit"],
    summary: "Audit log, filterable by entity, record, admin and date",
    description:
      "Newest first. from/to are Cairo school days, both inclusive; before/after are the record's parsed JSON snapshots.",
    request: { query: auditQuerySchema },
    responses: { 200: json(auditPageJsonSchema, "One page of audit rows and the filter choices"), ...errors(400, 401) },
  }),
);

export const auditApi = createAdminApi().openapi(list, async (c) =>
  c.json(await listAudit(c.get("db"), c.req.valid("query")), 200),
);
