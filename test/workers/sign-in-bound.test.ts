/**
 * The per-isolate sign-in bound (worker/services/auth.ts SIGN_IN_LANE; docs/product.md#admin-sign-in): a storm of
 * failed sign-ins, each from its own address and so under every address limit, is refused 503 past the bound at once,
 * and the fees desk's payments sent alongside still go through.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LANE } from "../../worker/services/auth";
import { api, expectError, loginAdmin, uid } from "./helpers";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const nid = () => `3${Array.from(crypto.getRandomValues(new Uint8Array(13)), (b) => b % 10).join("")}`;
let net = 0;
const freshIp = () => `198.51.${Math.floor(++net / 250)}.${(net % 250) + 1}`;

async function feeRecord(total: number): Promise<string> {
  const studentNo = nid();
  const s = await api("/api/students", {
    method: "POST",
    token,
    body: {
      student_no: studentNo,
      full_name: `Storm ${uid()}`,
      nationality: "Egyptian",
      current_grade: "Prep-1",
      building_no: 1,
    },
  });
  expect(s.status).toBe(201);
  const f = await api("/api/fees", {
    method: "POST",
    token,
    body: { student_id: studentNo, grade: "Prep-1", total_amount: total, paid_amount: 0 },
  });
  expect(f.status).toBe(201);
  return studentNo;
}

describe("sign-in bound", () => {
  it("120 parallel failed sign-ins from 120 addresses: the excess is refused 503 at once; 5 payments alongside pay", async () => {
    const students = await Promise.all(Array.from({ length: 5 }, () => feeRecord(1000)));
    const { limit, queue } = SIGN_IN_LANE.limits;
    const started = Date.now();
    const signIns = Array.from({ length: 120 }, (_, i) =>
      api("/api/auth/login", {
        method: "POST",
        body: { username: uid(`storm${i}`), password: "wrong-password" },
        headers: { "CF-Connecting-IP": freshIp() },
      }),
    );
    const pays = students.map((no) =>
      api(`/api/fees/${no}/add-payment`, {
        method: "POST",
        token,
        body: { payment_amount: 100 },
        headers: { "Idempotency-Key": uid("pay") },
      }),
    );
    const answers = await Promise.all(signIns);
    const statuses = answers.map((a) => a.status);
    // At most the lane's slots and queue were worked on; every other attempt was refused, never a 500.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(limit + queue);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(120 - limit - queue);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    const refused = answers.find((a) => a.status === 503)!;
    expectError(refused, 503, "SERVICE_UNAVAILABLE");
    expect(refused.headers.get("Retry-After")).toBe("2");
    for (const p of await Promise.all(pays)) expect(p.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
