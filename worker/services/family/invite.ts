/**
 * The office's invitation to the family account (docs/product.md#family-accounts, "The office"): a `family_invite`
 * message with a link to `/family`, through the message queue, to the number's guardian who has not opted out, in
 * their language, by WhatsApp with consent, else by SMS (and by SMS again if WhatsApp cannot deliver it). At most one
 * per number per Cairo day: the message's key holds the number and the day, so two clicks or two offices write one
 * row (the key is UNIQUE in the write), and the audit row is written only with it.
 */
import { sql } from "drizzle-orm";
import { ApiError } from "../../errors";
import type { RequestContext } from "../../request-context";
import { auditInsertIfChanged } from "../audit";
import type { Enqueue } from "../messages/plan";
import { cairoClock } from "../messages/settings";
import { renderMessage } from "../messages/texts";
import { guardiansOfPhone } from "./codes";

/** What the office is told: the channel the invitation goes by, the guardian's language and the message's id. */
export interface InviteSent {
  channel: "whatsapp" | "sms";
  language: "ar" | "en";
  message_id: number;
}

/**
 * Queues an invitation to `phone` (E.164) linking `${base}/family`. Errors: 404 FAMILY_GUARDIAN_NOT_FOUND (no
 * student has a guardian with this number); 409 FAMILY_INVITE_OPTED_OUT (every guardian row of the number replied
 * STOP); 409 FAMILY_INVITE_ALREADY_SENT (this number was invited today, Cairo).
 */
export async function inviteFamily(ctx: RequestContext, phone: string, base: string, enqueue: Enqueue) {
  const guardians = await guardiansOfPhone(ctx.db, phone);
  if (!guardians.length) throw new ApiError("FAMILY_GUARDIAN_NOT_FOUND");
  const to = guardians.find((g) => !g.optedOutAt);
  if (!to) throw new ApiError("FAMILY_INVITE_OPTED_OUT");
  const channel = to.whatsappConsent ? "whatsapp" : "sms";
  const text = renderMessage("family_invite", to.language, { studentName: "", link: `${base}/family` });
  const day = cairoClock(ctx.now).day;
  // The first child's id (the guardian rows are in student order) keeps the key's kind:student:ref:day shape.
  const key = `family_invite:${guardians[0]!.studentId}:${phone}:${day}`;
  const [rows] = await ctx.db.batch([
    ctx.db.all<{ id: number }>(sql`INSERT INTO messages (msg_key, kind, student_id, guardian_id, channel, to_phone,
      language, template, params, body, day) VALUES (${key}, 'family_invite', ${to.studentId}, ${to.id}, ${channel},
      ${phone}, ${to.language}, ${text.template}, ${JSON.stringify(text.params)}, ${text.body}, ${day})
      ON CONFLICT (msg_key) DO NOTHING RETURNING id`),
    auditInsertIfChanged(ctx, {
      action: "invite",
      entity: "family_account",
      entityId: phone,
      after: { to: phone, channel, language: to.language },
    }),
  ]);
  const id = rows[0]?.id;
  if (id === undefined) throw new ApiError("FAMILY_INVITE_ALREADY_SENT");
  await enqueue([id]);
  return { channel, language: to.language, message_id: id } satisfies InviteSent;
}
