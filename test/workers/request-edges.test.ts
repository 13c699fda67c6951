/**
 * Edges of every API request (docs/product.md#api-errors): a body that is not JSON is refused with 415 in the error
 * shape (not a 500 with a stack in the error log), and the request id recorded with audit rows is always the
 * server's own, whatever `X-Request-Id` a client sends.
 */
import { eq } from "drizzle-orm";
import { exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog } from "../../db/schema";
import { api, expectError, loginAdmin, uid } from "./helpers";
import { testDb, uniqueStudentNo } from "./fixtures";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("Content-Type of a request body", () => {
  it("answers a text/plain or untyped body to a JSON endpoint with 415 UNSUPPORTED_MEDIA_TYPE, logging nothing", async () => {
    const logged = vi.spyOn(console, "error");
    const body = JSON.stringify({ username: "admin", password: "x" });
    const calls: Array<[string, Record<string, string>, string | undefined]> = [
      ["/api/auth/login", { "Content-Type": "text/plain" }, undefined],
      ["/api/auth/login", { "Content-Type": "application/x-www-form-urlencoded" }, undefined],
      ["/api/students", { "Content-Type": "text/plain;charset=UTF-8" }, token],
      ["/api/admin/import/students?dry_run=1", { "Content-Type": "text/plain" }, token],
      ["/api/public/selection/student/select", { "Content-Type": "multipart/form-data; boundary=x" }, undefined],
    ];
    for (const [path, headers, bearer] of calls) {
      const res = expectError(
        await api(path, { method: "POST", body, headers, token: bearer }),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );
      expect(res.reason, path).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
    // A body without any Content-Type header (the Request would otherwise add text/plain for a string).
    const untyped = new Request("http://school.test/api/auth/login", { method: "POST", body: new Blob([body]) });
    expect(untyped.headers.get("Content-Type")).toBeNull();
    const res = await (exports as unknown as { default: Fetcher }).default.fetch(untyped);
    expect(res.status).toBe(415);
    expect(logged).not.toHaveBeenCalled();
  });

  it("still takes JSON with a charset, and bodiless POSTs", async () => {
    const ok = await api("/api/auth/login", {
      method: "POST",
      body: JSON.stringify({ username: "admin", password: "wrong-password" }),
      headers: { "Content-Type": "application/json; charset=utf-8", "CF-Connecting-IP": "10.41.0.1" },
    });
    expect(ok.status).toBe(401);
    const session = await loginAdmin();
    expect((await api("/api/auth/logout", { method: "POST", token: session })).status).toBe(200);
  });
});

describe("request id", () => {
  it("records the server's own id on audit rows, never the client's X-Request-Id, and echoes the client's apart", async () => {
    const forged = `FORGED-${uid()}`;
    const studentNo = uniqueStudentNo();
    const row = {
      student_no: studentNo,
      full_name: "طالب معرف الطلب",
      nationality: "Egyptian",
      current_grade: "Prep-1",
      building_no: 3,
      gender: "male",
    };
    const res = await api("/api/admin/import/students", {
      method: "POST",
      token,
      body: { rows: [row] },
      headers: { "Idempotency-Key": uid("rid"), "X-Request-Id": forged },
    });
    expect(res.status, res.text).toBe(200);
    const serverId = res.headers.get("X-Request-Id");
    expect(serverId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(res.headers.get("X-Client-Request-Id")).toBe(forged);
    expect(res.json.request_id).toBe(serverId);
    const byServerId = await testDb().select().from(auditLog).where(eq(auditLog.requestId, serverId!));
    expect(byServerId.map((a) => [a.entity, a.action])).toEqual([["student", "create"]]);
    expect(await testDb().select().from(auditLog).where(eq(auditLog.requestId, forged))).toEqual([]);
  });

  it("drops a client id that is not short visible ASCII", async () => {
    const res = await api("/health", { headers: { "X-Request-Id": "x".repeat(65) } });
    expect(res.headers.get("X-Client-Request-Id")).toBeNull();
    expect(res.headers.get("X-Request-Id")).not.toContain("xxx");
  });
});
