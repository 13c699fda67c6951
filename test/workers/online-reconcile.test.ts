/**
 * The reconciliation Cron Trigger (docs/product.md#online-payments; worker/online-payments-runtime.ts): a payment
 * pending 30 minutes is asked about with the transaction inquiry and recorded once, whichever of the inquiry and a
 * late callback comes first; a younger one is left alone; without Paymob settings the run does nothing.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Env } from "../../worker/env";
import { runReconciliation } from "../../worker/online-payments-runtime";
import { loginAdmin, uid } from "./helpers";
import { deliver, family, ledger, pub, standinTransaction } from "./online-fixtures";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

/** Starts a payment of `amount` EGP as if at `at`. */
async function startAt(studentNo: string, amount: number, at: Date) {
  const res = await pub("/api/public/payments", {
    method: "POST",
    body: { national_id: studentNo, amount },
    headers: { "Idempotency-Key": uid("cron"), "X-Test-Now": at.toISOString() },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { payment_id: string; order_id: string };
}

describe("the reconciliation Cron Trigger", () => {
  it("records a success whose callback was lost after 30 minutes, not before; the late callback then adds nothing", async () => {
    const f = await family(token);
    const now = new Date();
    const old = await startAt(f.studentNo, 100, new Date(now.getTime() - 31 * 60_000));
    const young = await startAt(f.studentNo, 200, new Date(now.getTime() - 5 * 60_000));
    const lost = await standinTransaction(old.order_id);
    await standinTransaction(young.order_id);

    const result = await runReconciliation(env as unknown as Env, now);
    expect(result?.paid).toBeGreaterThanOrEqual(1);
    expect((await pub(`/api/public/payments/${old.payment_id}`)).json.status).toBe("paid");
    expect((await pub(`/api/public/payments/${young.payment_id}`)).json.status).toBe("pending");
    expect((await deliver(lost.obj, lost.hmac)).json.outcome).toBe("replayed");
    const l = await ledger(f.feeId);
    expect([l.paid, l.sum, l.rows.length]).toEqual([10_000, 10_000, 1]);
  });

  it("does nothing when Paymob is not configured", async () => {
    const off = { ...(env as unknown as Env), PAYMOB_SECRET_KEY: undefined };
    expect(await runReconciliation(off, new Date())).toBeNull();
  });
});
