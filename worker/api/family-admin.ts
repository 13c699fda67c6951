/**
 * `/api/admin/family` (docs/product.md#family-accounts, "The office"): a guardian number's open family sessions and
 * its recent sign-ins, and ending every session of the number (audited). For those who edit students' guardians.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import { familySignInCodes } from "../../db/schema";
import { guarded } from "../route-permission";
import { createAdminApi, errors, json } from "../openapi";
import { familyAdminSchema, familyCodeRequestSchema } from "../contracts/family";
import { auditInsertIfChanged } from "../services/audit";
import { endSessionsQuery, openSessionsOf } from "../services/family/sessions";

const tags = ["Family accounts"];

const read = createRoute(
  guarded("students.write", {
    method: "get",
    path: "/",
    tags,
    summary: "A guardian number's open family sessions and its last 20 sign-ins",
    request: { query: familyCodeRequestSchema },
    responses: { 200: json(familyAdminSchema, "The number's sessions"), ...errors(400, 401, 403) },
  }),
);

const end = createRoute(
  guarded("students.write", {
    method: "post",
    path: "/sessions/end",
    tags,
    summary: "End every family session of a guardian number (audited)",
    request: { body: { required: true, content: { "application/json": { schema: familyCodeRequestSchema } } } },
    responses: { 200: json(z.object({ ended: z.number().int() }), "Ended"), ...errors(400, 401, 403) },
  }),
);

/** Mounted at `/api/admin/family`. */
export const familyAdminApi = createAdminApi()
  .openapi(read, async (c) => {
    const { phone } = c.req.valid("query");
    const { db, now } = c.var.ctx;
    const [sessions, codes] = await Promise.all([
      openSessionsOf(db, phone, now),
      db
        .select()
        .from(familySignInCodes)
        .where(and(eq(familySignInCodes.phone, phone), eq(familySignInCodes.known, true)))
        .orderBy(desc(familySignInCodes.id))
        .limit(20),
    ]);
    const signIns = codes.map((r) => ({ created_at: r.createdAt, used: r.consumedAt !== null, attempts: r.attempts }));
    return c.json({ phone, sessions, sign_ins: signIns }, 200);
  })
  .openapi(end, async (c) => {
    const { phone } = c.req.valid("json");
    const ctx = c.var.ctx;
    const [rows] = await ctx.db.batch([
      endSessionsQuery(ctx.db, phone, ctx.actor.username, ctx.now),
      auditInsertIfChanged(ctx, { action: "update", entity: "family_sessions", entityId: phone }),
    ]);
    return c.json({ ended: rows.length }, 200);
  });
