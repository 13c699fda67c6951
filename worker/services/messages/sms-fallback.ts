/**
 * Sending by SMS, once, a message WhatsApp accepted and a status webhook later reported failed
 * (docs/product.md#family-accounts): only kinds that fall back (worker/services/messages/texts.ts `fallsBackToSms`:
 * a sign-in code, the office's invitation); reminders and receipts stay failed for the console's Retry. The row moves
 * from `failed` on WhatsApp to `queued` on SMS in one guarded UPDATE, so a webhook delivered twice moves it once, and
 * an SMS that fails in turn stays failed.
 *
 * A sign-in code's text was blanked when WhatsApp took it and only its HMAC is kept, so the SMS carries a new code
 * that replaces the lost one on the same code row (same expiry, same tries): only while that code is the number's
 * newest, unused, not expired and not locked, all checked inside the write.
 */
import { sql } from "drizzle-orm";
import type { messages } from "../../../db/schema";
import type { Db } from "../../db";
import { CODE_TRIES, codeHash, newCode } from "../family/codes";
import type { Enqueue } from "./plan";
import { fallsBackToSms, renderMessage } from "./texts";

/** What sending again needs: the Worker's pepper (a code's HMAC) and the delivery queue. */
export interface SmsFallback {
  pepper: string;
  enqueue: Enqueue;
}

type Failed = Pick<typeof messages.$inferSelect, "id" | "kind" | "channel" | "toPhone" | "language">;

/** Moves `failed` rows (just marked failed by a webhook) that fall back to SMS and enqueues them; answers their ids. */
export async function sendFailedBySms(db: Db, failed: Failed[], now: Date, deps: SmsFallback): Promise<number[]> {
  const out: number[] = [];
  for (const m of failed) {
    if (m.channel !== "whatsapp" || !fallsBackToSms(m.kind)) continue;
    const moved = m.kind === "sign_in_code" ? await newCodeBySms(db, m, now, deps.pepper) : await bySms(db, m, now);
    if (moved) out.push(m.id);
  }
  if (out.length) await deps.enqueue(out);
  return out;
}

/** The guarded move of row `m` to SMS (`set`: more columns, e.g. a new text); `guard`: a further condition. */
const moveToSms = (db: Db, m: Failed, now: Date, set = sql``, guard = sql`1`) =>
  db.all<{ id: number }>(sql`UPDATE messages SET channel = 'sms', status = 'queued', provider_id = NULL,
    attempts = 0, claimed_at = NULL, dead_at = NULL, updated_at = ${now.toISOString()} ${set}
    WHERE id = ${m.id} AND status = 'failed' AND channel = 'whatsapp' AND ${guard} RETURNING id`);

async function bySms(db: Db, m: Failed, now: Date) {
  return (await moveToSms(db, m, now)).length > 0;
}

async function newCodeBySms(db: Db, m: Failed, now: Date, pepper: string) {
  const code = newCode();
  const hash = await codeHash(pepper, m.toPhone, code);
  const text = renderMessage("sign_in_code", m.language, { studentName: "", code });
  const at = now.toISOString();
  const [, rows] = await db.batch([
    // The number's newest code, still usable, whose message is this one (no newer code message to the number).
    db.run(sql`UPDATE family_sign_in_codes SET code_hash = ${hash}
      WHERE id = (SELECT id FROM family_sign_in_codes WHERE phone = ${m.toPhone} ORDER BY created_at DESC, id DESC
        LIMIT 1)
      AND known = 1 AND consumed_at IS NULL AND expires_at > ${at} AND attempts < ${CODE_TRIES}
      AND EXISTS (SELECT 1 FROM messages WHERE id = ${m.id} AND status = 'failed' AND channel = 'whatsapp')
      AND NOT EXISTS (SELECT 1 FROM messages WHERE kind = 'sign_in_code' AND id > ${m.id} AND to_phone = ${m.toPhone}
        AND student_id IN (SELECT student_id FROM student_guardians WHERE phone = ${m.toPhone}))`),
    moveToSms(
      db,
      m,
      now,
      sql`, body = ${text.body}, params = ${JSON.stringify(text.params)}`,
      sql`EXISTS (SELECT 1 FROM family_sign_in_codes WHERE phone = ${m.toPhone} AND code_hash = ${hash})`,
    ),
  ]);
  return rows.length > 0;
}
