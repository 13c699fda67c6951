/**
 * Retry of a message from the console (docs/product.md#guardians-and-messages, "API"): a failed message, or one
 * stuck `queued` over RETRY_LATE_MS past its send time, is queued again to the student's guardian as they are now
 * (the registrar may have corrected the number or the consent since it was planned): the recipient rule of planning
 * (worker/services/messages/plan.ts `recipientsOf`), WhatsApp with consent, else SMS. The text stays as written.
 */
import { and, eq } from "drizzle-orm";
import { messages } from "../../../db/schema";
import { RETRY_LATE_MS } from "../../contracts/messages";
import { ApiError } from "../../errors";
import type { RequestContext } from "../../request-context";
import { auditInsertIfChanged } from "../audit";
import { backoffSeconds, CLAIM_LEASE_MS } from "./deliver";
import { channelOf, type Enqueue, recipientsOf } from "./plan";
import { secondsUntilAwake } from "./settings";
import { isUrgent } from "./texts";

type Row = typeof messages.$inferSelect;

/**
 * When a queued message was due to go (ms since the epoch): its last write (planned, retried, or claimed for the
 * attempt that failed) plus the backoff of its attempts, then, unless its kind is urgent, the end of quiet hours.
 */
export function sendTimeOf(m: Row): number {
  const base = Date.parse(m.updatedAt) + (m.attempts > 0 ? backoffSeconds(m.attempts) * 1000 : 0);
  return isUrgent(m.kind) ? base : base + secondsUntilAwake(new Date(base)) * 1000;
}

/**
 * True when Retry may be offered at `now`: the message failed, or it is still queued without a provider id and
 * without a live claim (not being sent) over RETRY_LATE_MS (15 min) past its send time.
 */
export function isRetryable(m: Row, now: Date): boolean {
  if (m.status === "failed") return true;
  if (m.status !== "queued" || m.providerId) return false;
  if (m.claimedAt && Date.parse(m.claimedAt) > now.getTime() - CLAIM_LEASE_MS) return false;
  return now.getTime() > sendTimeOf(m) + RETRY_LATE_MS;
}

/**
 * Queues message `id` again to the student's current recipient (attempts, error and provider id cleared), with an
 * audit row of the number and channel before and after, and enqueues it. Errors: 404 MESSAGE_NOT_FOUND; 409
 * MESSAGE_NOT_RETRYABLE (not `isRetryable`, or it changed meanwhile); 409 MESSAGE_NO_RECIPIENT (no guardian left who
 * has not opted out).
 */
export async function retryMessage(ctx: RequestContext, id: number, enqueue: Enqueue) {
  const [m] = await ctx.db.select().from(messages).where(eq(messages.id, id));
  if (!m) throw new ApiError("MESSAGE_NOT_FOUND");
  if (!isRetryable(m, ctx.now)) throw new ApiError("MESSAGE_NOT_RETRYABLE");
  const g = (await recipientsOf(ctx.db, [m.studentId])).get(m.studentId);
  if (!g) throw new ApiError("MESSAGE_NO_RECIPIENT");
  const to = { to: g.phone, channel: channelOf(g) };
  const [changed] = await ctx.db.batch([
    ctx.db
      .update(messages)
      .set({
        status: "queued",
        attempts: 0,
        error: null,
        deadAt: null,
        providerId: null,
        claimedAt: null,
        guardianId: g.id,
        toPhone: to.to,
        channel: to.channel,
        updatedAt: ctx.now.toISOString(),
      })
      // Unchanged since it was read: a consumer that claimed or settled it meanwhile wins.
      .where(
        and(
          eq(messages.id, id),
          eq(messages.status, m.status),
          eq(messages.attempts, m.attempts),
          eq(messages.updatedAt, m.updatedAt),
        ),
      )
      .returning({ id: messages.id }),
    auditInsertIfChanged(ctx, {
      action: "retry",
      entity: "message",
      entityId: id,
      before: { to: m.toPhone, channel: m.channel, status: m.status, error: m.error },
      after: to,
    }),
  ]);
  if (!changed.length) throw new ApiError("MESSAGE_NOT_RETRYABLE");
  await enqueue([id]);
}
