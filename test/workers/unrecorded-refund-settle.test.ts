/**
 * The office settles a refund not recorded (docs/product.md#online-payments, "Refunds not recorded"): only while it
 * is open, once whatever the clicks at once (one audit row), with a note; it then leaves the list, the figure and
 * the filter, and a later report of the same refund adds nothing, even once the accounts could take it again.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, onlinePayments } from "../../db/schema";
import { testDb } from "./fixtures";
import { api, expectError, loginAdmin } from "./helpers";
import { deliver, family, ledger, standinTransaction, startPayment } from "./online-fixtures";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const settle = (txn: string, note: unknown, as = token) =>
  api(`/api/admin/online-payments/unrecorded-refunds/${encodeURIComponent(txn)}/settle`, {
    method: "POST",
    token: as,
    body: { note },
  });

const listed = async (studentNo: string, query = "") => {
  const res = await api(`/api/admin/online-payments?q=${studentNo}${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.json as {
    payments: { order_id: string; refunded: number; unrecorded_refunds: { transaction_id: string }[] }[];
    unrecorded_refunds: { count: number; amount: number };
  };
};

/** A student who paid 1000 EGP on /pay, and Paymob's refund of all of it after the office took it back by hand. */
async function refusedRefund() {
  const f = await family(token);
  const started = await startPayment(f.studentNo, 1000);
  const paid = await standinTransaction(started.order_id);
  expect((await deliver(paid.obj, paid.hmac)).json.outcome).toBe("recorded");
  const desk = await api(`/api/fees/${f.studentNo}`, {
    method: "PUT",
    token,
    body: { total_amount: 5000, paid_amount: 0 },
  });
  expect(desk.status, desk.text).toBe(200);
  const r = await standinTransaction(started.order_id, { amount_cents: 100_000 }, "refund");
  expect((await deliver(r.obj, r.hmac)).json.outcome).toBe("refused");
  return { ...f, orderId: started.order_id, publicId: started.payment_id, txn: String(r.obj.id), refund: r };
}

const audits = async (txn: string) =>
  (
    await testDb()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "settle_unrecorded_refund"),
          sql`json_extract(${auditLog.after}, '$.transaction_id') = ${txn}`,
        ),
      )
  ).length;

describe("settling a refund not recorded", () => {
  it("asks for a note, settles once among five clicks at once, and leaves the list and the figure", async () => {
    const p = await refusedRefund();
    const before = await listed(p.studentNo);
    expect(before.payments[0]!.unrecorded_refunds.map((u) => u.transaction_id)).toEqual([p.txn]);

    expectError(await settle(p.txn, "   "), 400, "VALIDATION_FAILED");
    expectError(await settle(p.txn, "x".repeat(501)), 400, "VALIDATION_FAILED");
    expectError(await settle("no-such-transaction", "checked"), 404, "NOT_FOUND");
    expectError(
      await api(`/api/admin/online-payments/unrecorded-refunds/${p.txn}/settle`, {
        method: "POST",
        body: { note: "x" },
      }),
      401,
      "UNAUTHORIZED",
    );

    const note = "خُفّضت المصروفات بالمبلغ نفسه في الخزينة";
    const answers = await Promise.all(Array.from({ length: 5 }, () => settle(p.txn, note)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expectError(a, 409, "CONFLICT");
    expect(ok[0]!.json).toMatchObject({ transaction_id: p.txn, amount: 1000, reason: "accounts_short", note });
    expect(ok[0]!.json.settled_by).toEqual(expect.any(String));
    expect(await audits(p.txn)).toBe(1);

    const after = await listed(p.studentNo);
    expect(after.payments[0]!.unrecorded_refunds).toEqual([]);
    expect(after.payments[0]!.refunded).toBe(1000);
    expect(after.unrecorded_refunds.count).toBe(before.unrecorded_refunds.count - 1);
    expect((await listed(p.studentNo, "&refund=unrecorded")).payments).toEqual([]);
    expectError(await settle(p.txn, "again"), 409, "CONFLICT");
    expect(await audits(p.txn)).toBe(1);
  });

  it("a later report of a settled refund adds nothing, even when the accounts could take it again", async () => {
    const p = await refusedRefund();
    expect((await settle(p.txn, "refunded at the desk")).status).toBe(200);
    // The office puts the 1000 back on the account: before settling, a new report would now be recorded.
    const back = await api(`/api/fees/${p.studentNo}`, {
      method: "PUT",
      token,
      body: { total_amount: 5000, paid_amount: 1000 },
    });
    expect(back.status, back.text).toBe(200);
    expect((await deliver(p.refund.obj, p.refund.hmac)).json.outcome).toBe("replayed");
    const l = await ledger(p.feeId);
    expect([l.paid, l.sum]).toEqual([100_000, 100_000]);
    expect(l.txns.filter((t) => t.kind === "refund").map((t) => t.source)).toEqual(["office"]);
    const [order] = await testDb().select().from(onlinePayments).where(eq(onlinePayments.publicId, p.publicId));
    expect(order!.refundedPiastres).toBe(100_000);
  });

  it("settles a refund beyond what the payment brought in", async () => {
    const f = await family(token);
    const started = await startPayment(f.studentNo, 500);
    const paid = await standinTransaction(started.order_id);
    expect((await deliver(paid.obj, paid.hmac)).json.outcome).toBe("recorded");
    const r = await standinTransaction(started.order_id, { amount_cents: 50_001 }, "refund");
    expect((await deliver(r.obj, r.hmac)).json.outcome).toBe("refused");
    const res = await settle(String(r.obj.id), "Paymob refunded one piastre more: written off");
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ reason: "beyond_payment", amount: 500.01 });
    expect((await deliver(r.obj, r.hmac)).json.outcome).toBe("replayed");
    expect((await ledger(f.feeId)).paid).toBe(50_000);
  });
});
