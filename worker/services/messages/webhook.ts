/**
 * The WhatsApp status webhook (docs/product.md#guardians-and-messages). `X-Hub-Signature-256: sha256=<hex>` must be
 * the HMAC-SHA256 of the raw body with the app secret, compared in constant time; otherwise nothing is read. Statuses
 * move a message forward only (sent → delivered → read; failed with the provider's reason); an inbound reply that is a
 * stop word (a text, a quick-reply button or an interactive reply: worker/services/messages/opt-out.ts) opts every
 * guardian with that number out. A sign-in code or an invitation reported failed goes again by SMS, once
 * (worker/services/messages/sms-fallback.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { messages, studentGuardians } from "../../../db/schema";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db";
import { groupWrite } from "../../group-commit";
import { hmacHex, verifyHmacHex } from "../../lib/tokens";
import { whatsappFailure } from "./failure";
import { isStopReply, replyTexts } from "./opt-out";
import { type SmsFallback, sendFailedBySms } from "./sms-fallback";

/** Hex HMAC-SHA256 of `body` with `secret` (Meta's `X-Hub-Signature-256` without its `sha256=`). */
export const hubSignature = (secret: string, body: string): Promise<string> => hmacHex(secret, body);

/** True when `header` is `sha256=` + the body's HMAC, checked in constant time (worker/lib/tokens.ts). */
export async function verifyHubSignature(secret: string | undefined, body: string, header: string | null) {
  if (!header?.startsWith("sha256=")) return false;
  return verifyHmacHex(secret, body, header.slice(7));
}

/** Statuses that move a row forward, by rank; a Map, so a status named like an object property finds nothing. */
const RANK = new Map([
  ["delivered", 2],
  ["read", 3],
]);
/**
 * One entry of `value.statuses`. Meta documents sent, delivered, read, failed (and deleted); any other value, or one
 * without an id, is skipped and the batch goes on.
 */
const statusSchema = z.object({
  id: z.string().min(1),
  status: z.enum(["sent", "delivered", "read", "failed"]),
  errors: z.unknown().optional(),
});
/** An inbound message: only one from a number can opt out (what it carries is read by `replyTexts`). */
const inboundSchema = z.object({ from: z.string().regex(/\d/) });

/** `o[key]` when `o` has it as its own property, else undefined: the payload is read leniently, level by level. */
const own = (o: unknown, key: string): unknown =>
  o !== null && typeof o === "object" && Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined;
const listAt = (o: unknown, key: string): unknown[] => {
  const v = own(o, key);
  return Array.isArray(v) ? v : [];
};

/**
 * Applies a verified webhook body (any JSON; what does not fit is skipped, entry by entry); answers how many statuses
 * and opt-outs it applied and the ids of failed messages sent again by SMS (only with `fallback`). Its writes (each
 * guarded in its own WHERE) are one group-committed transaction (worker/group-commit.ts): a code's delivered and read
 * reports are shared turns, not two write transactions of their own.
 */
export async function applyWebhook(db: Db, payload: unknown, now: Date, fallback?: SmsFallback) {
  const writes: { kind: "status" | "failed" | "optOut"; item: BatchItem<"sqlite"> }[] = [];
  for (const entry of listAt(payload, "entry")) {
    for (const change of listAt(entry, "changes")) {
      const value = own(change, "value");
      for (const item of listAt(value, "statuses")) {
        const s = statusSchema.safeParse(item);
        const w = s.success ? statusWrite(db, s.data.id, s.data.status, s.data.errors, now) : null;
        if (w) writes.push(w);
      }
      for (const item of listAt(value, "messages")) {
        const m = inboundSchema.safeParse(item);
        if (!m.success || !replyTexts(item).some(isStopReply)) continue;
        writes.push({ kind: "optOut", item: optOut(db, `+${m.data.from.replace(/\D/g, "")}`, now) });
      }
    }
  }
  const results = writes.length
    ? ((await groupWrite(
        db,
        writes.map((w) => w.item),
      )) as unknown[][])
    : [];
  let statuses = 0;
  let optOuts = 0;
  const failed: Failed[] = [];
  writes.forEach((w, i) => {
    const rows = results[i]!;
    if (w.kind === "optOut") optOuts += rows.length;
    else statuses += rows.length;
    if (w.kind === "failed") failed.push(...(rows as Failed[]));
  });
  const resent = fallback && failed.length ? await sendFailedBySms(db, failed, now, fallback) : [];
  return { statuses, optOuts, resent };
}

type Failed = Parameters<typeof sendFailedBySms>[1][number];

/** The guarded UPDATE one status makes (null: `sent`, or a status that moves nothing). */
function statusWrite(
  db: Db,
  providerId: string,
  status: z.infer<typeof statusSchema>["status"],
  errors: unknown,
  now: Date,
): { kind: "status" | "failed"; item: BatchItem<"sqlite"> } | null {
  const at = now.toISOString();
  if (status === "failed") {
    const first = Array.isArray(errors) ? errors[0] : undefined;
    const reason = whatsappFailure(first?.code, first?.title ?? first?.message, first?.error_data?.details);
    const item = db
      .update(messages)
      .set({ status: "failed", error: reason, updatedAt: at })
      .where(and(eq(messages.providerId, providerId), sql`${messages.status} IN ('queued','sent')`))
      .returning({
        id: messages.id,
        kind: messages.kind,
        channel: messages.channel,
        toPhone: messages.toPhone,
        language: messages.language,
      });
    return { kind: "failed", item };
  }
  // A row gets its provider id in the same write that makes it `sent`, so `sent` never moves one forward: no write.
  const rank = RANK.get(status);
  if (rank === undefined) return null;
  const item = db
    .update(messages)
    .set({ status: status as "delivered" | "read", updatedAt: at })
    .where(
      and(
        eq(messages.providerId, providerId),
        sql`(CASE ${messages.status} WHEN 'queued' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 9 END) < ${rank}`,
      ),
    )
    .returning({ id: messages.id });
  return { kind: "status", item };
}

function optOut(db: Db, phone: string, now: Date) {
  return db
    .update(studentGuardians)
    .set({ optedOutAt: now.toISOString(), whatsappConsent: false })
    .where(and(eq(studentGuardians.phone, phone), sql`${studentGuardians.optedOutAt} IS NULL`))
    .returning({ id: studentGuardians.id });
}
