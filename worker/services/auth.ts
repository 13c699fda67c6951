/**
 * Admin authentication (contract "Auth"; spec §4 "Admin session", §9 token lifetime 2 h).
 * - login: 401 "Invalid username or password" for unknown user and wrong password alike (same PBKDF2 work);
 *   5 failures within 15 min lock the username for 15 min (429 + Retry-After), counted in one atomic upsert.
 * - sessions: opaque token, SHA-256 stored, expires 2 h after login, revoked on logout/password change.
 */
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { adminSessions, admins, loginThrottle } from "../../db/schema";
import type { Db } from "../db";
import type { ActingAdmin } from "../env";
import { ApiError, legacyError } from "../errors";
import { auditInsert } from "./audit";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password";
import { newToken, sha256Hex } from "./tokens";

export const TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;
const INVALID = "Invalid username or password";

export interface LoginResult {
  token: string;
  expiresAt: string;
  admin: { id: number; username: string };
}

/** Verifies credentials and opens a session. Throws ApiError 401 (bad credentials) or 429 (locked). */
export async function login(db: Db, username: string, password: string, pepper: string, now: Date): Promise<LoginResult> {
  const key = username.trim().toLowerCase();
  const [throttle] = await db.select().from(loginThrottle).where(eq(loginThrottle.username, key));
  if (throttle?.lockedUntil && throttle.lockedUntil > now.toISOString()) {
    const retry = Math.ceil((Date.parse(throttle.lockedUntil) - now.getTime()) / 1000);
    throw legacyError("RATE_LIMITED", "Too many failed login attempts. Please try again later.", {}, retry);
  }
  const [admin] = await db.select().from(admins).where(eq(sql`lower(${admins.username})`, key));
  const ok = await verifyPassword(password, admin?.passwordHash ?? DUMMY_HASH, pepper);
  if (!admin || !ok) {
    await recordFailure(db, key, now);
    throw legacyError("UNAUTHORIZED", INVALID);
  }
  const token = newToken();
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS).toISOString();
  await db.batch([
    db.delete(loginThrottle).where(eq(loginThrottle.username, key)),
    db.insert(adminSessions).values({ adminId: admin.id, tokenHash: await sha256Hex(token), createdAt: now.toISOString(), expiresAt }),
  ]);
  return { token, expiresAt, admin: { id: admin.id, username: admin.username } };
}

async function recordFailure(db: Db, key: string, now: Date) {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - LOCKOUT_MS).toISOString();
  const lockUntil = new Date(now.getTime() + LOCKOUT_MS).toISOString();
  const fresh = sql`${loginThrottle.windowStartedAt} < ${windowStart}`;
  const nextCount = sql`CASE WHEN ${fresh} THEN 1 ELSE ${loginThrottle.failedCount} + 1 END`;
  await db
    .insert(loginThrottle)
    .values({ username: key, failedCount: 1, windowStartedAt: nowIso })
    .onConflictDoUpdate({
      target: loginThrottle.username,
      set: {
        failedCount: nextCount,
        windowStartedAt: sql`CASE WHEN ${fresh} THEN ${nowIso} ELSE ${loginThrottle.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${nextCount} >= ${LOCKOUT_THRESHOLD} THEN ${lockUntil} ELSE NULL END`,
      },
    });
}

/** The admin behind a live (unexpired, unrevoked) token, or null. */
export async function findSession(db: Db, token: string, now: Date): Promise<ActingAdmin | null> {
  const [row] = await db
    .select({ id: admins.id, username: admins.username, sessionId: adminSessions.id })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.tokenHash, await sha256Hex(token)),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now.toISOString()),
      ),
    );
  return row ?? null;
}

/** Revokes the acting session at once. */
export async function logout(db: Db, admin: ActingAdmin, now: Date): Promise<void> {
  await db.update(adminSessions).set({ revokedAt: now.toISOString() }).where(eq(adminSessions.id, admin.sessionId));
}

/**
 * Changes the acting admin's password and revokes every other session of that admin, in one batch with the
 * audit row. Throws 400 "Current password is incorrect" when `oldPassword` does not verify.
 */
export async function updatePassword(
  db: Db,
  admin: ActingAdmin,
  oldPassword: string,
  newPassword: string,
  pepper: string,
  now: Date,
  requestId?: string,
): Promise<void> {
  const [row] = await db.select().from(admins).where(eq(admins.id, admin.id));
  if (!row || !(await verifyPassword(oldPassword, row.passwordHash, pepper))) {
    throw legacyError("VALIDATION_FAILED", "Current password is incorrect");
  }
  const nowIso = now.toISOString();
  await db.batch([
    db.update(admins).set({ passwordHash: await hashPassword(newPassword, pepper), passwordChangedAt: nowIso, updatedAt: nowIso }).where(eq(admins.id, admin.id)),
    db
      .update(adminSessions)
      .set({ revokedAt: nowIso })
      .where(and(eq(adminSessions.adminId, admin.id), ne(adminSessions.id, admin.sessionId), isNull(adminSessions.revokedAt))),
    auditInsert(db, admin, { action: "update_password", entity: "admin", entityId: admin.id }, requestId),
  ]);
}

/** Creates an admin if none exists (used by `npm start` / deploy bootstrap). Returns true when created. */
export async function ensureFirstAdmin(db: Db, username: string, password: string, pepper: string): Promise<boolean> {
  const [existing] = await db.select({ id: admins.id }).from(admins).limit(1);
  if (existing) return false;
  await db.insert(admins).values({ username: username.trim(), passwordHash: await hashPassword(password, pepper) });
  return true;
}
