/**
 * `POST /api/admin/import/{kind}` (docs/product.md#bulk-import): a dry run (`?dry_run=1`) or a commit of up to 5,000
 * rows of students, fee records, results or teachers. Admin only; the body limit of this route is
 * IMPORT_MAX_BODY_BYTES (worker/app.ts), not the general 1 MB. A commit needs an `Idempotency-Key`; its live events
 * (one per kind of change, after the write: the consoles reload whole lists anyway) go out once it is written.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { IMPORT_PERMISSION } from "../permissions";
import { guarded } from "../route-permission";

import { errorBody } from "../errors";
import { createAdminApi, errorSchema, errors, json } from "../openapi";
import { publish } from "../services/events";
import { runImport } from "../services/import/run";
import { idempotencyKeySchema } from "../contracts/fees";
import {
  importAnswerSchema,
  importBodySchema,
  importKindParamSchema,
  importQuerySchema,
  MAX_IMPORT_ROWS,
} from "../contracts/import";

/** Importing records needs what writing them one by one needs (docs/product.md#staff-and-roles). */
const IMPORT_NEED = { param: "kind", by: IMPORT_PERMISSION };

const importRoute = createRoute(
  guarded(IMPORT_NEED, {
    method: "post",
    path: "/{kind}",
    tags: ["Import"],
    summary: "Import students, fee records, results or teachers (dry run or commit)",
    description: `Each row is checked by the create endpoint's schema and matched against the records. dry_run=1 writes nothing. A commit (Idempotency-Key required) writes every row or none; with any error row it answers 400 with the preview. At most ${MAX_IMPORT_ROWS} rows (413).`,
    request: {
      params: importKindParamSchema,
      query: importQuerySchema,
      headers: z.object({ "idempotency-key": idempotencyKeySchema }),
      body: { required: true, content: { "application/json": { schema: importBodySchema } } },
    },
    responses: {
      200: json(
        importAnswerSchema,
        "The preview (dry run) or what was written (commit; a replay carries Idempotent-Replayed: true)",
      ),
      400: json(
        z.union([errorSchema.extend(importAnswerSchema.shape), errorSchema]),
        "Invalid request, or a commit with error rows (IMPORT_HAS_ERRORS, with the preview): nothing written",
      ),
      ...errors(401, 409, 413, 422),
    },
  }),
);

export const importApi = createAdminApi().openapi(importRoute, async (c) => {
  const { kind } = c.req.valid("param");
  const { dry_run } = c.req.valid("query");
  const key = c.req.valid("header")["idempotency-key"];
  const outcome = await runImport(c.var.ctx, kind, c.req.valid("json"), { dryRun: dry_run, key });
  if (outcome.replayed) c.header("Idempotent-Replayed", "true");
  for (const e of outcome.events) c.executionCtx.waitUntil(publish(c.env, e.event, e.entity, null));
  if (outcome.status === 400) {
    return c.json({ ...errorBody("IMPORT_HAS_ERRORS"), ...outcome.answer }, 400);
  }
  return c.json(outcome.answer, 200);
});
