/**
 * Sign-in codes of family accounts (docs/product.md#family-accounts, docs/decisions/0043-family-sign-in.md). A code
 * is 6 random digits, valid 5 minutes and 5 tries, at most 3 per number in any hour; only its HMAC with the Worker's
 * pepper is stored and a guess is compared in constant time. A number that is no guardian's gets a row too (so the
 * hourly cap and the answer are the same) but nothing is sent to it. The code goes through the message queue as a
 * `sign_in_code` message (urgent: at any hour), by WhatsApp with the guardian's consent, else by SMS.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { familySignInCodes, studentGuardians } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import { equalBytes, hmacHex } from "../../lib/tokens";
import type { Enqueue } from "../messages/plan";
import { cairoClock } from "../messages/settings";
import { renderMessage } from "../messages/texts";

export const CODE_TTL_MS = 5 * 60_000;
export const CODE_TRIES = 5;
export const CODES_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

/** 6 uniformly random digits ("000000"-"999999"), by rejection sampling over 32-bit values. */
export function newCode(): string {
  const bound = 4_294_000_000; // the largest multiple of 10^6 below 2^32
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0]! >= bound);
  return String(buf[0]! % 1_000_000).padStart(6, "0");
}

/** Hex HMAC of a code for `phone` (E.164) with the pepper: what the table stores and a guess is compared with. */
export const codeHash = (pepper: string, phone: string, code: string) =>
  hmacHex(pepper, `family-code\n${phone}\n${code}`);

/** The guardian rows of `phone`, children in id order: who a code goes to and in which language. */
export function guardiansOfPhone(db: Db, phone: string) {
  return db
    .select()
    .from(studentGuardians)
    .where(eq(studentGuardians.phone, phone))
    .orderBy(asc(studentGuardians.studentId), asc(studentGuardians.position));
}

export interface CodeRequest {
  pepper: string;
  enqueue: Enqueue;
  now: Date;
  /** The caller's keyed client hash (stored for the office's list of sign-ins). */
  clientHash: string;
}

/**
 * Records a new code for `phone` (E.164) and, when the number is a guardian's, queues it to them; answers when it
 * expires (ISO UTC), the same for any number. The hourly cap is counted inside the insert. Throws 429
 * FAMILY_CODES_LIMIT (Retry-After: until the oldest of the hour's codes is an hour old).
 */
export async function requestCode(db: Db, phone: string, r: CodeRequest): Promise<{ expiresAt: string }> {
  const guardians = await guardiansOfPhone(db, phone);
  const code = newCode();
  const hash = await codeHash(r.pepper, phone, code);
  const at = r.now.toISOString();
  const expiresAt = new Date(r.now.getTime() + CODE_TTL_MS).toISOString();
  const hourAgo = new Date(r.now.getTime() - HOUR_MS).toISOString();
  const to = guardians.find((g) => !g.optedOutAt) ?? guardians[0];
  const codeRow = db.all<{ id: number }>(sql`INSERT INTO family_sign_in_codes (phone, code_hash, known, client_hash,
      created_at, expires_at) SELECT ${phone}, ${hash}, ${to ? 1 : 0}, ${r.clientHash}, ${at}, ${expiresAt}
      WHERE (SELECT count(*) FROM family_sign_in_codes WHERE phone = ${phone} AND created_at > ${hourAgo})
        < ${CODES_PER_HOUR} RETURNING id`);
  const inserted = sql`EXISTS (SELECT 1 FROM family_sign_in_codes WHERE phone = ${phone} AND code_hash = ${hash}
    AND created_at = ${at})`;
  let messageId: number | undefined;
  if (to) {
    // WhatsApp only with consent and no STOP; a code the guardian asked for themself still goes, by SMS.
    const channel = to.whatsappConsent && !to.optedOutAt ? "whatsapp" : "sms";
    const text = renderMessage("sign_in_code", to.language, { studentName: "", code });
    const nonce = crypto.randomUUID();
    const [, rows] = await db.batch([
      codeRow,
      db.all<{ id: number }>(sql`INSERT INTO messages (msg_key, kind, student_id, guardian_id, channel, to_phone,
        language, template, params, body, day) SELECT ${`sign_in_code:${to.studentId}:${nonce}:${cairoClock(r.now).day}`},
        'sign_in_code', ${to.studentId}, ${to.id}, ${channel}, ${phone}, ${to.language}, ${text.template},
        ${JSON.stringify(text.params)}, ${text.body}, ${cairoClock(r.now).day} WHERE ${inserted}
        ON CONFLICT (msg_key) DO NOTHING RETURNING id`),
    ]);
    messageId = rows[0]?.id;
    if (messageId === undefined) throw await limitError(db, phone, r.now);
    await r.enqueue([messageId]);
  } else {
    const [rows] = await db.batch([codeRow]);
    if (!rows[0]) throw await limitError(db, phone, r.now);
  }
  return { expiresAt };
}

async function limitError(db: Db, phone: string, now: Date) {
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  const [oldest] = await db
    .select({ at: familySignInCodes.createdAt })
    .from(familySignInCodes)
    .where(and(eq(familySignInCodes.phone, phone), sql`${familySignInCodes.createdAt} > ${hourAgo}`))
    .orderBy(asc(familySignInCodes.createdAt))
    .limit(1);
  const wait = oldest ? Math.ceil((Date.parse(oldest.at) + HOUR_MS - now.getTime()) / 1000) : 60;
  return new ApiError("FAMILY_CODES_LIMIT", { retryAfter: Math.max(1, wait) });
}

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

/**
 * Checks `code` against the newest code of `phone`: a try is counted first (inside the UPDATE's guard: not expired,
 * not used, under 5 tries), then the HMACs are compared in constant time; a match is used at once (only one request
 * can use it). Answers the code row's id when it matched. Throws 401 FAMILY_CODE_INVALID (wrong, expired, used, an
 * unknown number) or 429 FAMILY_CODE_LOCKED (the fifth wrong try has been made).
 */
export async function checkCode(db: Db, pepper: string, phone: string, code: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const [latest] = await db
    .select()
    .from(familySignInCodes)
    .where(eq(familySignInCodes.phone, phone))
    .orderBy(desc(familySignInCodes.createdAt), desc(familySignInCodes.id))
    .limit(1);
  if (!latest || latest.consumedAt || latest.expiresAt <= at) throw new ApiError("FAMILY_CODE_INVALID");
  const [tried] = await db
    .update(familySignInCodes)
    .set({ attempts: sql`${familySignInCodes.attempts} + 1` })
    .where(
      and(
        eq(familySignInCodes.id, latest.id),
        sql`${familySignInCodes.attempts} < ${CODE_TRIES}`,
        sql`${familySignInCodes.consumedAt} IS NULL`,
        sql`${familySignInCodes.expiresAt} > ${at}`,
      ),
    )
    .returning({ attempts: familySignInCodes.attempts });
  if (!tried) throw new ApiError("FAMILY_CODE_LOCKED", { retryAfter: 60 });
  const given = hexBytes(await codeHash(pepper, phone, code));
  if (!latest.known || !equalBytes(given, hexBytes(latest.codeHash))) {
    if (tried.attempts >= CODE_TRIES) throw new ApiError("FAMILY_CODE_LOCKED", { retryAfter: 60 });
    throw new ApiError("FAMILY_CODE_INVALID");
  }
  return latest.id;
}
