/**
 * Database unreachable (docs/product.md#security-and-privacy). The Worker is pointed at a proxy in front of sqld that the test
 * switches off or makes flaky. Every API family must answer 503 + Retry-After in the error shape without a stack
 * trace, /health must report the database down, and nothing may be half-written once the database is back.
 */
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { feeRecords, payments } from "../../db/schema";
import { isDbUnavailable } from "../../worker/db";
import { DbTimeoutError, retryingFetch } from "../../worker/db-retry";
import { loginAdmin, viaDatabase } from "./helpers";
import { insertFee, insertStudent, testDb } from "./fixtures";

const e = env as unknown as Record<string, string>;
const setMode = (mode: "up" | "down" | "flaky" | "jam" | "headers") =>
  fetch(`${e.FAULT_CONTROL_URL}/mode`, { method: "POST", body: mode });
/** A request to the same app, with its database behind the fault proxy. */
const viaProxy = (
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) => viaDatabase(e.FAULTY_LIBSQL_URL, "10.66.0.1", path, init);

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});
afterEach(async () => {
  await setMode("up");
});

describe("database unreachable", () => {
  it("every API family answers 503 + Retry-After in the error shape, and /health reports the database down", async () => {
    await setMode("down");
    const calls: Array<[string, { method?: string; token?: string; body?: unknown }]> = [
      ["/api/auth/login", { method: "POST", body: { username: "admin", password: "x" } }],
      ["/api/students", { token }],
      ["/api/fees", { token }],
      ["/api/fees/TotalFees", { token }],
      ["/api/admin/results", { token }],
      ["/api/admin/news", { token }],
      ["/api/admin/selection/summary", { token }],
      ["/api/public/news/recent", {}],
      ["/api/student/results/31001310119461", {}],
      ["/api/public/selection/student/31001310119461", {}],
    ];
    for (const [path, init] of calls) {
      const res = await viaProxy(path, init);
      expect(res.status, path).toBe(503);
      expect(res.json, path).toMatchObject({
        success: false,
        code: "SERVICE_UNAVAILABLE",
        message: expect.any(String),
      });
      expect(res.headers.get("Retry-After"), path).toBe("5");
      expect(res.text, path).not.toMatch(/at .*\.(ts|js):\d+|stack/i);
    }
    const health = await viaProxy("/health");
    expect(health.status).toBe(503);
    expect(health.json).toMatchObject({
      status: "degraded",
      db: "down",
      code: "SERVICE_UNAVAILABLE",
      reason: "DATABASE_UNAVAILABLE",
    });
    await setMode("up");
    expect((await viaProxy("/health")).json).toMatchObject({ status: "ok", db: "ok" });
  });

  it("a jammed write lock: /health says read_only with 503 within 5 s, a write is refused 503, reads go on", async () => {
    await setMode("jam");
    // The jam lasts until setMode("up") below, so a 503 here is the deadline's answer (DEADLINES_MS, unit-tested).
    const health = await viaProxy("/health");
    expect(health.status).toBe(503);
    expect(health.json).toMatchObject({ status: "degraded", db: "read_only", reason: "DATABASE_UNAVAILABLE" });
    expect(Number(health.headers.get("Retry-After"))).toBe(5);
    const write = await viaProxy("/api/auth/login", {
      method: "POST",
      body: { username: "nobody-jam", password: "wrong-pass-1" },
    });
    expect(write.status).toBe(503);
    expect((await viaProxy("/api/public/news/recent")).status).toBe(200);
    await setMode("up");
    expect((await viaProxy("/health")).json).toMatchObject({ status: "ok", db: "ok" });
  });

  it("an answer that stalls after its headers: the read gives up within 5 s and answers 503, not 500", async () => {
    await setMode("headers");
    // The body never comes while this mode lasts: a 503 is the call's deadline giving up, not the server answering.
    const res = await viaProxy("/api/public/news/recent");
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ success: false, code: "SERVICE_UNAVAILABLE" });
    expect(res.headers.get("Retry-After")).toBe("5");
    await setMode("up");
    expect((await viaProxy("/api/public/news/recent")).status).toBe(200);
  });

  it("workerd's fetch gives up at the call's deadline, with no answer and with a stalled body", async () => {
    // The deadline is the runtime's AbortSignal.timeout and the answer's readers are not wrapped: what a stalled body
    // rejects with is the runtime's doing, and the API must still read it as an outage.
    const call = retryingFetch(fetch, 0, 300);
    const pipeline = (stmt: string) => ({
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ requests: [{ type: "execute", stmt: { sql: stmt } }, { type: "close" }] }),
    });
    await setMode("jam");
    const noAnswer = await call(`${e.FAULTY_LIBSQL_URL}/v2/pipeline`, pipeline("INSERT INTO t VALUES (1)")).catch(
      (err: unknown) => err,
    );
    expect(noAnswer).toBeInstanceOf(DbTimeoutError);
    await setMode("headers");
    const res = await call(`${e.FAULTY_LIBSQL_URL}/v2/pipeline`, pipeline("SELECT 1"));
    expect(res.status).toBe(200);
    const stalled = (await res.json().catch((err: unknown) => err)) as Error;
    expect(stalled.name).toBe("TimeoutError");
    expect(isDbUnavailable(new Error("Failed query", { cause: stalled }))).toBe(true);
    await setMode("up");
  });

  it("a flaky link loses no money: paid always equals the sum of payments, retries with the same key pay once", async () => {
    const s = await insertStudent();
    await insertFee(s.id, 1_000_000, 0);
    await setMode("flaky");
    const outcomes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const key = `outage-${s.studentNo}-${i}`;
      // A cashier retries the same payment (same Idempotency-Key) until the server confirms it.
      for (let attempt = 0; attempt < 6; attempt++) {
        const res = await viaProxy(`/api/fees/${s.studentNo}/add-payment`, {
          method: "POST",
          token,
          body: { payment_amount: 100 },
          headers: { "Idempotency-Key": key },
        });
        outcomes.push(res.status);
        expect([200, 201, 401, 503]).toContain(res.status);
        if (res.status === 200 || res.status === 201) break;
      }
    }
    await setMode("up");
    expect(outcomes.filter((s) => s === 503).length).toBeGreaterThan(0);
    const [fee] = await testDb().select().from(feeRecords).where(eq(feeRecords.studentId, s.id));
    const [sum] = await testDb()
      .select({ total: sql<number>`coalesce(sum(${payments.amountPiastres}), 0)`, n: sql<number>`count(*)` })
      .from(payments)
      .where(eq(payments.feeRecordId, fee!.id));
    expect(fee!.paidPiastres).toBe(Number(sum!.total));
    expect(Number(sum!.n)).toBeLessThanOrEqual(12);
    expect(fee!.paidPiastres).toBe(Number(sum!.n) * 10_000);
  });
});
