/**
 * The WhatsApp status webhook (docs/product.md#guardians-and-messages). `X-Hub-Signature-256: sha256=<hex>` must be
 * the HMAC-SHA256 of the raw body with the app secret, compared in constant time; otherwise nothing is read. Statuses
 * move a message forward only (sent → delivered → read; failed with the provider's reason); an inbound text STOP /
 * إلغاء opts every guardian with that number out.
 */
import { and, eq, sql } from "drizzle-orm";
import { messages, studentGuardians } from "../../../db/schema";
import type { Db } from "../../db";
import { normalizeDigits } from "../../lib/normalize";
import { hmacHex, verifyHmacHex } from "../../lib/tokens";

/** Hex HMAC-SHA256 of `body` with `secret` (Meta's `X-Hub-Signature-256` without its `sha256=`). */
export const hubSignature = (secret: string, body: string): Promise<string> => hmacHex(secret, body);

/** True when `header` is `sha256=` + the body's HMAC, checked in constant time (worker/lib/tokens.ts). */
export async function verifyHubSignature(secret: string | undefined, body: string, header: string | null) {
  if (!header?.startsWith("sha256=")) return false;
  return verifyHmacHex(secret, body, header.slice(7));
}

const RANK = { queued: 0, sent: 1, delivered: 2, read: 3 } as const;
const STOP_WORDS = new Set(["stop", "إلغاء", "الغاء", "الغاء الاشتراك", "unsubscribe"]);

/** Applies a verified webhook body; answers how many statuses and opt-outs it applied. */
export async function applyWebhook(db: Db, payload: any, now: Date) {
  let statuses = 0;
  let optOuts = 0;
  for (const entry of Array.isArray(payload?.entry) ? payload.entry : []) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const value = change?.value ?? {};
      for (const s of Array.isArray(value.statuses) ? value.statuses : []) {
        if (typeof s?.id !== "string") continue;
        statuses += await applyStatus(db, s.id, String(s.status), s.errors, now);
      }
      for (const m of Array.isArray(value.messages) ? value.messages : []) {
        const text = normalizeDigits(String(m?.text?.body ?? ""))
          .trim()
          .toLowerCase();
        if (typeof m?.from === "string" && STOP_WORDS.has(text))
          optOuts += await optOut(db, `+${m.from.replace(/\D/g, "")}`, now);
      }
    }
  }
  return { statuses, optOuts };
}

async function applyStatus(db: Db, providerId: string, status: string, errors: unknown, now: Date) {
  const at = now.toISOString();
  if (status === "failed") {
    const first = Array.isArray(errors) ? errors[0] : undefined;
    const reason = String(first?.error_data?.details ?? first?.title ?? first?.message ?? "failed").slice(0, 300);
    const rows = await db
      .update(messages)
      .set({ status: "failed", error: reason, updatedAt: at })
      .where(and(eq(messages.providerId, providerId), sql`${messages.status} IN ('queued','sent')`))
      .returning({ id: messages.id });
    return rows.length;
  }
  // A row gets its provider id in the same write that makes it `sent`, so `sent` never moves one forward: no write.
  if (!(status in RANK) || status === "queued" || status === "sent") return 0;
  const rank = RANK[status as keyof typeof RANK];
  const rows = await db
    .update(messages)
    .set({ status: status as "sent" | "delivered" | "read", updatedAt: at })
    .where(
      and(
        eq(messages.providerId, providerId),
        sql`(CASE ${messages.status} WHEN 'queued' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 9 END) < ${rank}`,
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

async function optOut(db: Db, phone: string, now: Date) {
  const rows = await db
    .update(studentGuardians)
    .set({ optedOutAt: now.toISOString(), whatsappConsent: false })
    .where(and(eq(studentGuardians.phone, phone), sql`${studentGuardians.optedOutAt} IS NULL`))
    .returning({ id: studentGuardians.id });
  return rows.length;
}
