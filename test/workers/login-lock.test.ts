/**
 * The sign-in lock (docs/decisions/0018-login-lock-per-address.md): every attempt counted before its password is
 * checked, per (username, client) with a per-username ceiling that a trusted client is not held to; IPv6 clients by
 * their /64; and the password change's own throttle, which never locks anyone out of signing in.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { admins } from "../../db/schema";
import { getDb } from "../../worker/db";
import { LOCKOUT_THRESHOLD, USERNAME_CEILING } from "../../worker/services/login-lock";
import { hashPassword } from "../../worker/services/password";
import { api, expectError, uid } from "./helpers";

const db = () => getDb(env as never);

async function createAdmin(password = "lock-pass-1") {
  const username = uid("lock");
  await db()
    .insert(admins)
    .values({ username, passwordHash: await hashPassword(password, (env as any).PASSWORD_PEPPER) });
  return { username, password };
}

/**
 * One sign-in attempt, sent again while it is answered 503: past the per-isolate sign-in bound a burst is refused at
 * once, and on a loaded machine it may wait longer than the database bound; a refused attempt was never counted
 * (docs/product.md#health). The lock is what is tested.
 */
async function login(username: string, password: string, ip: string) {
  for (let tries = 0; ; tries++) {
    const res = await api("/api/auth/login", {
      method: "POST",
      body: { username, password },
      headers: { "CF-Connecting-IP": ip },
    });
    if (res.status !== 503 || tries >= 40) return res;
    // As a client honouring Retry-After would, but shorter: the sign-in bound frees a slot within ~50 ms.
    await new Promise((r) => setTimeout(r, 25 + Math.random() * 100));
  }
}

let net = 0;
/** A fresh IPv4 address per call, so tests never share a client counter. */
const freshIp = () => `198.18.${Math.floor(++net / 250)}.${(net % 250) + 1}`;

afterEach(() => vi.useRealTimers());

describe("sign-in lock", () => {
  it("40 parallel wrong logins: at most 5 answered 401, the rest 429, for a known and an unknown username", async () => {
    const { username } = await createAdmin();
    for (const name of [username, uid("nobody")]) {
      const ip = freshIp();
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(name, `wrong-${i}`, ip)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401).length, name).toBeLessThanOrEqual(LOCKOUT_THRESHOLD);
      expect(statuses.filter((s) => s === 429).length, name).toBeGreaterThanOrEqual(40 - LOCKOUT_THRESHOLD);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      // The database lock's refusals wait out the window; past 30 a minute the address limiter's wait a minute.
      const refused = answers.filter((a) => a.status === 429);
      for (const r of refused) expect(expectError(r, 429, "RATE_LIMITED").reason).toBe("LOGIN_LOCKED");
      expect(refused.some((r) => Number(r.headers.get("Retry-After")) > 800)).toBe(true);
    }
  });

  it("after another address's lockout, the admin's correct password from their own address still works", async () => {
    const { username, password } = await createAdmin();
    const attacker = freshIp();
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++)
      expectError(await login(username, `guess-${i}`, attacker), 401, "UNAUTHORIZED");
    expectError(await login(username, password, attacker), 429, "RATE_LIMITED");
    expect((await login(username, password, freshIp())).status).toBe(200);
    // Any spelling of the name is the same counter.
    expectError(await login(username.toUpperCase(), password, attacker), 429, "RATE_LIMITED");
  });

  it("a success clears only its own (username, address) counter; a window ends after 15 minutes", async () => {
    const { username, password } = await createAdmin();
    const [a, b] = [freshIp(), freshIp()];
    for (let i = 0; i < 4; i++) {
      expectError(await login(username, "x", a), 401, "UNAUTHORIZED");
      expectError(await login(username, "x", b), 401, "UNAUTHORIZED");
    }
    expect((await login(username, password, a)).status).toBe(200);
    for (let i = 0; i < 4; i++) expectError(await login(username, "x", a), 401, "UNAUTHORIZED");
    expectError(await login(username, "x", b), 401, "UNAUTHORIZED");
    expectError(await login(username, password, b), 429, "RATE_LIMITED");
    vi.useFakeTimers({ now: Date.now() + 15 * 60 * 1000 + 1000, toFake: ["Date"] });
    expect((await login(username, password, b)).status).toBe(200);
  });

  it("keys an IPv6 client by its /64: another address in the same /64 shares the counter, the next /64 does not", async () => {
    const { username, password } = await createAdmin();
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++)
      expectError(await login(username, "x", `2001:db8:77:1::${i + 1}`), 401, "UNAUTHORIZED");
    expectError(await login(username, password, "2001:db8:77:1:ffff:ffff:ffff:ffff"), 429, "RATE_LIMITED");
    expect((await login(username, password, "2001:db8:77:2::1")).status).toBe(200);
  });

  it("a ceiling of 50 attempts per username stops many addresses, but not an address the admin signed in from", async () => {
    const { username, password } = await createAdmin();
    const home = freshIp();
    expect((await login(username, password, home)).status).toBe(200);
    const botnet = Array.from({ length: Math.ceil(USERNAME_CEILING / LOCKOUT_THRESHOLD) + 1 }, freshIp);
    const answers = await Promise.all(
      botnet.flatMap((ip) => Array.from({ length: LOCKOUT_THRESHOLD }, () => login(username, "guess", ip))),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(USERNAME_CEILING);
    expectError(await login(username, password, freshIp()), 429, "RATE_LIMITED");
    expect((await login(username, password, home)).status).toBe(200);
  });
});

describe("password change throttle", () => {
  it("refuses the 6th wrong current password on a session with 429, without locking the admin out of signing in", async () => {
    const { username, password } = await createAdmin();
    const ip = freshIp();
    const token = (await login(username, password, ip)).json.token as string;
    const change = (t: string, oldPassword: string) =>
      api("/api/auth/update-password", {
        method: "PUT",
        token: t,
        body: { oldPassword, newPassword: "brand-new-pass", confirmPassword: "brand-new-pass" },
      });
    for (let i = 0; i < 5; i++) {
      expect(expectError(await change(token, `wrong-${i}`), 400, "VALIDATION_FAILED")).toMatchObject({
        reason: "PASSWORD_INCORRECT",
        message: "Current password is incorrect",
      });
    }
    const lockedRes = await change(token, password);
    const locked = expectError(lockedRes, 429, "RATE_LIMITED");
    expect(locked).toMatchObject({
      reason: "PASSWORD_CHANGE_LOCKED",
      message: "Too many wrong current passwords. Please try again later.",
    });
    expect(Number(lockedRes.headers.get("Retry-After"))).toBeGreaterThan(800);
    // Signing in still works, and a fresh session may change the password.
    const other = await login(username, password, ip);
    expect(other.status).toBe(200);
    expect((await change(other.json.token, password)).status).toBe(200);
  });
});
