/**
 * `/api/admin/family` (docs/product.md#family-accounts, "The office"): a guardian number's children, open family
 * sessions and recent sign-ins, ending every session of the number (audited), and inviting the family to its account
 * by the message queue (audited, once a day). For those who edit students' guardians.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq, inArray } from "drizzle-orm";
import { familySignInCodes, messages } from "../../db/schema";
import { guarded } from "../route-permission";
import { createAdminApi, errors, json } from "../openapi";
import { familyAdminSchema, familyCodeRequestSchema, familyInviteSentSchema } from "../contracts/family";
import { enqueueWith, linkBase } from "../messages-runtime";
import { auditInsertIfChanged } from "../services/audit";
import { inviteFamily } from "../services/family/invite";
import { childrenOf } from "../services/family/read";
import { endSessionsQuery, openSessionsOf } from "../services/family/sessions";

const tags = ["Family accounts"];
const body = { required: true, content: { "application/json": { schema: familyCodeRequestSchema } } } as const;

const read = createRoute(
  guarded("students.write", {
    method: "get",
    path: "/",
    tags,
    summary: "A guardian number's children, open family sessions, last 20 sign-ins and last invitation",
    request: { query: familyCodeRequestSchema },
    responses: { 200: json(familyAdminSchema, "The number's account"), ...errors(400, 401, 403) },
  }),
);

const end = createRoute(
  guarded("students.write", {
    method: "post",
    path: "/sessions/end",
    tags,
    summary: "End every family session of a guardian number (audited)",
    request: { body },
    responses: { 200: json(z.object({ ended: z.number().int() }), "Ended"), ...errors(400, 401, 403) },
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

/** Mounted at `/api/admin/family`. */
export const familyAdminApi = createAdminApi()
  .openapi(read, async (c) => {
    const { phone } = c.req.valid("query");
    const { db, now } = c.var.ctx;
    const [children, sessions, codes] = await Promise.all([
      childrenOf(db, phone),
      openSessionsOf(db, phone, now),
      db
        .select()
        .from(familySignInCodes)
        .where(and(eq(familySignInCodes.phone, phone), eq(familySignInCodes.known, true)))
        .orderBy(desc(familySignInCodes.id))
        .limit(20),
    ]);
    // An invitation's row is about one of the children: read through the students' index, not every message.
    const [invited] = children.length
      ? await db
          .select({ created_at: messages.createdAt, channel: messages.channel, status: messages.status })
          .from(messages)
          .where(
            and(
              inArray(
                messages.studentId,
                children.map((ch) => ch.id),
              ),
              eq(messages.kind, "family_invite"),
              eq(messages.toPhone, phone),
            ),
          )
          .orderBy(desc(messages.id))
          .limit(1)
      : [];
    const signIns = codes.map((r) => ({ created_at: r.createdAt, used: r.consumedAt !== null, attempts: r.attempts }));
    const kids = children.map(({ studentNo, ...ch }) => ({ ...ch, student_no: studentNo }));
    return c.json({ phone, children: kids, sessions, sign_ins: signIns, last_invite: invited ?? null }, 200);
  })
  .openapi(end, async (c) => {
    const { phone } = c.req.valid("json");
    const ctx = c.var.ctx;
    const [rows] = await ctx.db.batch([
      endSessionsQuery(ctx.db, phone, ctx.actor.username, ctx.now),
      auditInsertIfChanged(ctx, { action: "update", entity: "family_sessions", entityId: phone }),
    ]);
    return c.json({ ended: rows.length }, 200);
  })
  .openapi(invite, async (c) => {
    const { phone } = c.req.valid("json");
    const sent = await inviteFamily(c.var.ctx, phone, linkBase(c.env, c.req.url), enqueueWith(c.env));
    return c.json(sent, 200);
  });
