/**
 * The served API document against the API itself (docs/product.md#api-document; docs/decisions/0020-openapi-from-routes.md):
 * every operation is named and states its security, no two operations of one method match one URL (the old paths
 * still answer, undocumented), each documents a 4XX, and the statuses that the middleware and the rate limits
 * answer are documented on exactly the operations that receive them, checked by sending each to every operation.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { insertStudent, uniqueStudentNo } from "./fixtures";
import { api, expectError, loginAdmin, uid, withinOneLimiterWindow } from "./helpers";
import { ambiguousOperations } from "../../worker/openapi-document";
import { clockYearStart } from "../support/clock-years";

interface Response {
  description: string;
  content?: Record<string, { schema: unknown }>;
  headers?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  deprecated?: boolean;
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, Response>;
}
interface Op {
  path: string;
  method: string;
  doc: Operation;
}

let doc: { servers?: unknown[]; paths: Record<string, Record<string, Operation>> };
let ops: Op[] = [];
let token: string;

beforeAll(async () => {
  token = await loginAdmin();
  doc = (await api("/api/openapi.json")).json;
  ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, doc: op })),
  );
});

const name = (op: Op) => `${op.method.toUpperCase()} ${op.path}`;
const statuses = (op: Op) => Object.keys(op.doc.responses).map(Number);
const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
const errorRef = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

describe("the document's shape", () => {
  it("names every operation once, states its security, lists a server, and documents 500 and 503", () => {
    expect(ops.length).toBeGreaterThan(60);
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
    const ids = ops.map((op) => op.doc.operationId);
    expect(ids.filter((id) => !id).length, "operations without operationId").toBe(0);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of ops) {
      expect(Array.isArray(op.doc.security), name(op)).toBe(true);
      expect(op.doc.responses["500"]?.content, name(op)).toEqual(errorRef);
      expect(op.doc.responses["503"]?.headers?.["Retry-After"], name(op)).toBeDefined();
      if (op.doc.responses["429"]) expect(op.doc.responses["429"].headers?.["Retry-After"], name(op)).toBeDefined();
    }
  });

  it("has no two operations of one method whose paths match one URL, and documents a 4XX on each", () => {
    expect(ambiguousOperations(doc)).toEqual([]);
    for (const op of ops)
      expect(
        statuses(op).some((s) => s >= 400 && s < 500),
        name(op),
      ).toBe(true);
    const unions: unknown[][] = [];
    JSON.stringify(doc, (key, value) => (key === "anyOf" || key === "oneOf" ? unions.push(value) && value : value));
    for (const u of unions) expect(new Set(u.map((b) => JSON.stringify(b))).size, JSON.stringify(u)).toBe(u.length);
  });

  it("gives each meaning of a student segment its own path; the old paths still answer, undocumented", async () => {
    expect(Object.keys(doc.paths["/api/students/{id}"]!)).toEqual(["put"]);
    expect(doc.paths["/api/students/by-grade/{grade}"]!.get!.operationId).toBe("getStudentsByGrade");
    expect(doc.paths["/api/students/by-student-no/{student_no}"]!.delete!.deprecated).toBeUndefined();
    expect(doc.paths["/api/fees/{student_no}"]!.get).toBeUndefined();
    for (const path of ["/api/students/by-grade/Prep-2", "/api/students/Prep-2"])
      expect((await api(path, { token })).json.students, path).toBeInstanceOf(Array);
    expect(expectError(await api("/api/students/by-grade/Nope", { token }), 400, "VALIDATION_FAILED").reason).toBe(
      "GRADE_UNKNOWN",
    );
    expect((await api("/api/fees/Prep-2", { token })).json.students).toBeInstanceOf(Array);
    for (const path of ["/api/students/", "/api/students/by-student-no/"]) {
      const s = await insertStudent({ currentGrade: "Prep-2" });
      expect((await api(`${path}${s.studentNo}`, { method: "DELETE", token })).status, path).toBe(200);
      expectError(await api(`${path}${s.studentNo}`, { method: "DELETE", token }), 404, "NOT_FOUND");
    }
  });
});

describe("statuses the middleware answers, sent to every operation", () => {
  it("415 UNSUPPORTED_MEDIA_TYPE: documented on every operation that takes a body, and answered there", async () => {
    for (const op of ops) {
      if (op.method === "get") {
        expect(statuses(op), name(op)).not.toContain(415);
        continue;
      }
      const res = await api(fill(op.path, "1"), {
        method: op.method.toUpperCase(),
        body: "a=1",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expectError(res, 415, "UNSUPPORTED_MEDIA_TYPE");
      expect(statuses(op), name(op)).toContain(415);
    }
  });

  it("413 PAYLOAD_TOO_LARGE: one byte over the documented limit is refused on every operation that takes a body", async () => {
    const bodies = new Map<number, string>();
    for (const op of ops) {
      const text = op.doc.responses["413"]?.description;
      if (op.method === "get") {
        expect(text, name(op)).toBeUndefined();
        continue;
      }
      const limit = Number(/over (\d+) bytes/.exec(text ?? "")?.[1]);
      expect(limit, `${name(op)} documents its limit`).toBeGreaterThan(0);
      if (!bodies.has(limit)) bodies.set(limit, "x".repeat(limit + 1));
      const res = await api(fill(op.path, "1"), {
        method: op.method.toUpperCase(),
        body: bodies.get(limit)!,
        headers: { "Content-Type": "application/json" },
      });
      expectError(res, 413, "PAYLOAD_TOO_LARGE");
    }
  });

  it("401: documented and answered without a token exactly where the operation states bearer security", async () => {
    for (const [i, op] of ops.entries()) {
      if (op.path === "/api/auth/login") continue; // its 401 is a wrong password, checked in auth.test.ts
      if (op.path === "/api/webhooks/whatsapp" && op.method === "post") continue; // a bad signature: messages.test.ts
      const res = await api(fill(op.path, uniqueStudentNo()), {
        method: op.method.toUpperCase(),
        headers: { "CF-Connecting-IP": `10.91.${i % 250}.7` },
      });
      const signedOut = res.status === 401;
      expect(signedOut, `${name(op)} → ${res.status}`).toBe(op.doc.security!.length > 0);
      if (signedOut) expect(statuses(op), name(op)).toContain(401);
    }
  });
});

/** A body that passes validation, so that a rate limit behind it is reached. */
const SAMPLE_BODIES: Record<string, (id: string) => unknown> = {
  postAuthLogin: () => ({ username: uid("nobody"), password: "not-the-password" }),
  postPublicSelectionStudentSelect: (id) => ({ student_id: id, selections: [{ teacher_id: 1, subject_id: 1 }] }),
  postPublicPayments: (id) => ({ national_id: id, amount: 10 }),
  postFamilyCode: () => ({ phone: `010${String(Math.random()).slice(2, 10).padEnd(8, "0")}` }),
  postFamilySession: () => ({ phone: "01001234567", code: "123456" }),
};
/** Headers that a sample request needs to pass validation (a required Idempotency-Key). */
const SAMPLE_HEADERS: Record<string, () => Record<string, string>> = {
  postPublicPayments: () => ({ "Idempotency-Key": uid("key") }),
};

describe("rate limits", () => {
  it("429 with Retry-After: documented on exactly the public operations that answer it when called in a burst", async () => {
    const publicOps = ops.filter((op) => op.doc.security!.length === 0);
    expect(publicOps.length).toBeGreaterThan(8);
    for (const [i, op] of publicOps.entries()) {
      const id = uniqueStudentNo();
      const sample = SAMPLE_BODIES[op.doc.operationId!];
      if (op.doc.requestBody && !sample) throw new Error(`${name(op)}: add a sample body`);
      await withinOneLimiterWindow(10_000);
      let limited: Awaited<ReturnType<typeof api>> | undefined;
      // Past every budget (per ID 10, sign-in 30, per client 60 a minute) from one client address.
      for (let n = 0; n < 61 && !limited; n++) {
        const res = await api(fill(op.path, id), {
          method: op.method.toUpperCase(),
          body: sample?.(id),
          headers: { "CF-Connecting-IP": `10.92.${i}.1`, ...SAMPLE_HEADERS[op.doc.operationId!]?.() },
        });
        if (res.status === 429) limited = res;
      }
      expect(statuses(op).includes(429), `${name(op)}: answered 429: ${!!limited}`).toBe(!!limited);
      if (limited) expect(Number(limited.headers.get("Retry-After")), name(op)).toBeGreaterThan(0);
    }
  }, 120_000);
});

describe("statuses of the routes themselves", () => {
  it("PUT /api/fees/{student_no} documents the 409 TOTAL_SET_BY_SCHEDULE it answers", async () => {
    const s = await insertStudent({ currentGrade: "Prep-2" });
    const created = await api("/api/fees", {
      method: "POST",
      token,
      body: { student_id: s.studentNo, grade: "Prep-2", total_amount: 2000, paid_amount: 0 },
    });
    expect(created.status, created.text).toBe(201);
    const instalments = [
      { line: "Own", due_date: `${clockYearStart()}-10-01`, amount: 1000 },
      { line: "Own", due_date: `${clockYearStart() + 1}-02-01`, amount: 1000 },
    ];
    const scheduled = await api(`/api/fees/${s.studentNo}/schedule`, { method: "PUT", token, body: { instalments } });
    expect(scheduled.status, scheduled.text).toBe(200);
    const res = await api(`/api/fees/${s.studentNo}`, {
      method: "PUT",
      token,
      body: { total_amount: 5, paid_amount: 0 },
    });
    expect(expectError(res, 409, "CONFLICT").reason).toBe("TOTAL_SET_BY_SCHEDULE");
    expect(Object.keys(doc.paths["/api/fees/{student_no}"]!.put!.responses)).toContain("409");
  });
});
