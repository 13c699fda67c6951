/**
 * The console's session cookie (docs/decisions/0022): set by login beside the bearer token, cleared by logout,
 * never accepted by the API, and resolved to the admin by the server loaders only while the session is live.
 */
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/db";
import { cookieAdmin } from "../../web/lib/admin-session.server";
import { adminPassword, api, BASE, expectError } from "./helpers";

const db = () => getDb(env as never);
const pageRequest = (cookie?: string) =>
  new Request(`${BASE}/admin/dashboard/students`, { headers: cookie ? { Cookie: cookie } : {} });

async function login(base = BASE) {
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(
    new Request(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: adminPassword() }),
    }),
  );
  expect(res.status).toBe(200);
  return { token: ((await res.json()) as { token: string }).token, cookie: res.headers.get("Set-Cookie") ?? "" };
}

afterEach(() => vi.useRealTimers());

describe("session cookie", () => {
  it("is set by login: the bearer token, HttpOnly, SameSite=Strict, Path=/admin, for the session's 2 h", async () => {
    const { token, cookie } = await login();
    const parts = cookie.split(/;\s*/);
    expect(parts[0]).toBe(`admin_session=${token}`);
    expect(parts).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Strict", "Path=/admin", "Max-Age=7200"]));
    // Plain HTTP (local servers): no Secure, or browsers would drop it.
    expect(parts).not.toContain("Secure");
  });

  it("is Secure over HTTPS", async () => {
    const { cookie } = await login("https://school.test");
    expect(cookie.split(/;\s*/)).toContain("Secure");
  });

  it("is never accepted by the API in place of the bearer token", async () => {
    const { token } = await login();
    expectError(
      await api("/api/students?page=1&limit=15", { headers: { Cookie: `admin_session=${token}` } }),
      401,
      "UNAUTHORIZED",
    );
  });

  it("names the admin for a server loader while the session lives, and nobody after logout", async () => {
    const { token } = await login();
    expect((await cookieAdmin(pageRequest(`lang=en; admin_session=${token}`), db()))?.username).toBe("admin");
    const out = await api("/api/auth/logout", { method: "POST", token });
    expect(out.status).toBe(200);
    expect(out.headers.get("Set-Cookie")).toMatch(
      /^admin_session=; Max-Age=0; Path=\/admin; HttpOnly; SameSite=Strict/,
    );
    expect(await cookieAdmin(pageRequest(`admin_session=${token}`), db())).toBeNull();
  });

  it("names nobody for a missing, malformed or expired cookie", async () => {
    const { token } = await login();
    expect(await cookieAdmin(pageRequest(), db())).toBeNull();
    expect(await cookieAdmin(pageRequest("admin_session=not a token"), db())).toBeNull();
    expect(await cookieAdmin(pageRequest(`admin_session=${"x".repeat(43)}`), db())).toBeNull();
    vi.useFakeTimers({ now: Date.now() + 2 * 60 * 60 * 1000 + 1000, toFake: ["Date"] });
    expect(await cookieAdmin(pageRequest(`admin_session=${token}`), db())).toBeNull();
  });
});
