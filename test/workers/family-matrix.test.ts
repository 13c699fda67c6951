/**
 * A family reaches only its own children (docs/product.md#family-accounts, Security): every family route that names
 * a child, a payment or a session, read from the API's own description (`/api/openapi.json`, so a route added later is in the
 * matrix by itself), called by one family with another family's child or payment answers 404 and never the other
 * child's name. A route with a parameter this matrix does not know fails the test until the matrix learns it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { asFamily, signedIn, student } from "./family-fixtures";
import { mobile } from "./guardian-fixtures";
import { api, loginAdmin, uid } from "./helpers";

type Doc = { paths: Record<string, Record<string, { requestBody?: unknown }>> };

let own: string;
let otherChild: { id: number; full_name: string; student_no: string };
let otherPayment: string;
let otherSession: number;

beforeAll(async () => {
  const token = await loginAdmin();
  const mother = mobile();
  await student([mother]);
  own = await signedIn(mother);
  const stranger = mobile();
  otherChild = await student([stranger], { full_name: `Other Family Child ${uid()}` });
  const fee = await api("/api/fees", {
    method: "POST",
    token,
    body: { student_id: otherChild.student_no, grade: "Prep-3", total_amount: 1000, paid_amount: 0 },
  });
  expect(fee.status, fee.text).toBe(201);
  const theirs = await signedIn(stranger);
  const started = await api(
    "/api/family/payments",
    asFamily(theirs, {
      method: "POST",
      body: { children: [{ id: otherChild.id, amount: "all" }] },
      headers: { "Idempotency-Key": uid("mx") },
    }),
  );
  expect(started.status, started.text).toBe(201);
  otherPayment = started.json.payment_id;
  otherSession = (await api("/api/family/me", asFamily(theirs))).json.sessions[0].id;
});

/** The value of path parameter `param` of route `path` that belongs to the other family. */
function otherValue(path: string, param: string): string {
  if (param === "id") return String(path.startsWith("/api/family/sessions/") ? otherSession : otherChild.id);
  if (param === "payment_id") return otherPayment;
  throw new Error(`the family matrix does not know the parameter {${param}}: teach it`);
}

describe("another family's child, payment or session", () => {
  it("is 404 on every family route that names one, and the child's name is never sent", async () => {
    const doc = (await api("/api/openapi.json")).json as Doc;
    const routes = Object.entries(doc.paths).filter(([path]) => path.startsWith("/api/family/") && path.includes("{"));
    let called = 0;
    for (const [path, methods] of routes) {
      const url = path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(otherValue(path, p)));
      for (const method of Object.keys(methods)) {
        const verb = method.toUpperCase();
        const res = await api(url, asFamily(own, verb === "GET" ? {} : { method: verb, body: {} }));
        expect(res.status, `${verb} ${path}: ${res.text}`).toBe(404);
        expect(res.text).not.toContain(otherChild.full_name);
        called++;
      }
    }
    expect(called).toBeGreaterThanOrEqual(3);
  });

  it("is 404 in a payment's children, with nothing started", async () => {
    const res = await api(
      "/api/family/payments",
      asFamily(own, {
        method: "POST",
        body: { children: [{ id: otherChild.id, amount: "next" }] },
        headers: { "Idempotency-Key": uid("mx") },
      }),
    );
    expect(res.status, res.text).toBe(404);
    expect(res.text).not.toContain(otherChild.full_name);
  });
});
