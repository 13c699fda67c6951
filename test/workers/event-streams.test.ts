/**
 * Live-event streams end with their token: logout and a password change close the streams of the tokens they revoke,
 * and the hub's keepalive re-check closes a stream whose session died any other way (revoked or expired in the
 * database). Streams of tokens that stay valid keep running.
 */
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminSessions, admins } from "../../db/schema";
import { getDb } from "../../worker/db";
import { hashPassword } from "../../worker/services/password";
import { sha256Hex } from "../../worker/lib/tokens";
import { api, uid } from "./helpers";

const db = () => getDb(env as never);
const hub = () => {
  const ns = (env as any).EVENT_HUB as DurableObjectNamespace;
  return ns.get(ns.idFromName("global"));
};

async function signedIn(count: number) {
  const username = uid("sse");
  const password = "stream-pass-1";
  await db()
    .insert(admins)
    .values({ username, passwordHash: await hashPassword(password, (env as any).PASSWORD_PEPPER) });
  const tokens: string[] = [];
  for (let i = 0; i < count; i++)
    tokens.push((await api("/api/auth/login", { method: "POST", body: { username, password } })).json.token);
  return { password, tokens };
}

/** Opens `/api/fees/events` and returns its reader once the hub's first frame has arrived. */
async function open(token: string) {
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(
    new Request("http://school.test/api/fees/events", { headers: { Authorization: `Bearer ${token}` } }),
  );
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  await reader.read();
  return reader;
}

/** True when the stream ends within `ms`; frames that arrive meanwhile are skipped. */
async function endsWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    const next = await Promise.race([
      reader.read(),
      new Promise<"timeout">((r) => setTimeout(() => r("timeout"), left)),
    ]);
    if (next === "timeout") return false;
    if (next.done) return true;
  }
}

describe("event streams and revoked tokens", () => {
  it("logout closes the stream of that token", async () => {
    const { tokens } = await signedIn(1);
    const stream = await open(tokens[0]!);
    expect((await api("/api/auth/logout", { method: "POST", token: tokens[0] })).status).toBe(200);
    expect(await endsWithin(stream, 3000)).toBe(true);
  });

  it("a password change closes the streams of the other sessions and keeps its own", async () => {
    const { password, tokens } = await signedIn(2);
    const [mine, other] = [await open(tokens[0]!), await open(tokens[1]!)];
    const res = await api("/api/auth/update-password", {
      method: "PUT",
      token: tokens[0],
      body: { oldPassword: password, newPassword: "stream-pass-2", confirmPassword: "stream-pass-2" },
    });
    expect(res.status).toBe(200);
    expect(await endsWithin(other, 3000)).toBe(true);
    expect(await endsWithin(mine, 500)).toBe(false);
    await mine.cancel();
  });

  it("the keepalive re-check closes a stream whose session was revoked or expired in the database", async () => {
    const { tokens } = await signedIn(2);
    const [revoked, expired] = [await open(tokens[0]!), await open(tokens[1]!)];
    const past = new Date(Date.now() - 1000).toISOString();
    await db()
      .update(adminSessions)
      .set({ revokedAt: past })
      .where(eq(adminSessions.tokenHash, await sha256Hex(tokens[0]!)));
    await db()
      .update(adminSessions)
      .set({ expiresAt: past })
      .where(eq(adminSessions.tokenHash, await sha256Hex(tokens[1]!)));
    // What every keepalive tick runs, asked for now instead of waiting up to KEEPALIVE_MS.
    const check = (await (await hub().fetch("https://hub/check", { method: "POST" })).json()) as { closed: number };
    expect(check.closed).toBeGreaterThanOrEqual(2);
    expect(await endsWithin(revoked, 3000)).toBe(true);
    expect(await endsWithin(expired, 3000)).toBe(true);
  });
});
