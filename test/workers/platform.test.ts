/**
 * Platform (docs/product.md#api-errors, #dashboard, #live-events): health, JSON 404, body limit, CORS allowlist,
 * request id, the generated API document, stats, streams.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { api, expectError, loginAdmin } from "./helpers";
import { testDb } from "./fixtures";

describe("platform", () => {
  it("GET /health proves a write: 200 only once its probe committed, with the supervisor's restart count", async () => {
    const before = await testDb().all<{ probed_at: string | null }>(sql`SELECT probed_at FROM db_health WHERE id = 1`);
    const res = await api("/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", db: "ok" });
    expect(res.json.restarts).toBeGreaterThanOrEqual(0); // the API tests' sqld runs under the supervisor too
    const [after] = await testDb().all<{ probed_at: string }>(sql`SELECT probed_at FROM db_health WHERE id = 1`);
    expect(after!.probed_at > (before[0]?.probed_at ?? "")).toBe(true);
  });

  it("answers unknown /api paths with a JSON 404 in the error shape", async () => {
    const res = expectError(await api("/api/nope"), 404, "NOT_FOUND");
    expect(res.message).toBe("API route not found");
  });

  it("refuses bodies over 1 MB with 413", async () => {
    const big = JSON.stringify({ username: "a".repeat(1_100_000), password: "x" });
    expectError(
      await api("/api/auth/login", { method: "POST", body: big, headers: { "Content-Type": "application/json" } }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
  });

  it("sets its own request id and security headers", async () => {
    const res = await api("/health", { headers: { "X-Request-Id": "req-123" } });
    expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("X-Client-Request-Id")).toBe("req-123");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("grants CORS only to allowlisted origins", async () => {
    const ok = await api("/api/openapi.json", { headers: { Origin: "https://allowed.example" } });
    expect(ok.headers.get("Access-Control-Allow-Origin")).toBe("https://allowed.example");
    const bad = await api("/api/openapi.json", { headers: { Origin: "https://evil.example" } });
    expect(bad.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("lets a caller read Retry-After on every /api answer, the preflight and a refusal included", async () => {
    const preflight = await api("/api/auth/login", {
      method: "OPTIONS",
      headers: { Origin: "https://allowed.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(204);
    const cross = await api("/api/openapi.json", { headers: { Origin: "https://allowed.example" } });
    const same = await api("/api/this-route-does-not-exist");
    for (const res of [preflight, cross, same]) {
      expect(res.headers.get("Access-Control-Expose-Headers")).toBe("Retry-After");
      expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(same.status).toBe(404);
    expect(same.headers.get("Cache-Control")).toBe("no-store");
  });

  it("serves an OpenAPI document and a docs page", async () => {
    const doc = await api("/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.json.openapi).toBe("3.1.0");
    expect(doc.json.paths["/api/auth/login"].post.requestBody).toBeTruthy();
    const page = await api("/api/docs");
    expect(page.text).toContain("/api/auth/login");
  });

  it("documents /health at the root with both of its answers", async () => {
    const health = (await api("/api/openapi.json")).json.paths["/health"].get;
    expect(health.security).toEqual([]);
    expect(health.responses["200"].content["application/json"].schema.properties).toMatchObject({
      status: { enum: ["ok"] },
      db: { enum: ["ok"] },
    });
    expect(health.responses["503"].content["application/json"].schema).toBeTruthy();
  });
});

describe("dashboard stats (bearer)", () => {
  it("returns the three figures with the documented keys", async () => {
    const token = await loginAdmin();
    const count = await api("/api/students/active/count", { token });
    expect(count.json).toEqual({ activeStudents: expect.any(Number) });
    const total = await api("/api/fees/TotalFees", { token });
    expect(total.json).toEqual({ totalFees: expect.any(Number) });
    const pct = await api("/api/fees/paid-percentage", { token });
    expect(pct.json).toEqual({ paidPercentage: expect.any(Number) });
    expect(pct.headers.get("Cache-Control")).toBe("no-store");
  });

  it("opens an SSE stream that receives published events", async () => {
    const token = await loginAdmin();
    const { exports } = await import("cloudflare:workers");
    const ctrl = new AbortController();
    const res = await (exports as unknown as { default: Fetcher }).default.fetch(
      new Request("http://school.test/api/fees/events/stream", {
        headers: { Authorization: `Bearer ${token}` },
        signal: ctrl.signal,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain(": connected");
    const { publish } = await import("../../worker/services/events");
    const { env } = await import("cloudflare:workers");
    const delivered = await publish(env as never, "fees_changed", "fee_record", 1);
    expect(delivered).toBeGreaterThanOrEqual(1);
    const next = new TextDecoder().decode((await reader.read()).value);
    expect(next).toContain("event: fees_changed");
    expect(JSON.parse(next.split("data: ")[1]!)).toMatchObject({ entity: "fee_record", id: 1 });
    ctrl.abort();
    await reader.cancel().catch(() => {});
  });

  it("refuses a stream without a token, and ignores a token in the URL", async () => {
    const token = await loginAdmin();
    expectError(await api(`/api/students/events?token=${token}`), 401, "UNAUTHORIZED");
  });
});
