/**
 * A family replaying its own signed transaction with the boundaries between signed fields moved
 * (docs/product.md#online-payments; SECURITY.md, "Online payments"). Paymob's HMAC is over the 20 values concatenated
 * without separators, so `"id": "false"+T` with `has_parent_transaction` left out, or the id's last digit moved into
 * `integration_id`, keeps the signature valid. Each forgery is built from a genuine transaction exactly so; none may
 * record a second receipt, credit or refund. The database rules behind it are tested apart, with transactions signed
 * anew by the school's own secret (as if Paymob itself had sent them).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, loginAdmin } from "./helpers";
import { deliver, family, ledger, sign, standinTransaction, startPayment } from "./online-fixtures";
import { verifyPaymob } from "../../worker/services/paymob/hmac";
import { HMAC_SECRET } from "./online-fixtures";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

/** Expects the callback refused as not describing a transaction (400 PAYMOB_CALLBACK_INVALID). */
const refusedAsInvalid = (res: Awaited<ReturnType<typeof deliver>>) =>
  expect(expectError(res, 400, "VALIDATION_FAILED").reason).toBe("PAYMOB_CALLBACK_INVALID");

/** A family that paid `amount` EGP online, with the genuine signed transaction of that payment. */
async function paidOnline(amount: number | "all" | "next") {
  const f = await family(token);
  const p = await startPayment(f.studentNo, amount);
  const paid = await standinTransaction(p.order_id);
  expect((await deliver(paid.obj, paid.hmac)).json.outcome).toBe("recorded");
  return { ...f, p, paid };
}

/** After every forgery: one RCP receipt, one recorded success, paid = Σ rows. */
async function onceOnly(feeId: number, paidPiastres: number) {
  const l = await ledger(feeId);
  expect(l.sum).toBe(l.paid);
  expect(l.paid).toBe(paidPiastres);
  expect(l.rows.filter((r) => r.receiptNo.startsWith("RCP-"))).toHaveLength(1);
  expect(l.txns.filter((t) => t.kind === "payment")).toHaveLength(1);
  return l;
}

describe("moving the boundary between signed fields", () => {
  it('"id": "false"+T with has_parent_transaction left out keeps the HMAC and is refused', async () => {
    const { feeId, paid } = await paidOnline(100);
    const forged: Record<string, unknown> = { ...paid.obj, id: `false${paid.obj.id}` };
    delete forged.has_parent_transaction;
    expect(await verifyPaymob(forged, paid.hmac, HMAC_SECRET)).toBe(true);
    refusedAsInvalid(await deliver(forged, paid.hmac));
    await onceOnly(feeId, 10_000);
  });

  it("the id's last digits moved into integration_id keep the HMAC and are refused", async () => {
    const { feeId, paid } = await paidOnline(100);
    const id = String(paid.obj.id);
    // The id's trailing digits up to its last non-zero one: a moved "0" would lead integration_id and be dropped as
    // a number (ids ending in 0, one in ten, made this forgery change the signed text).
    const k = [...id].reverse().findIndex((c) => c !== "0") + 1;
    const forged = {
      ...paid.obj,
      id: Number(id.slice(0, -k)),
      integration_id: Number(id.slice(-k) + String(paid.obj.integration_id)),
    };
    expect(await verifyPaymob(forged, paid.hmac, HMAC_SECRET)).toBe(true);
    refusedAsInvalid(await deliver(forged, paid.hmac));
    await onceOnly(feeId, 10_000);
  });

  it("ids and owner as strings, a boolean as a string, or a signed field missing are refused", async () => {
    const { feeId, paid } = await paidOnline(100);
    const { is_voided: _, ...noVoided } = paid.obj;
    const order = paid.obj.order as Record<string, unknown>;
    const variants: Record<string, unknown>[] = [
      { ...paid.obj, id: String(paid.obj.id) },
      { ...paid.obj, order: { ...order, id: String(order.id) } },
      { ...paid.obj, owner: String(paid.obj.owner) },
      { ...paid.obj, integration_id: String(paid.obj.integration_id) },
      { ...paid.obj, success: "true" },
      { ...paid.obj, pending: null },
      noVoided,
    ];
    for (const v of variants) refusedAsInvalid(await deliver(v, await sign(v)));
    await onceOnly(feeId, 10_000);
  });
});

describe("one recorded success per order, whatever its id", () => {
  it("a second verified success for a paid order is a replay: no second receipt, credit or message", async () => {
    const { feeId, paid, p } = await paidOnline("all");
    const again = { ...paid.obj, id: Number(paid.obj.id) + 1_000_000 };
    const burst = await Promise.all(
      Array.from({ length: 5 }, (_, i) => ({ ...again, id: (again.id as number) + i })).map(async (o) =>
        deliver(o, await sign(o)),
      ),
    );
    expect(burst.map((r) => r.json.outcome)).toEqual(Array(5).fill("replayed"));
    const l = await onceOnly(feeId, 500_000);
    expect(l.online[0]).toMatchObject({ status: "paid", creditPiastres: 0 });
    const list = (await api("/api/admin/online-payments?status=paid", { token })).json;
    expect(list.payments.find((x: { payment_id: string }) => x.payment_id === p.payment_id)).toMatchObject({
      amount: 5000,
      credit: 0,
    });
  });
});

describe("refunds never exceed what the order brought in", () => {
  it("a genuine refund re-sent under altered ids takes nothing more off", async () => {
    const { feeId, p } = await paidOnline(300);
    const refund = await standinTransaction(p.order_id, { amount_cents: 30_000 }, "refund");
    expect((await deliver(refund.obj, refund.hmac)).json.outcome).toBe("refunded");
    for (let i = 1; i <= 3; i++) {
      const altered = { ...refund.obj, id: Number(refund.obj.id) + i * 7919 };
      expect((await deliver(altered, await sign(altered))).json.outcome).toBe("refused");
    }
    const l = await ledger(feeId);
    expect(l.sum).toBe(l.paid);
    expect(l.paid).toBe(0);
    expect(l.online[0]!.refundedPiastres).toBe(30_000);
    expect(l.rows.filter((r) => r.kind === "adjustment")).toHaveLength(1);
  });

  it("partial refunds replayed at once stop at the payment's amount", async () => {
    const { feeId, p } = await paidOnline("next");
    const first = await standinTransaction(p.order_id, { amount_cents: 30_000 }, "refund");
    const refunds = Array.from({ length: 6 }, (_, i) => ({ ...first.obj, id: Number(first.obj.id) + i * 101 }));
    const answers = await Promise.all(refunds.map(async (o) => deliver(o, await sign(o))));
    const outcomes = answers.map((r) => r.json.outcome).sort();
    expect(outcomes).toEqual(["refunded", "refunded", "refunded", "refused", "refused", "refused"]);
    const l = await ledger(feeId);
    expect(l.sum).toBe(l.paid);
    expect(l.paid).toBe(10_000);
    expect(l.online[0]!.refundedPiastres).toBe(90_000);
  });

  it("a refund of an order nothing was recorded for is refused", async () => {
    const f = await family(token);
    const p = await startPayment(f.studentNo, "next");
    const refund = await standinTransaction(p.order_id, { amount_cents: 10_000 }, "refund");
    expect((await deliver(refund.obj, refund.hmac)).json.outcome).toBe("refused");
    const l = await ledger(f.feeId);
    expect([l.paid, l.rows.length, l.online[0]!.refundedPiastres]).toEqual([0, 0, 0]);
  });
});

describe("callbacks of another type", () => {
  it("a TOKEN callback is answered 200 and ignored, so Paymob stops retrying it", async () => {
    const token = {
      id: 98765,
      token: "abc",
      masked_pan: "xxxx-xxxx-xxxx-2346",
      merchant_id: 302852,
      card_subtype: "MasterCard",
      created_at: "2026-12-01T10:00:00.000000",
      email: "family@example.com",
      order_id: "123",
    };
    const res = await api("/api/payments/paymob/callback?hmac=ignored", {
      method: "POST",
      body: { type: "TOKEN", obj: token },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true, outcome: "ignored" });
  });
});
