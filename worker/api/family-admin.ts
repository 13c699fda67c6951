/**
 * `/api/admin/family` (docs/product.md#family-accounts, "The office"): one guardian number's account (children,
 * guardian rows, preferences, sign-ins, open sessions, messages, last invitation), ending its sessions (all or one,
 * audited), and inviting the family to its account by the message queue (audited, once a day); and
 * `/api/admin/guardians`, the school's guardian numbers with their account state. For those who edit students'
 * guardians.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { createAdminApi, errors, json } from "../openapi";
import { familyCodeRequestSchema } from "../contracts/family";
import {
  familyAdminSchema,
  familyEndSessionsSchema,
  familyInviteSentSchema,
  guardianListQuerySchema,
  guardianListSchema,
} from "../contracts/family-admin";
import { enqueueWith, linkBase } from "../messages-runtime";
import { ApiError } from "../errors";
import { auditInsertIfChanged } from "../services/audit";
import { guardianAccount, listGuardians } from "../services/family/guardians";
import { inviteFamily } from "../services/family/invite";
import { endSessionsQuery } from "../services/family/sessions";

const tags = ["Family accounts"];
const body = { required: true, content: { "application/json": { schema: familyCodeRequestSchema } } } as const;

const read = createRoute(
  guarded("students.write", {
    method: "get",
    path: "/",
    tags,
    summary: "A guardian number's account: children, guardian rows, sign-ins, open sessions, messages, invitation",
    request: { query: familyCodeRequestSchema },
    responses: { 200: json(familyAdminSchema, "The number's account"), ...errors(400, 401, 403) },
  }),
);

const end = createRoute(
  guarded("students.write", {
    method: "post",
    path: "/sessions/end",
    tags,
    summary: "End every family session of a guardian number, or one (audited)",
    description: "404 FAMILY_SESSION_NOT_FOUND: `session_id` is not an open session of this number.",
    request: { body: { required: true, content: { "application/json": { schema: familyEndSessionsSchema } } } },
    responses: { 200: json(z.object({ ended: z.number().int() }), "Ended"), ...errors(400, 401, 403, 404) },
  }),
);

const invite = createRoute(
  guarded("students.write", {
    method: "post",
    path: "/invite",
    tags,
    summary: "Send the family a link to /family by WhatsApp, else SMS (audited; once per number per day)",
    description:
      "404 FAMILY_GUARDIAN_NOT_FOUND: no guardian has the number; 409 FAMILY_INVITE_OPTED_OUT: it replied STOP; 409 FAMILY_INVITE_ALREADY_SENT: invited today (Cairo).",
    request: { body },
    responses: { 200: json(familyInviteSentSchema, "Queued"), ...errors(400, 401, 403, 404, 409) },
  }),
);

const list = createRoute(
  guarded("students.write", {
    method: "get",
    path: "/",
    tags,
    summary: "The school's guardian numbers with their family account state, by name (paged)",
    request: { query: guardianListQuerySchema },
    responses: { 200: json(guardianListSchema, "One page and the school's figures"), ...errors(400, 401, 403) },
  }),
);

/** Mounted at `/api/admin/family`. */
export const familyAdminApi = createAdminApi()
  .openapi(read, async (c) => {
    const { phone } = c.req.valid("query");
    return c.json(await guardianAccount(c.var.ctx.db, phone, c.var.ctx.now), 200);
  })
  .openapi(end, async (c) => {
    const { phone, session_id } = c.req.valid("json");
    const ctx = c.var.ctx;
    // The audit row is written only when a session ended (`changes()` of the UPDATE, in the same batch).
    const [rows] = await ctx.db.batch([
      endSessionsQuery(ctx.db, phone, ctx.actor.username, ctx.now, session_id),
      auditInsertIfChanged(ctx, { action: "update", entity: "family_sessions", entityId: phone }),
    ]);
    if (session_id !== undefined && rows.length === 0) throw new ApiError("FAMILY_SESSION_NOT_FOUND");
    return c.json({ ended: rows.length }, 200);
  })
  .openapi(invite, async (c) => {
    const { phone } = c.req.valid("json");
    const sent = await inviteFamily(c.var.ctx, phone, linkBase(c.env, c.req.url), enqueueWith(c.env));
    return c.json(sent, 200);
  });

/** Mounted at `/api/admin/guardians`. */
export const guardiansApi = createAdminApi().openapi(list, async (c) => {
  const query = c.req.valid("query");
  return c.json(await listGuardians(c.var.ctx.db, query, c.var.ctx.now), 200);
});
