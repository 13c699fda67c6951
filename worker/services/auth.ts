/**
 * Admin authentication (docs/product.md#admin-sign-in; token lifetime 2 h).
 * - login: 401 INVALID_CREDENTIALS for unknown user and wrong password alike (same PBKDF2 work); every attempt is
 *   counted before the password is checked and may be refused with 429 LOGIN_LOCKED + Retry-After (./login-lock.ts).
 * - sessions: opaque token, SHA-256 stored, expires 2 h after login, revoked on logout/password change.
 */
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { type Admin, adminSessions, admins } from "../../db/schema";
import type { Db } from "../db";
import { Lane } from "../db-bound";
import type { ActingStaff } from "../env";
import { ApiError } from "../errors";
import type { RequestContext } from "../request-context";
import { auditInsert } from "./audit";
import {
  admitLoginAttempt,
  admitPasswordChange,
  clearAfterSuccess,
  clearPasswordChange,
  clientHash,
  lockKey,
} from "./login-lock";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password";
import { sha256Hex } from "../lib/tokens";
import { newToken } from "../../common/new-token";

export const TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

/**
 * Sign-ins this isolate works on at once, and how many may wait (docs/product.md#admin-sign-in). Each costs a
 * database write (the attempt is counted) and ~40 ms of CPU (PBKDF2): a storm of failed sign-ins from many addresses,
 * each under its address limit, would otherwise fill the single write lane and the CPU ahead of the fees desk's
 * payments. Past the queue a sign-in is refused at once with 503 + Retry-After and costs nothing; an office's own
 * sign-ins (a few at a time) never meet the bound. Measured with the storm benchmark (bench/README.md, "Storm").
 */
export const SIGN_IN_LANE = new Lane("sign-in", {
  limit: 4,
  queue: 28,
  waitMs: 3_000,
  stuckMs: Infinity,
  leaseMs: 15_000,
});

export interface LoginResult {
  token: string;
  expiresAt: string;
  /** The person signed in, as the session lookup would read it with the new token. */
  actor: ActingStaff;
}

/**
 * Verifies credentials and opens a session. `client` is the caller's client key (worker/lib/client-address.ts).
 * Throws ApiError INVALID_CREDENTIALS (401) or LOGIN_LOCKED (429, `Retry-After` in seconds).
 */
export async function login(
  db: Db,
  username: string,
  password: string,
  pepper: string,
  now: Date,
  client = "unknown",
): Promise<LoginResult> {
  return SIGN_IN_LANE.run(() => signIn(db, username, password, pepper, now, client));
}

async function signIn(
  db: Db,
  username: string,
  password: string,
  pepper: string,
  now: Date,
  client: string,
): Promise<LoginResult> {
  const key = lockKey(username);
  const clientId = await clientHash(pepper, client);
  await admitLoginAttempt(db, key, clientId, now);
  const [admin] = await db
    .select()
    .from(admins)
    .where(eq(sql`lower(${admins.username})`, key));
  const ok = await verifyPassword(password, admin?.passwordHash ?? DUMMY_HASH, pepper);
  // A deactivated account is answered like a wrong password: the door tells nobody which accounts exist.
  if (!admin || !ok || !admin.isActive) throw new ApiError("INVALID_CREDENTIALS");
  const token = newToken();
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS).toISOString();
  const nowIso = now.toISOString();
  const [, [session]] = await db.batch([
    clearAfterSuccess(db, key, clientId, now),
    db
      .insert(adminSessions)
      .values({ adminId: admin.id, tokenHash: await sha256Hex(token), createdAt: nowIso, expiresAt })
      .returning({ id: adminSessions.id }),
    db.update(admins).set({ lastLoginAt: nowIso }).where(eq(admins.id, admin.id)),
  ]);
  return { token, expiresAt, actor: actingOf(admin, session!.id) };
}

/** The acting person of an account row and a session. */
const actingOf = (
  a: Pick<Admin, "id" | "username" | "displayName" | "role" | "mustChangePassword">,
  sessionId: number,
) =>
  ({
    id: a.id,
    username: a.username,
    displayName: a.displayName ?? a.username,
    role: a.role,
    mustChangePassword: a.mustChangePassword,
    sessionId,
  }) satisfies ActingStaff;

/**
 * The staff member behind a live (unexpired, unrevoked) token of an active account, or null. The role is read here
 * on every request, so a role change or a deactivation takes effect on the next one (docs/product.md#staff-and-roles).
 */
export async function findSession(db: Db, token: string, now: Date): Promise<ActingStaff | null> {
  const [row] = await db
    .select({
      id: admins.id,
      username: admins.username,
      displayName: admins.displayName,
      role: admins.role,
      mustChangePassword: admins.mustChangePassword,
      sessionId: adminSessions.id,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.tokenHash, await sha256Hex(token)),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now.toISOString()),
        eq(admins.isActive, true),
      ),
    );
  return row ? actingOf(row, row.sessionId) : null;
}

/** Why a known token no longer signs anyone in, for the sign-in page to say (docs/product.md#admin-sign-in). */
export type SessionEnd = "deactivated" | "password_reset" | "ended";

/**
 * Why `findSession` found nobody behind `token`: the account was deactivated, its password was reset by an
 * administrator (sessions revoked and a temporary password waiting), or the session was ended otherwise (signed out
 * elsewhere, a password change, ended from the Staff page). Null for an unknown or merely expired token.
 */
export async function sessionEndOf(db: Db, token: string): Promise<SessionEnd | null> {
  const [row] = await db
    .select({
      active: admins.isActive,
      mustChangePassword: admins.mustChangePassword,
      revokedAt: adminSessions.revokedAt,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(eq(adminSessions.tokenHash, await sha256Hex(token)));
  if (!row) return null;
  if (!row.active) return "deactivated";
  if (row.revokedAt === null) return null;
  return row.mustChangePassword ? "password_reset" : "ended";
}

/**
 * Revokes the acting session at once. Sessions and password-change attempts are dated by the Worker's clock, as
 * sign-in and `findSession` date them, never by the request's test clock (`ctx.now`).
 */
export async function logout(ctx: RequestContext): Promise<void> {
  const revokedAt = new Date().toISOString();
  await ctx.db.update(adminSessions).set({ revokedAt }).where(eq(adminSessions.id, ctx.actor.sessionId));
}

/**
 * Changes the acting staff member's password and revokes every other session of theirs, in one batch with the
 * audit row. Throws PASSWORD_INCORRECT (400) when `oldPassword` does not verify, PASSWORD_CHANGE_LOCKED (429) after
 * 5 wrong ones on this session within 15 minutes (counted before the check; sign-in is not affected). Returns the ids
 * of the sessions it revoked (their live-event streams are closed by the caller).
 */
export async function updatePassword(
  ctx: RequestContext,
  oldPassword: string,
  newPassword: string,
  pepper: string,
): Promise<number[]> {
  const { db, actor } = ctx;
  // The Worker's clock, as in `logout`.
  const now = new Date();
  await admitPasswordChange(db, actor.username, actor.sessionId, now);
  const [row] = await db.select().from(admins).where(eq(admins.id, actor.id));
  if (!row || !(await verifyPassword(oldPassword, row.passwordHash, pepper))) {
    throw new ApiError("PASSWORD_INCORRECT");
  }
  const nowIso = now.toISOString();
  const [, revoked] = await db.batch([
    db
      .update(admins)
      .set({
        passwordHash: await hashPassword(newPassword, pepper),
        passwordChangedAt: nowIso,
        mustChangePassword: false,
        updatedAt: nowIso,
      })
      .where(eq(admins.id, actor.id)),
    db
      .update(adminSessions)
      .set({ revokedAt: nowIso })
      .where(
        and(
          eq(adminSessions.adminId, actor.id),
          ne(adminSessions.id, actor.sessionId),
          isNull(adminSessions.revokedAt),
        ),
      )
      .returning({ id: adminSessions.id }),
    auditInsert(ctx, { action: "update_password", entity: "admin", entityId: actor.id }),
    clearPasswordChange(db, actor.username, actor.sessionId),
  ]);
  return revoked.map((r) => r.id);
}

/**
 * Creates the first account, an Administrator, if none exists (used by `npm start` / deploy bootstrap; its password
 * is the operator's own, not temporary). Returns true when created.
 */
export async function ensureFirstAdmin(db: Db, username: string, password: string, pepper: string): Promise<boolean> {
  const [existing] = await db.select({ id: admins.id }).from(admins).limit(1);
  if (existing) return false;
  await db.insert(admins).values({
    username: username.trim(),
    role: "administrator",
    passwordHash: await hashPassword(password, pepper),
  });
  return true;
}
