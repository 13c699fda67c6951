/**
 * Admin sign-in (docs/product.md#admin-sign-in): login, logout, update-password, token lifetime, lockout, one error
 * shape with a reason per refusal, and the generated API document of the routes.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { admins, auditLog, loginThrottle } from "../../db/schema";
import { getDb } from "../../worker/db";
import { PBKDF2_ITERATIONS, hashPassword } from "../../worker/services/password";
import { api, expectError, loginAdmin, uid } from "./helpers";

const db = () => getDb(env as never);

async function createAdmin(password = "secret-pass-1") {
  const username = uid("adm");
  await db()
    .insert(admins)
    .values({ username, passwordHash: await hashPassword(password, (env as any).PASSWORD_PEPPER) });
  return { username, password };
}

const login = (username: string, password: string) =>
  api("/api/auth/login", { method: "POST", body: { username, password } });

afterEach(() => vi.useRealTimers());

describe("POST /api/auth/login", () => {
  it("returns a token, its expiry 2 h ahead, and a message", async () => {
    const before = Date.now();
    const res = await login("admin", (env as any).TEST_ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.json.message).toBeTypeOf("string");
    const after = Date.now();
    // 2 h after the moment the server signed in, which lies between `before` and `after` (however long that took).
    const expires = Date.parse(res.json.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 7_200_000 - 1_000);
    expect(expires).toBeLessThanOrEqual(after + 7_200_000 + 1_000);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("gives the same 401 text for an unknown user and a wrong password", async () => {
    const { username } = await createAdmin();
    const wrong = expectError(await login(username, "nope-nope"), 401, "UNAUTHORIZED");
    const unknown = expectError(await login(uid("ghost"), "nope-nope"), 401, "UNAUTHORIZED");
    expect(wrong.message).toBe("Invalid username or password");
    expect(unknown.message).toBe(wrong.message);
    expect([wrong.reason, unknown.reason]).toEqual(["INVALID_CREDENTIALS", "INVALID_CREDENTIALS"]);
  });

  it("validates the body (400) and rejects malformed JSON (400)", async () => {
    const missing = expectError(
      await api("/api/auth/login", { method: "POST", body: { username: "" } }),
      400,
      "VALIDATION_FAILED",
    );
    expect(missing.message).toBe("Username is required");
    expect(missing).toMatchObject({ reason: "REQUIRED", params: { field: "username" } });
    expect(missing.issues).toEqual([
      { path: "username", reason: "REQUIRED", params: { field: "username" }, message: "Username is required" },
      { path: "password", reason: "PASSWORD_REQUIRED", message: "Password is required" },
    ]);
    const long = expectError(
      await api("/api/auth/login", { method: "POST", body: { username: "a".repeat(101), password: "x" } }),
      400,
      "VALIDATION_FAILED",
    );
    expect(long).toMatchObject({
      reason: "TOO_LONG",
      params: { field: "username", max: 100 },
      message: "Username must be at most 100 characters",
    });
    expectError(
      await api("/api/auth/login", {
        method: "POST",
        body: "{not json",
        headers: { "Content-Type": "application/json" },
      }),
      400,
      "VALIDATION_FAILED",
    );
  });

  it("locks a username for 15 minutes after 5 failures, even with the right password", async () => {
    const { username, password } = await createAdmin();
    for (let i = 0; i < 5; i++) expectError(await login(username, `wrong-${i}`), 401, "UNAUTHORIZED");
    const locked = await login(username, password);
    expect(expectError(locked, 429, "RATE_LIMITED")).toMatchObject({
      reason: "LOGIN_LOCKED",
      message: "Too many failed login attempts. Please try again later.",
    });
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(800);
    vi.useFakeTimers({ now: Date.now() + 15 * 60 * 1000 + 1000, toFake: ["Date"] });
    expect((await login(username, password)).status).toBe(200);
  });
});

describe("sessions", () => {
  it("refuses a missing, malformed or unknown token with 401", async () => {
    expect(expectError(await api("/api/students/active/count"), 401, "UNAUTHORIZED").reason).toBe("AUTH_REQUIRED");
    expect(
      expectError(
        await api("/api/students/active/count", { headers: { Authorization: "Basic abc" } }),
        401,
        "UNAUTHORIZED",
      ).reason,
    ).toBe("AUTH_REQUIRED");
    const unknown = expectError(
      await api("/api/students/active/count", { token: "x".repeat(43) }),
      401,
      "UNAUTHORIZED",
    );
    expect(unknown).toMatchObject({
      reason: "SESSION_EXPIRED",
      message: "Session expired or invalid. Please login again.",
    });
  });

  it("refuses a token 2 h + 1 s after login", async () => {
    const token = await loginAdmin();
    expect((await api("/api/students/active/count", { token })).status).toBe(200);
    vi.useFakeTimers({ now: Date.now() + 2 * 60 * 60 * 1000 + 1000, toFake: ["Date"] });
    expect(expectError(await api("/api/students/active/count", { token }), 401, "UNAUTHORIZED").reason).toBe(
      "SESSION_EXPIRED",
    );
  });

  it("refuses a token after logout", async () => {
    const token = await loginAdmin();
    const out = await api("/api/auth/logout", { method: "POST", token });
    expect(out.status).toBe(200);
    expect(out.json.message).toBe("Logged out successfully");
    expect(expectError(await api("/api/students/active/count", { token }), 401, "UNAUTHORIZED").reason).toBe(
      "SESSION_EXPIRED",
    );
  });
});

describe("PUT /api/auth/update-password", () => {
  const cases: Array<[Record<string, string>, string, string]> = [
    [
      { oldPassword: "", newPassword: "abcdefghijkl", confirmPassword: "abcdefghijkl" },
      "All fields are required",
      "PASSWORD_FIELDS_REQUIRED",
    ],
    [
      { oldPassword: "x", newPassword: "abcdefghijkl", confirmPassword: "abcdefghijkm" },
      "New password and confirm password do not match",
      "PASSWORD_MISMATCH",
    ],
    [
      { oldPassword: "x", newPassword: "abc", confirmPassword: "abc" },
      "New password must be at least 12 characters long",
      "PASSWORD_TOO_SHORT",
    ],
    [
      { oldPassword: "abcdefghijkl", newPassword: "abcdefghijkl", confirmPassword: "abcdefghijkl" },
      "New password must be different from current password",
      "PASSWORD_SAME_AS_OLD",
    ],
  ];
  it.each(cases)("400 with the documented text for %j", async (body, text, reason) => {
    const token = await loginAdmin();
    const res = expectError(
      await api("/api/auth/update-password", { method: "PUT", token, body }),
      400,
      "VALIDATION_FAILED",
    );
    expect(res.message).toBe(text);
    expect(res.reason).toBe(reason);
  });

  it("names the minimum length in the params of PASSWORD_TOO_SHORT", async () => {
    const token = await loginAdmin();
    const res = await api("/api/auth/update-password", {
      method: "PUT",
      token,
      body: { oldPassword: "x", newPassword: "abc", confirmPassword: "abc" },
    });
    expect(res.json.params).toEqual({ min: 12 });
  });

  it("changes the password, keeps this session, revokes the others, and audits without secrets", async () => {
    const { username, password } = await createAdmin("first-pass-1");
    const other = (await login(username, password)).json.token;
    const mine = (await login(username, password)).json.token;
    const wrongOld = await api("/api/auth/update-password", {
      method: "PUT",
      token: mine,
      body: { oldPassword: "bad-old", newPassword: "second-pass-2", confirmPassword: "second-pass-2" },
    });
    expect(expectError(wrongOld, 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "PASSWORD_INCORRECT",
      message: "Current password is incorrect",
    });
    const ok = await api("/api/auth/update-password", {
      method: "PUT",
      token: mine,
      body: { oldPassword: password, newPassword: "second-pass-2", confirmPassword: "second-pass-2" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe("Password updated successfully!");
    expectError(await api("/api/students/active/count", { token: other }), 401, "UNAUTHORIZED");
    expect((await api("/api/students/active/count", { token: mine })).status).toBe(200);
    expectError(await login(username, password), 401, "UNAUTHORIZED");
    expect((await login(username, "second-pass-2")).status).toBe(200);
    const [admin] = await db().select().from(admins).where(eq(admins.username, username));
    const rows = await db().select().from(auditLog).where(eq(auditLog.adminId, admin!.id));
    expect(rows.map((r) => r.action)).toContain("update_password");
    expect(JSON.stringify(rows)).not.toMatch(/pbkdf2|second-pass|first-pass/);
  });

  it("needs a token (401), checked before the body", async () => {
    expect(
      expectError(await api("/api/auth/update-password", { method: "PUT", body: {} }), 401, "UNAUTHORIZED").reason,
    ).toBe("AUTH_REQUIRED");
    expect(expectError(await api("/api/auth/logout", { method: "POST" }), 401, "UNAUTHORIZED").reason).toBe(
      "AUTH_REQUIRED",
    );
  });
});

describe("API document", () => {
  it("documents the auth routes from their schemas", async () => {
    const doc = (await api("/api/openapi.json")).json;
    const login = doc.paths["/api/auth/login"].post;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.requestBody.content["application/json"].schema.properties)).toEqual([
      "username",
      "password",
    ]);
    expect(Object.keys(login.responses["200"].content["application/json"].schema.properties)).toEqual([
      "token",
      "expiresAt",
      "message",
      "must_change_password",
      "staff",
    ]);
    expect(login.responses["429"].content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
    const change = doc.paths["/api/auth/update-password"].put;
    expect(change.security).toEqual([{ bearer: [] }]);
    expect(change.responses["200"].content["application/json"].schema.properties.message).toBeTruthy();
    expect(doc.paths["/api/auth/logout"].post.security).toEqual([{ bearer: [] }]);
  });
});

describe("login work", () => {
  // What an unknown user and a wrong password cost, counted rather than timed (a timed test fails on a busy machine).
  // The login's time is the PBKDF2 derivation (~25 ms) plus its database calls; both are the same for either
  // failure. The measured timing difference is benchmark 8 (bench/login-timing.ts).
  it("is the same for an unknown user and a wrong password: one PBKDF2 derivation of the same cost, the same database calls", async () => {
    const { username } = await createAdmin("timing-pass-1");
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    const fetches = vi.spyOn(globalThis, "fetch");
    const work = async (name: string) => {
      await db().delete(loginThrottle);
      derive.mockClear();
      fetches.mockClear();
      const res = await login(name, "wrong-password");
      expect(res.status).toBe(401);
      const derivations = derive.mock.calls.map(([algo]) => {
        const a = algo as Pbkdf2Params;
        return { name: a.name, hash: a.hash, iterations: a.iterations, saltBytes: (a.salt as Uint8Array).byteLength };
      });
      return { derivations, databaseCalls: fetches.mock.calls.length };
    };
    try {
      const unknown = await work(uid("nobody"));
      const wrong = await work(username);
      expect(unknown.derivations).toEqual([
        { name: "PBKDF2", hash: "SHA-256", iterations: PBKDF2_ITERATIONS, saltBytes: 16 },
      ]);
      expect(wrong).toEqual(unknown);
      expect(unknown.databaseCalls).toBeGreaterThan(0);
    } finally {
      derive.mockRestore();
      fetches.mockRestore();
    }
  });
});
