/**
 * Staff accounts (docs/product.md#staff-and-roles): create, change role or name, deactivate, reset a password, see and
 * end open sessions. Administrators only (the route's permission). Every change lands in one batch with its audit row.
 * The last active administrator is protected by a trigger in the write itself (migration 0012): a refused change
 * writes nothing, audit row included. Errors: STAFF_NOT_FOUND (404), STAFF_USERNAME_TAKEN and LAST_ADMINISTRATOR (409).
 */
import { and, asc, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import { adminSessions, admins, staffAssignments } from "../../db/schema";
import type { MeJson, StaffCreateInput, StaffJson, StaffUpdateInput } from "../contracts/staff";
import type { ActingStaff } from "../env";
import { hasAssignedScope, permissionsOf } from "../permissions";
import type { StaffRole } from "../../common/staff-roles";
import type { Db } from "../db";
import { broke } from "../db-constraints";
import { ApiError } from "../errors";
import type { RequestContext } from "../request-context";
import { auditInsert } from "./audit";
import { hashPassword } from "./password";

type Assignment = StaffJson["assignments"][number];

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const TEMP_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";

/** A random temporary password of `length` characters (≈ 5.8 bits each; 16 → 93 bits), unbiased. */
export function temporaryPassword(length = 16): string {
  const out: string[] = [];
  const limit = 256 - (256 % TEMP_ALPHABET.length);
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < limit && out.length < length) out.push(TEMP_ALPHABET[b % TEMP_ALPHABET.length]!);
    }
  }
  return out.join("");
}

// drizzle writes a column inside a select's sql as its bare name, which the subquery would read as its own `id`.
const openSessionCount = (nowIso: string) =>
  sql<number>`(SELECT count(*) FROM admin_sessions s WHERE s.admin_id = admins.id AND s.revoked_at IS NULL
    AND s.expires_at > ${nowIso})`;

/** Every staff account (active first, then by display name), with its assignments and open sessions at `now`. */
export async function listStaff(db: Db, now: Date, onlyId?: number): Promise<StaffJson[]> {
  const where = onlyId === undefined ? undefined : eq(admins.id, onlyId);
  const [rows, assigned] = await db.batch([
    db
      .select({
        id: admins.id,
        username: admins.username,
        displayName: admins.displayName,
        role: admins.role,
        isActive: admins.isActive,
        mustChangePassword: admins.mustChangePassword,
        lastLoginAt: admins.lastLoginAt,
        openSessions: openSessionCount(now.toISOString()),
      })
      .from(admins)
      .where(where)
      .orderBy(sql`${admins.isActive} DESC`, sql`lower(coalesce(${admins.displayName}, ${admins.username}))`),
    db
      .select()
      .from(staffAssignments)
      .where(onlyId === undefined ? undefined : eq(staffAssignments.staffId, onlyId))
      .orderBy(asc(staffAssignments.grade), asc(staffAssignments.subjectName)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    display_name: r.displayName ?? r.username,
    role: r.role,
    is_active: r.isActive,
    must_change_password: r.mustChangePassword,
    last_login_at: r.lastLoginAt,
    open_sessions: Number(r.openSessions),
    assignments: assigned
      .filter((a) => a.staffId === r.id)
      .map((a) => ({ grade: a.grade, subject_name: a.subjectName }) as Assignment),
  }));
}

async function oneStaff(db: Db, id: number, now: Date): Promise<StaffJson> {
  const [staff] = await listStaff(db, now, id);
  if (!staff) throw new ApiError("STAFF_NOT_FOUND");
  return staff;
}

/** Assignments are kept only for a role whose permissions reach its assignments (a teacher's): others keep none. */
const assignmentsFor = (role: StaffRole, list: readonly Assignment[]) => (hasAssignedScope(role) ? list : []);

/**
 * Creates an account whose password is temporary (changed at first sign-in). `pepper` is the Worker's password pepper.
 * Returns the new account.
 */
export async function createStaff(ctx: RequestContext, input: StaffCreateInput, pepper: string): Promise<StaffJson> {
  const { db } = ctx;
  const nowIso = ctx.now.toISOString();
  const passwordHash = await hashPassword(input.password, pepper);
  const assignments = assignmentsFor(input.role, input.assignments);
  const byUsername = sql`(SELECT id FROM ${admins} WHERE username = ${input.username})`;
  try {
    await db.batch([
      db.insert(admins).values({
        username: input.username,
        displayName: input.display_name,
        role: input.role,
        passwordHash,
        mustChangePassword: true,
        passwordChangedAt: nowIso,
        createdAt: nowIso,
        updatedAt: nowIso,
      }),
      insertTeacherAssignments(db, byUsername, assignments),
      auditInsert(ctx, {
        action: "create",
        entity: "staff",
        entityId: byUsername,
        after: { username: input.username, display_name: input.display_name, role: input.role, assignments },
      }),
    ]);
  } catch (err) {
    if (broke(err, "admins.username")) throw new ApiError("STAFF_USERNAME_TAKEN");
    throw err;
  }
  const [row] = await db.select({ id: admins.id }).from(admins).where(eq(admins.username, input.username));
  return oneStaff(db, row!.id, ctx.now);
}

/** What an update changed that the caller must act on: sessions to close (their live-event streams). */
export interface StaffChange {
  staff: StaffJson;
  /** Sessions revoked by a deactivation, or whose streams must be re-checked after a role change. */
  closeSessions: number[];
}

/** The account's row as the audit log's snapshot, read by the database inside the batch. */
const snapshotSql = (id: number) =>
  sql`(SELECT json_object('display_name', display_name, 'role', role, 'is_active', json(CASE is_active WHEN 1 THEN
    'true' ELSE 'false' END)) FROM ${admins} WHERE id = ${id})`;

/** Inserts `list` as the account's assignments only if the account is (now, inside the batch) a teacher. */
const insertTeacherAssignments = (db: Db, id: number | SQL, list: readonly Assignment[]) =>
  db.run(sql`INSERT INTO ${staffAssignments} (staff_id, grade, subject_name)
    SELECT ${id}, j.value ->> 'grade', j.value ->> 'subject_name' FROM json_each(${JSON.stringify(list)}) AS j
    WHERE (SELECT role FROM ${admins} WHERE id = ${id}) = 'teacher'`);

/**
 * Changes the fields sent, in one batch decided by the database: deactivating revokes every open session; an account
 * that is not (or no longer) a teacher keeps no assignments. Returns the account and the sessions whose live-event
 * streams the caller closes (revoked ones, and all open ones after a role change: a stream re-checks its permission
 * when the console reconnects). Throws STAFF_NOT_FOUND, LAST_ADMINISTRATOR (refused by the write: nothing changed).
 */
export async function updateStaff(ctx: RequestContext, id: number, input: StaffUpdateInput): Promise<StaffChange> {
  const { db } = ctx;
  await oneStaff(db, id, ctx.now); // accounts are never deleted: existence cannot change under the batch
  const nowIso = ctx.now.toISOString();
  const open = and(eq(adminSessions.adminId, id), isNull(adminSessions.revokedAt), gt(adminSessions.expiresAt, nowIso));
  const deactivating = input.is_active === false;
  const sessions = deactivating
    ? db.update(adminSessions).set({ revokedAt: nowIso }).where(open).returning({ id: adminSessions.id })
    : db.select({ id: adminSessions.id }).from(adminSessions).where(open);
  try {
    const [, , sessionRows] = await db.batch([
      auditInsert(ctx, {
        action: deactivating ? "deactivate" : "update",
        entity: "staff",
        entityId: id,
        before: snapshotSql(id),
        after: input,
      }),
      db
        .update(admins)
        .set({ displayName: input.display_name, role: input.role, isActive: input.is_active, updatedAt: nowIso })
        .where(eq(admins.id, id)),
      sessions,
      ...(input.assignments
        ? [
            db.delete(staffAssignments).where(eq(staffAssignments.staffId, id)),
            insertTeacherAssignments(db, id, input.assignments),
          ]
        : []),
      db
        .delete(staffAssignments)
        .where(and(eq(staffAssignments.staffId, id), sql`(SELECT role FROM ${admins} WHERE id = ${id}) <> 'teacher'`)),
    ]);
    const closeSessions = deactivating || input.role !== undefined ? sessionRows.map((r) => r.id) : [];
    return { staff: await oneStaff(db, id, ctx.now), closeSessions };
  } catch (err) {
    if (broke(err, "admins_last_administrator")) throw new ApiError("LAST_ADMINISTRATOR");
    throw err;
  }
}

/**
 * Gives the account a new temporary password (returned once, never stored readable) and ends its sessions.
 * Returns the password and the revoked sessions. Throws STAFF_NOT_FOUND.
 */
export async function resetStaffPassword(
  ctx: RequestContext,
  id: number,
  pepper: string,
): Promise<{ temporaryPassword: string; revoked: number[] }> {
  const { db } = ctx;
  const password = temporaryPassword();
  const nowIso = ctx.now.toISOString();
  const [updated, revoked] = await db.batch([
    db
      .update(admins)
      .set({
        passwordHash: await hashPassword(password, pepper),
        mustChangePassword: true,
        passwordChangedAt: nowIso,
        updatedAt: nowIso,
      })
      .where(eq(admins.id, id))
      .returning({ id: admins.id }),
    db
      .update(adminSessions)
      .set({ revokedAt: nowIso })
      .where(and(eq(adminSessions.adminId, id), isNull(adminSessions.revokedAt)))
      .returning({ id: adminSessions.id }),
    auditInsert(ctx, { action: "reset_password", entity: "staff", entityId: id }),
  ]);
  if (updated.length === 0) throw new ApiError("STAFF_NOT_FOUND");
  return { temporaryPassword: password, revoked: revoked.map((r) => r.id) };
}

/** The account's open sessions (neither expired nor ended), newest first. Throws STAFF_NOT_FOUND. */
export async function listStaffSessions(db: Db, id: number, now: Date) {
  await oneStaff(db, id, now);
  const rows = await db
    .select({ id: adminSessions.id, created_at: adminSessions.createdAt, expires_at: adminSessions.expiresAt })
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.adminId, id),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now.toISOString()),
      ),
    )
    .orderBy(sql`${adminSessions.createdAt} DESC`);
  return rows;
}

/**
 * Ends one open session of the account (`sessionId`) or all of them. Returns the ended ids (their streams are closed by
 * the caller). Throws STAFF_NOT_FOUND, STAFF_SESSION_NOT_FOUND (that session is not the account's open one).
 */
export async function endStaffSessions(ctx: RequestContext, id: number, sessionId?: number): Promise<number[]> {
  const { db } = ctx;
  await oneStaff(db, id, ctx.now);
  const nowIso = ctx.now.toISOString();
  const which = sessionId === undefined ? [] : [eq(adminSessions.id, sessionId)];
  const [ended] = await db.batch([
    db
      .update(adminSessions)
      .set({ revokedAt: nowIso })
      .where(and(eq(adminSessions.adminId, id), isNull(adminSessions.revokedAt), ...which))
      .returning({ id: adminSessions.id }),
    auditInsert(ctx, {
      action: "end_sessions",
      entity: "staff",
      entityId: id,
      after: { session_id: sessionId ?? null },
    }),
  ]);
  if (sessionId !== undefined && ended.length === 0) throw new ApiError("STAFF_SESSION_NOT_FOUND");
  return ended.map((r) => r.id);
}

/** The signed-in person for the console (`GET /api/auth/me`, the sign-in answer): role, permissions, assignments. */
export async function meOf(db: Db, actor: ActingStaff): Promise<MeJson> {
  const assignments = hasAssignedScope(actor.role)
    ? await db
        .select({ grade: staffAssignments.grade, subject_name: staffAssignments.subjectName })
        .from(staffAssignments)
        .where(eq(staffAssignments.staffId, actor.id))
        .orderBy(asc(staffAssignments.grade), asc(staffAssignments.subjectName))
    : [];
  return {
    id: actor.id,
    username: actor.username,
    display_name: actor.displayName,
    role: actor.role,
    must_change_password: actor.mustChangePassword,
    permissions: permissionsOf(actor.role),
    assignments: assignments as Assignment[],
  };
}
