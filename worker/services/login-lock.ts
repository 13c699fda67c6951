/**
 * The sign-in lock (docs/decisions/0018-login-lock-per-address.md; docs/product.md#admin-sign-in). Every attempt is
 * counted BEFORE its password is checked, in the same transaction that decides whether it may go on, so parallel
 * guesses cannot slip past the limit:
 * - per (username, client): 5 attempts per 15-minute window; the 6th and later are refused (429);
 * - per username, from clients that are not trusted: 50 attempts per window (the ceiling against many addresses);
 * - a client that signed in as this user within 30 days is trusted: the ceiling does not apply to it, so attackers
 *   elsewhere cannot lock the real admin out of their usual place.
 * A success resets only its own (username, client) counter. Unknown usernames are counted exactly like known ones.
 * Clients are keyed hashes (HMAC with the pepper), never addresses. Times are ISO 8601 UTC; durations in ms.
 */
import { and, eq, sql } from "drizzle-orm";
import { loginThrottle } from "../../db/schema";
import type { Db } from "../db";
import { ApiError } from "../errors";
import { hmacHex } from "../lib/tokens";

export const LOCKOUT_THRESHOLD = 5;
export const USERNAME_CEILING = 50;
export const LOCKOUT_MS = 15 * 60 * 1000;
export const TRUSTED_CLIENT_MS = 30 * 24 * 60 * 60 * 1000;
/** Wrong current passwords allowed per session and window on a password change. */
export const PASSWORD_CHANGE_THRESHOLD = 5;
const ALL_CLIENTS = "*";
/** Rows of expired windows removed per attempt, so the table stays bounded whatever names are tried. */
const PURGE_PER_ATTEMPT = 20;

/** The stored form of a client key (worker/lib/client-address.ts): a keyed hash, 128 bits of hex. */
export async function clientHash(pepper: string, client: string): Promise<string> {
  return (await hmacHex(pepper, `login-client\n${client}`)).slice(0, 32);
}

/** The username as counted: trimmed, lower-case (the lock holds for every spelling of one name). */
export const lockKey = (username: string) => username.trim().toLowerCase();

interface Counted {
  failedCount: number;
  windowStartedAt: string;
  trustedUntil: string | null;
}

/** Statement: +1 on the (username, client) counter, restarting a window older than LOCKOUT_MS; returns the row. */
function countOne(db: Db, username: string, client: string, now: Date) {
  const nowIso = now.toISOString();
  const stale = sql`${loginThrottle.windowStartedAt} < ${new Date(now.getTime() - LOCKOUT_MS).toISOString()}`;
  return db
    .insert(loginThrottle)
    .values({ username, client, failedCount: 1, windowStartedAt: nowIso })
    .onConflictDoUpdate({
      target: [loginThrottle.username, loginThrottle.client],
      set: {
        failedCount: sql`CASE WHEN ${stale} THEN 1 ELSE ${loginThrottle.failedCount} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${stale} THEN ${nowIso} ELSE ${loginThrottle.windowStartedAt} END`,
      },
    })
    .returning({
      failedCount: loginThrottle.failedCount,
      windowStartedAt: loginThrottle.windowStartedAt,
      trustedUntil: loginThrottle.trustedUntil,
    });
}

/**
 * Statement: +1 on the username's ceiling, only for an attempt its own client counter let through (a locked client
 * must not push the ceiling up for everybody) and only when that client is not trusted. Same window rule.
 */
function countCeiling(db: Db, username: string, client: string, now: Date) {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - LOCKOUT_MS).toISOString();
  return db.run(sql`INSERT INTO login_attempts (username, client, failed_count, window_started_at)
    SELECT ${username}, ${ALL_CLIENTS}, 1, ${nowIso}
    WHERE (SELECT failed_count FROM login_attempts WHERE username = ${username} AND client = ${client}) <= ${LOCKOUT_THRESHOLD}
      AND NOT EXISTS (SELECT 1 FROM login_attempts WHERE username = ${username} AND client = ${client} AND trusted_until > ${nowIso})
    ON CONFLICT (username, client) DO UPDATE SET
      failed_count = CASE WHEN window_started_at < ${windowStart} THEN 1 ELSE failed_count + 1 END,
      window_started_at = CASE WHEN window_started_at < ${windowStart} THEN ${nowIso} ELSE window_started_at END
    RETURNING failed_count, window_started_at`);
}

/** Statement: drops a few rows whose window and trust have both run out. */
function purge(db: Db, now: Date) {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - LOCKOUT_MS).toISOString();
  return db.run(sql`DELETE FROM login_attempts WHERE rowid IN (SELECT rowid FROM login_attempts
    WHERE window_started_at < ${windowStart} AND (trusted_until IS NULL OR trusted_until < ${nowIso}) LIMIT ${PURGE_PER_ATTEMPT})`);
}

const secondsLeft = (windowStartedAt: string, now: Date) =>
  Math.max(1, Math.ceil((Date.parse(windowStartedAt) + LOCKOUT_MS - now.getTime()) / 1000));

/**
 * Counts a sign-in attempt of `username` from `client` (a `clientHash`) and lets it go on, or throws LOGIN_LOCKED
 * (429) with `Retry-After` (seconds to the end of the window that locks it). One batch: one transaction.
 */
export async function admitLoginAttempt(db: Db, username: string, client: string, now: Date): Promise<void> {
  const [[pair], ceilingRows] = await db.batch([
    countOne(db, username, client, now),
    countCeiling(db, username, client, now),
    purge(db, now),
  ]);
  const own = pair as Counted;
  if (own.failedCount > LOCKOUT_THRESHOLD)
    throw new ApiError("LOGIN_LOCKED", { retryAfter: secondsLeft(own.windowStartedAt, now) });
  const trusted = !!own.trustedUntil && own.trustedUntil > now.toISOString();
  const ceiling = ceilingRows.rows[0] as unknown as { failed_count: number; window_started_at: string } | undefined;
  if (!trusted && ceiling && Number(ceiling.failed_count) > USERNAME_CEILING) {
    throw new ApiError("LOGIN_LOCKED", { retryAfter: secondsLeft(String(ceiling.window_started_at), now) });
  }
}

/** Statement for a successful sign-in: resets this (username, client) counter and trusts the client for 30 days. */
export function clearAfterSuccess(db: Db, username: string, client: string, now: Date) {
  return db
    .update(loginThrottle)
    .set({ failedCount: 0, trustedUntil: new Date(now.getTime() + TRUSTED_CLIENT_MS).toISOString() })
    .where(and(eq(loginThrottle.username, username), eq(loginThrottle.client, client)));
}

/**
 * Counts a password-change attempt on session `sessionId` before its current password is checked; throws
 * PASSWORD_CHANGE_LOCKED (429, `Retry-After` in seconds) after PASSWORD_CHANGE_THRESHOLD in a window. Separate from
 * the sign-in counters, so it never locks anyone out of signing in.
 */
export async function admitPasswordChange(db: Db, username: string, sessionId: number, now: Date): Promise<void> {
  const [row] = await countOne(db, lockKey(username), `session:${sessionId}`, now);
  if (row && row.failedCount > PASSWORD_CHANGE_THRESHOLD) {
    throw new ApiError("PASSWORD_CHANGE_LOCKED", { retryAfter: secondsLeft(row.windowStartedAt, now) });
  }
}

/** Statement for a successful password change: resets the session's counter. */
export function clearPasswordChange(db: Db, username: string, sessionId: number) {
  return db
    .delete(loginThrottle)
    .where(and(eq(loginThrottle.username, lockKey(username)), eq(loginThrottle.client, `session:${sessionId}`)));
}
