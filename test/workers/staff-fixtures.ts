/**
 * Staff accounts and their tokens made straight in the database for API tests: no sign-in, so no password hashing and
 * no sign-in limiter. The sign-in itself is tested in auth.test.ts and staff.test.ts.
 */
import { adminSessions, admins, staffAssignments } from "../../db/schema";
import type { StaffRole } from "../../common/staff-roles";
import { sha256Hex } from "../../worker/lib/tokens";
import { newToken } from "../../common/new-token";
import { testDb } from "./fixtures";
import { uid } from "./helpers";

export interface TestStaff {
  id: number;
  username: string;
  token: string;
  sessionId: number;
}

/** A new account of `role` (active, password already chosen unless `mustChange`) with a live 2-hour session. */
export async function staffWithToken(
  role: StaffRole,
  opts: { assignments?: Array<{ grade: string; subject: string }>; mustChange?: boolean } = {},
): Promise<TestStaff> {
  const db = testDb();
  const username = uid(role.slice(0, 4));
  const [row] = await db
    .insert(admins)
    .values({
      username,
      displayName: `Test ${role}`,
      role,
      passwordHash: "unusable",
      mustChangePassword: opts.mustChange ?? false,
    })
    .returning({ id: admins.id });
  const id = row!.id;
  if (opts.assignments?.length) {
    await db
      .insert(staffAssignments)
      .values(opts.assignments.map((a) => ({ staffId: id, grade: a.grade, subjectName: a.subject })));
  }
  const token = newToken();
  const [session] = await db
    .insert(adminSessions)
    .values({
      adminId: id,
      tokenHash: await sha256Hex(token),
      expiresAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
    })
    .returning({ id: adminSessions.id });
  return { id, username, token, sessionId: session!.id };
}
