/**
 * Sign-in codes of family accounts (docs/product.md#family-accounts, docs/decisions/0043-family-sign-in.md). A code
 * is 6 random digits, valid 5 minutes and 5 tries, at most 3 per number in any hour; only its HMAC with the Worker's
 * pepper is stored and a guess is compared in constant time. A number that is no guardian's gets a row too (so the
 * hourly cap and the answer are the same) but nothing is sent to it. The code is a `sign_in_code` message (urgent: at
 * any hour), by WhatsApp with the guardian's consent, else by SMS, sent from its request with the message queue as
 * the safety net (worker/messages-runtime.ts `sendCodeNow`; docs/decisions/0047-sign-in-codes-by-group-commit.md).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { familySignInCodes, studentGuardians } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import { equalBytes, hmacHex } from "../../lib/tokens";
import { groupWrite } from "../../group-commit";
import type { Sendable } from "../messages/deliver";
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
  now: Date;
  /** The caller's keyed client hash (stored for the office's list of sign-ins). */
  clientHash: string;
}

/**
 * The message row of a code, written claimed by its request (`claimed_at` = the request's instant, `attempts` 0):
 * what worker/services/messages/deliver.ts `sendClaimed` needs to send it without reading or claiming it again.
 */
export type CodeMessage = Sendable;

/**
 * Records a new code for `phone` (E.164) and, when the number is a guardian's, its message; answers when it expires
 * (ISO UTC), the same for any number, and the message to send (null for a number the school does not know). One
 * group-committed transaction (worker/group-commit.ts) decides everything inside its two statements: the hourly cap
 * (counted inside the code's INSERT), whether the number is known, and the recipient (the number's first guardian
 * row, children in id order, that has not replied STOP, else its first), channel and language (read inside the
 * message's INSERT). Throws 429 FAMILY_CODES_LIMIT (Retry-After: until the oldest of the hour's codes is an hour old).
 */
export async function requestCode(
  db: Db,
  phone: string,
  r: CodeRequest,
): Promise<{ expiresAt: string; message: CodeMessage | null }> {
  const code = newCode();
  const hash = await codeHash(r.pepper, phone, code);
  const at = r.now.toISOString();
  const expiresAt = new Date(r.now.getTime() + CODE_TTL_MS).toISOString();
  const hourAgo = new Date(r.now.getTime() - HOUR_MS).toISOString();
  const day = cairoClock(r.now).day;
  const [ar, en] = (["ar", "en"] as const).map((l) => renderMessage("sign_in_code", l, { studentName: "", code }));
  const byLanguage = (a: string, e: string) => sql`CASE g.language WHEN 'en' THEN ${e} ELSE ${a} END`;
  const [codeRows, messageRows] = (await groupWrite(db, [
    db.all<{ id: number }>(sql`INSERT INTO family_sign_in_codes (phone, code_hash, known, client_hash, created_at,
      expires_at) SELECT ${phone}, ${hash}, EXISTS (SELECT 1 FROM student_guardians WHERE phone = ${phone}),
      ${r.clientHash}, ${at}, ${expiresAt}
      WHERE (SELECT count(*) FROM family_sign_in_codes WHERE phone = ${phone} AND created_at > ${hourAgo})
        < ${CODES_PER_HOUR} RETURNING id`),
    // WhatsApp only with consent and no STOP; a code the guardian asked for themself still goes, by SMS.
    db.all<CodeMessage>(sql`INSERT INTO messages (msg_key, kind, student_id, guardian_id, channel, to_phone, language,
      template, params, body, day, claimed_at)
      SELECT ${`sign_in_code:`} || g.student_id || ${`:${crypto.randomUUID()}:${day}`}, 'sign_in_code', g.student_id,
        g.id, CASE WHEN g.whatsapp_consent = 1 AND g.opted_out_at IS NULL THEN 'whatsapp' ELSE 'sms' END, ${phone},
        g.language, ${ar!.template}, ${byLanguage(JSON.stringify(ar!.params), JSON.stringify(en!.params))},
        ${byLanguage(ar!.body, en!.body)}, ${day}, ${at}
      FROM student_guardians g
      WHERE g.phone = ${phone} AND EXISTS (SELECT 1 FROM family_sign_in_codes WHERE phone = ${phone}
        AND code_hash = ${hash} AND created_at = ${at})
      ORDER BY g.opted_out_at IS NOT NULL, g.student_id, g.position LIMIT 1
      ON CONFLICT (msg_key) DO NOTHING
      RETURNING id, kind, channel, to_phone AS toPhone, language, template, params, body, attempts`),
  ])) as [{ id: number }[], CodeMessage[]];
  if (!codeRows[0]) throw await limitError(db, phone, r.now);
  return { expiresAt, message: messageRows[0] ?? null };
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
  const [tried] = (
    (await groupWrite(db, [
      db
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
        // The hash as this write saw it (an SMS fallback may have replaced the code since the read above).
        .returning({
          attempts: familySignInCodes.attempts,
          codeHash: familySignInCodes.codeHash,
          known: familySignInCodes.known,
        }),
    ])) as [{ attempts: number; codeHash: string; known: boolean }[]]
  )[0];
  if (!tried) throw new ApiError("FAMILY_CODE_LOCKED", { retryAfter: 60 });
  const given = hexBytes(await codeHash(pepper, phone, code));
  if (!tried.known || !equalBytes(given, hexBytes(tried.codeHash))) {
    if (tried.attempts >= CODE_TRIES) throw new ApiError("FAMILY_CODE_LOCKED", { retryAfter: 60 });
    throw new ApiError("FAMILY_CODE_INVALID");
  }
  return latest.id;
}
