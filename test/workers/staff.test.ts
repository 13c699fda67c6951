/**
 * Staff accounts (docs/product.md#staff-and-roles): temporary passwords, roles at work, deactivation that ends
 * sessions and streams at once, password resets, sessions, the last administrator, and the audit trail by person.
 */
import { exports } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { broke } from "../../worker/db-constraints";
import { testDb } from "./fixtures";
import { api, expectError, loginAdmin, uid } from "./helpers";
import { staffWithToken } from "./staff-fixtures";

let admin: string;
beforeAll(async () => {
  admin = await loginAdmin();
});

const PASSWORD = "first-pass-12345";

async function createStaff(role: string, extra: Record<string, unknown> = {}) {
  const username = uid("st");
  const res = await api("/api/admin/staff", {
    method: "POST",
    token: admin,
    body: { username, display_name: `محمد ${username}`, role, password: PASSWORD, ...extra },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.staff as { id: number; username: string; must_change_password: boolean; role: string };
}

const signIn = (username: string, password: string) =>
  api("/api/auth/login", { method: "POST", body: { username, password } });

/** Opens the fees event stream and returns its reader once the first frame arrived. */
async function openStream(token: string) {
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(
    new Request("http://school.test/api/fees/events", { headers: { Authorization: `Bearer ${token}` } }),
  );
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  await reader.read();
  return reader;
}

async function endsWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    const next = await Promise.race([reader.read(), new Promise<"t">((r) => setTimeout(() => r("t"), left))]);
    if (next === "t") return false;
    if (next.done) return true;
  }
}

describe("a new account", () => {
  it("signs in with a temporary password, must change it first, then works within its role", async () => {
    const staff = await createStaff("accountant");
    expect(staff.must_change_password).toBe(true);
    const login = await signIn(staff.username, PASSWORD);
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ must_change_password: true, staff: { role: "accountant" } });
    const token = login.json.token as string;
    expect(expectError(await api("/api/fees", { token }), 403, "FORBIDDEN").reason).toBe("PASSWORD_CHANGE_REQUIRED");
    const changed = await api("/api/auth/update-password", {
      method: "PUT",
      token,
      body: { oldPassword: PASSWORD, newPassword: "chosen-pass-67890", confirmPassword: "chosen-pass-67890" },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect((await api("/api/fees", { token })).status).toBe(200);
    const me = await api("/api/auth/me", { token });
    expect(me.json.staff).toMatchObject({ must_change_password: false, role: "accountant" });
    expect(me.json.staff.permissions).toContain("fees.write");
    expect(me.json.staff.permissions).not.toContain("results.read");
    expect(expectError(await api("/api/admin/results", { token }), 403, "FORBIDDEN").reason).toBe("FORBIDDEN_FOR_ROLE");
  });

  it("keeps a new teacher's classes, and none for another role", async () => {
    const classes = [{ grade: "Prep-3", subject_name: "Mathematics" }];
    const teacher = await createStaff("teacher", { assignments: classes });
    expect((teacher as unknown as { assignments: unknown }).assignments).toEqual(classes);
    const viewer = await createStaff("viewer", { assignments: classes });
    expect((viewer as unknown as { assignments: unknown }).assignments).toEqual([]);
  });

  it("refuses a short password, an unknown role and a taken username (any case)", async () => {
    const short = await api("/api/admin/staff", {
      method: "POST",
      token: admin,
      body: { username: uid("s"), display_name: "x", role: "viewer", password: "short-pass" },
    });
    expect(expectError(short, 400, "VALIDATION_FAILED").issues[0].reason).toBe("PASSWORD_TOO_SHORT");
    const role = await api("/api/admin/staff", {
      method: "POST",
      token: admin,
      body: { username: uid("s"), display_name: "x", role: "janitor", password: PASSWORD },
    });
    expect(expectError(role, 400, "VALIDATION_FAILED").issues[0].reason).toBe("STAFF_ROLE_INVALID");
    const first = await createStaff("viewer");
    const again = await api("/api/admin/staff", {
      method: "POST",
      token: admin,
      body: { username: first.username.toUpperCase(), display_name: "x", role: "viewer", password: PASSWORD },
    });
    expect(expectError(again, 409, "CONFLICT").reason).toBe("STAFF_USERNAME_TAKEN");
  });
});

describe("ending access", () => {
  it("deactivation ends the person's tokens and live streams at once, and sign-in is refused", async () => {
    const staff = await createStaff("viewer");
    const person = await staffWithToken("accountant");
    const stream = await openStream(person.token);
    const off = await api(`/api/admin/staff/${person.id}`, { method: "PUT", token: admin, body: { is_active: false } });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect(off.json.staff).toMatchObject({ is_active: false, open_sessions: 0 });
    expect(await endsWithin(stream, 3000)).toBe(true);
    const refused = await api("/api/fees", { token: person.token });
    expectError(refused, 401, "UNAUTHORIZED");
    // The sign-in page tells the person why they were signed out.
    expect(refused.json.params).toEqual({ ended: "deactivated" });
    await api(`/api/admin/staff/${staff.id}`, { method: "PUT", token: admin, body: { is_active: false } });
    expectError(await signIn(staff.username, PASSWORD), 401, "UNAUTHORIZED");
  });

  it("a password reset gives a temporary password once and ends the person's sessions", async () => {
    const staff = await createStaff("registrar");
    const first = (await signIn(staff.username, PASSWORD)).json.token as string;
    const reset = await api(`/api/admin/staff/${staff.id}/reset-password`, { method: "POST", token: admin });
    expect(reset.status).toBe(200);
    expect(reset.json.temporary_password).toMatch(/^[A-Za-z2-9]{16}$/);
    const refused = await api("/api/auth/me", { token: first });
    expectError(refused, 401, "UNAUTHORIZED");
    expect(refused.json.params).toEqual({ ended: "password_reset" });
    const again = await signIn(staff.username, reset.json.temporary_password);
    expect(again.json.must_change_password).toBe(true);
  });

  it("lists a person's open sessions and ends one of them", async () => {
    const person = await staffWithToken("viewer");
    const other = await staffWithToken("viewer");
    const list = await api(`/api/admin/staff/${person.id}/sessions`, { token: admin });
    expect(list.json.sessions.map((s: { id: number }) => s.id)).toEqual([person.sessionId]);
    const notHers = await api(`/api/admin/staff/${person.id}/sessions/${other.sessionId}`, {
      method: "DELETE",
      token: admin,
    });
    expect(expectError(notHers, 404, "NOT_FOUND").reason).toBe("STAFF_SESSION_NOT_FOUND");
    const end = await api(`/api/admin/staff/${person.id}/sessions/${person.sessionId}`, {
      method: "DELETE",
      token: admin,
    });
    expect(end.json).toEqual({ ended: 1 });
    expectError(await api("/api/students", { token: person.token }), 401, "UNAUTHORIZED");
    expect((await api("/api/students?limit=15", { token: other.token })).status).toBe(200);
  });

  it("a role change takes effect on the next request", async () => {
    const person = await staffWithToken("viewer");
    expect((await api("/api/admin/news", { token: person.token })).status).toBe(200);
    await api(`/api/admin/staff/${person.id}`, { method: "PUT", token: admin, body: { role: "accountant" } });
    expectError(await api("/api/admin/news", { token: person.token }), 403, "FORBIDDEN");
  });
});

describe("the last active administrator", () => {
  it("cannot be demoted or deactivated: the write itself refuses, whatever number of administrators exists", async () => {
    const db = testDb();
    const before = await db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM admins WHERE role = 'administrator' AND is_active = 1`,
    );
    // Demoting every active administrator in one statement reaches the last one: the trigger refuses it all.
    const all = await db
      .run(sql`UPDATE admins SET role = 'viewer' WHERE role = 'administrator' AND is_active = 1`)
      .catch((e: unknown) => e);
    expect(broke(all, "admins_last_administrator"), String(all)).toBe(true);
    const after = await db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM admins WHERE role = 'administrator' AND is_active = 1`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe("the audit trail by person", () => {
  it("records the acting person on a staff change and filters by them", async () => {
    const actor = await staffWithToken("administrator");
    const target = await staffWithToken("viewer");
    await api(`/api/admin/staff/${target.id}`, {
      method: "PUT",
      token: actor.token,
      body: { display_name: "موظف جديد" },
    });
    const log = await api(`/api/admin/audit?admin=${actor.username}`, { token: admin });
    expect(log.status).toBe(200);
    expect(log.json.data.length).toBe(1);
    expect(log.json.data[0]).toMatchObject({ admin: actor.username, entity: "staff", entity_id: String(target.id) });
    expect(JSON.stringify(log.json.data[0].before)).not.toMatch(/hash|password/i);
  });
});
