/**
 * Family sessions (docs/product.md#family-accounts, docs/decisions/0043-family-sign-in.md): a random token in an
 * HttpOnly cookie, 30 days; only its HMAC with the pepper is stored, with the number it signs in. Listed and ended by
 * the guardian (one, or every device) and by the office. No staff route reads this cookie, and this module never
 * reads a staff token: the two kinds of session live in different tables under different hashes.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { guardianSessions } from "../../../db/schema";
import type { Db } from "../../db";
import { groupWrite } from "../../group-commit";
import { ApiError } from "../../errors";
import { hmacHex } from "../../lib/tokens";
import { newToken } from "../../../common/new-token";

export const SESSION_TTL_MS = 30 * 24 * 3_600_000;
/** `last_seen_at` is written at most this often per session (a page load reads several routes). */
const SEEN_EVERY_MS = 10 * 60_000;

/** Hex HMAC of a session token with the pepper: what `guardian_sessions.token_hash` holds. */
export const sessionHash = (pepper: string, token: string) => hmacHex(pepper, `family-session\n${token}`);

/**
 * Uses code `codeId` of `phone` and opens a session in one batch: the session row is written only when this
 * request's UPDATE used the code (a replayed or raced code opens nothing). Answers the token and its expiry; throws
 * 401 FAMILY_CODE_INVALID when another request used the code first.
 */
export async function openSession(
  db: Db,
  pepper: string,
  phone: string,
  codeId: number,
  now: Date,
  device: string | null,
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const hash = await sessionHash(pepper, token);
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS).toISOString();
  // Group-committed (worker/group-commit.ts): the two statements stay together, in order, so `changes()` is the UPDATE's.
  const [, opened] = (await groupWrite(db, [
    db.run(sql`UPDATE family_sign_in_codes SET consumed_at = ${at} WHERE id = ${codeId} AND consumed_at IS NULL`),
    db.all<{ id: number }>(sql`INSERT INTO guardian_sessions (phone, token_hash, device, created_at, expires_at,
      last_seen_at) SELECT ${phone}, ${hash}, ${device?.slice(0, 200) ?? null}, ${at}, ${expiresAt}, ${at}
      WHERE EXISTS (SELECT 1 FROM family_sign_in_codes WHERE id = ${codeId} AND consumed_at = ${at})
      AND changes() = 1 RETURNING id`),
  ])) as [unknown, { id: number }[]];
  if (!opened[0]) throw new ApiError("FAMILY_CODE_INVALID");
  return { token, expiresAt };
}

/** The signed-in family of a request: its number and session id. */
export interface FamilySession {
  id: number;
  phone: string;
}

/** The open session whose token is `token` at `now`, or null (unknown, expired or ended). Marks it seen. */
export async function findFamilySession(db: Db, pepper: string, token: string, now: Date) {
  const at = now.toISOString();
  const [row] = await db
    .select()
    .from(guardianSessions)
    .where(
      and(
        eq(guardianSessions.tokenHash, await sessionHash(pepper, token)),
        isNull(guardianSessions.revokedAt),
        gt(guardianSessions.expiresAt, at),
      ),
    );
  if (!row) return null;
  if (!row.lastSeenAt || Date.parse(row.lastSeenAt) < now.getTime() - SEEN_EVERY_MS)
    await db.update(guardianSessions).set({ lastSeenAt: at }).where(eq(guardianSessions.id, row.id));
  return { id: row.id, phone: row.phone } satisfies FamilySession;
}

/** The open sessions of `phone`, newest first (what the family's page and the office list). */
export function openSessionsOf(db: Db, phone: string, now: Date) {
  return db
    .select({
      id: guardianSessions.id,
      device: guardianSessions.device,
      created_at: guardianSessions.createdAt,
      last_seen_at: guardianSessions.lastSeenAt,
      expires_at: guardianSessions.expiresAt,
    })
    .from(guardianSessions)
    .where(
      and(
        eq(guardianSessions.phone, phone),
        isNull(guardianSessions.revokedAt),
        gt(guardianSessions.expiresAt, now.toISOString()),
      ),
    )
    .orderBy(desc(guardianSessions.createdAt), desc(guardianSessions.id));
}

/**
 * Ends the open sessions of `phone` (`only`: that one session; 404 FAMILY_SESSION_NOT_FOUND when it is not an open
 * session of this number), recorded as ended by `by` ("guardian" or a staff username). Answers how many ended.
 */
export async function endSessions(db: Db, phone: string, by: string, now: Date, only?: number): Promise<number> {
  const rows = await endSessionsQuery(db, phone, by, now, only);
  if (only !== undefined && rows.length === 0) throw new ApiError("FAMILY_SESSION_NOT_FOUND");
  return rows.length;
}

/** The UPDATE that ends `phone`'s open sessions (or session `only`), returning their ids: for a batch. */
export function endSessionsQuery(db: Db, phone: string, by: string, now: Date, only?: number) {
  const at = now.toISOString();
  return db
    .update(guardianSessions)
    .set({ revokedAt: at, revokedBy: by })
    .where(
      and(
        eq(guardianSessions.phone, phone),
        isNull(guardianSessions.revokedAt),
        only === undefined ? undefined : eq(guardianSessions.id, only),
      ),
    )
    .returning({ id: guardianSessions.id });
}
