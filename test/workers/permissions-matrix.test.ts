/**
 * Every admin route × every role (docs/product.md#staff-and-roles, ADR 0035), generated from the served API document
 * and the permission table: each operation behind the bearer token names its permission, a role without it is refused
 * with 403 FORBIDDEN_FOR_ROLE before its input is read, and a role with it is never refused for its role. Every route
 * the app serves under /api is in the document, so no route escapes the matrix.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { can, PERMISSIONS, type Permission } from "../../worker/permissions";
import { STAFF_ROLES, type StaffRole } from "../../common/staff-roles";
import { api, expectError } from "./helpers";
import { staffWithToken } from "./staff-fixtures";

interface Operation {
  security?: unknown[];
  "x-permission"?: string;
  "x-roles"?: string[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Op {
  path: string;
  method: string;
  doc: Operation;
}

/** Path parameters: values that name nothing (a write that is allowed then answers 404 or 400 and changes nothing). */
const SAMPLE: Record<string, string> = { kind: "students", grade: "Prep-3" };
const fill = (path: string) => path.replace(/\{([^}]+)\}/g, (_, p: string) => SAMPLE[p] ?? "999999999");

/** The permission the sample request of `op` needs, read from its `x-permission` (`kind=students:students.write, …`). */
function needed(op: Op): Permission {
  const x = op.doc["x-permission"]!;
  if (!x.includes("=")) return x as Permission;
  const choice = x.split(", ").find((c) => c.startsWith(`kind=${SAMPLE.kind}:`))!;
  return choice.split(":")[1] as Permission;
}

/** Calls that must not be made for real by an allowed role: a live stream never ends; a sign-out ends the token. */
const notSentWhenAllowed = (op: Op) =>
  Boolean(op.doc.responses["200"]?.content?.["text/event-stream"]) || op.path === "/api/auth/logout";

let ops: Op[] = [];
const tokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  const doc = (await api("/api/openapi.json")).json as { paths: Record<string, Record<string, Operation>> };
  ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, doc: op })),
  );
  for (const role of STAFF_ROLES) tokens[role] = (await staffWithToken(role)).token;
});

/** Operations behind the staff token (Paymob's callback has a security of its own, its HMAC: not a role's). */
const guardedOps = () => ops.filter((op) => (op.doc.security ?? []).some((s) => "bearer" in (s as object)));
const name = (op: Op) => `${op.method.toUpperCase()} ${op.path}`;

describe("the permission matrix", () => {
  it("every operation behind the token names a known permission and the roles that hold it", () => {
    expect(guardedOps().length).toBeGreaterThan(60);
    for (const op of guardedOps()) {
      const x = op.doc["x-permission"];
      expect(x, `${name(op)} names no permission`).toBeTypeOf("string");
      for (const part of x!.split(", ")) expect(Object.keys(PERMISSIONS), name(op)).toContain(part.split(":").pop());
      const roles = STAFF_ROLES.filter((r) => can(r, needed(op)));
      for (const r of roles) expect(op.doc["x-roles"], name(op)).toContain(r);
    }
  });

  it("every route the app serves under /api is in the document", () => {
    // By router template. The old one-segment paths still answer but are left out: they would match the same URLs
    // as a documented path (test/workers/openapi-document.test.ts checks they answer).
    const OLD = ["GET /api/students/{}", "DELETE /api/students/{}", "GET /api/fees/{}"];
    const shape = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/(:\w+|\{\w+\})/g, "{}")}`;
    const documented = new Set(ops.map((op) => shape(op.method, op.path)));
    const served = app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.includes("*"))
      .map((r) => shape(r.method, r.path))
      .filter((r) => !["GET /api/openapi.json", "GET /api/docs", ...OLD].includes(r));
    expect(served.length).toBeGreaterThan(60);
    expect([...new Set(served)].filter((r) => !documented.has(r))).toEqual([]);
  });

  for (const role of STAFF_ROLES) {
    it(`${role}: refused exactly where the table says, before the input is read`, async () => {
      const wrong: string[] = [];
      for (const op of guardedOps()) {
        const allowed = can(role, needed(op));
        if (allowed && notSentWhenAllowed(op)) continue;
        const res = await api(fill(op.path), {
          method: op.method.toUpperCase(),
          token: tokens[role],
          body: op.method === "get" || op.method === "delete" ? undefined : {},
        });
        const refused = res.status === 403 && res.json?.reason === "FORBIDDEN_FOR_ROLE";
        if (refused === allowed) wrong.push(`${name(op)} → ${res.status} ${res.json?.reason ?? ""}`);
        if (refused) expectError(res, 403, "FORBIDDEN");
      }
      expect(wrong, `${role}: allowed ≠ the table`).toEqual([]);
    });
  }
});

describe("temporary passwords", () => {
  it("a token with a temporary password may only reach the person's own session", async () => {
    const temp = await staffWithToken("administrator", { mustChange: true });
    const res = await api("/api/students", { token: temp.token });
    expect(expectError(res, 403, "FORBIDDEN").reason).toBe("PASSWORD_CHANGE_REQUIRED");
    const me = await api("/api/auth/me", { token: temp.token });
    expect(me.status).toBe(200);
    expect(me.json.staff).toMatchObject({ role: "administrator", must_change_password: true });
  });
});
