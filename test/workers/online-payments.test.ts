/**
 * Online payments through Paymob (docs/product.md#online-payments), against the local stand-in
 * (docs/decisions/0036-paymob-local-stand-in.md): the family's figures, creating a payment (server-chosen amount,
 * Idempotency-Key), the signed callback (good, forged, missing, fields changed after signing), replays one after
 * another and ten at once, declined, amount mismatch, unknown order, a success after the desk took the money
 * (credit), a callback racing the desk for the last instalment, refunds (ADJ), and reconciliation ("Check now").
 */
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { and, eq } from "drizzle-orm";
import { testDb } from "./fixtures";
import { api, expectError, loginAdmin, uid } from "./helpers";
import { deliver, family, ledger, pub, sign, STANDIN, standinTransaction, startPayment } from "./online-fixtures";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

/** Paid = Σ payment rows, never above the total (the invariant every path keeps). */
async function balanced(feeId: number) {
  const l = await ledger(feeId);
  expect(l.sum).toBe(l.paid);
  expect(l.paid).toBeLessThanOrEqual(l.total);
  return l;
}

describe("the family's figures and starting a payment", () => {
  it("shows the instalments and what each choice charges; unknown IDs are refused like the results lookup", async () => {
    const f = await family(token);
    const arabicDigits = f.studentNo.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await pub(`/api/public/fees/${encodeURIComponent(arabicDigits)}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.json).toMatchObject({
      fee: { total: 5000, paid: 0, remaining: 5000, overdue_amount: 1000 },
      choices: { next: 1000, overdue: 1000, all: 5000 },
      payments_enabled: true,
    });
    expect(res.json.fee.instalments.map((i: { status: string }) => i.status)).toEqual([
      "overdue",
      "upcoming",
      "upcoming",
    ]);
    expect(JSON.stringify(res.json)).not.toMatch(/student_no|discount|payments"/);
    const unknown = await pub("/api/public/fees/00000000000000");
    expect(expectError(unknown, 404, "NOT_FOUND").reason).toBe("PUBLIC_FEES_NOT_FOUND");
  });

  it("creates a pending payment of the server's amount, answers a replay with the same payment, refuses other bodies", async () => {
    const f = await family(token);
    const key = uid("key");
    const created = await startPayment(f.studentNo, "next", key);
    expect(created.amount).toBe(1000);
    const checkout = new URL(created.checkout_url);
    expect(checkout.origin).toBe(STANDIN);
    expect(checkout.pathname).toBe("/unifiedcheckout/");
    expect(checkout.searchParams.get("publicKey")).toBeTruthy();
    expect(checkout.searchParams.get("clientSecret")).toBeTruthy();
    expect(created.payment_id).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const again = await pub("/api/public/payments", {
      method: "POST",
      body: { national_id: f.studentNo, amount: "next" },
      headers: { "Idempotency-Key": key },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.json).toEqual(created);
    const other = await pub("/api/public/payments", {
      method: "POST",
      body: { national_id: f.studentNo, amount: 20 },
      headers: { "Idempotency-Key": key },
    });
    expect(expectError(other, 422, "UNPROCESSABLE").reason).toBe("IDEMPOTENCY_MISMATCH");

    const post = (amount: unknown, headers: Record<string, string> = { "Idempotency-Key": uid("k") }) =>
      pub("/api/public/payments", { method: "POST", body: { national_id: f.studentNo, amount }, headers });
    expect(expectError(await post(5000.01), 400, "VALIDATION_FAILED").reason).toBe("ONLINE_AMOUNT_INVALID");
    expect(expectError(await post(0.5), 400, "VALIDATION_FAILED").reason).toBe("ONLINE_AMOUNT_INVALID");
    expect(expectError(await post("everything"), 400, "VALIDATION_FAILED").reason).toBeTruthy();
    expect(expectError(await post(10, {}), 400, "VALIDATION_FAILED").reason).toBe("IDEMPOTENCY_KEY_INVALID");
    expect((await startPayment(f.studentNo, "1,250.50")).amount).toBe(1250.5);
    expect((await startPayment(f.studentNo, "all")).amount).toBe(5000);
    const status = await pub(`/api/public/payments/${created.payment_id}`);
    expect(status.json).toMatchObject({ status: "pending", amount: 1000, receipt_url: null });
    expect((await balanced(f.feeId)).rows).toHaveLength(0);
  });
});

describe("the callback's signature", () => {
  it("missing, wrong, or over fields changed after signing → 401 and nothing written; signed → recorded", async () => {
    const f = await family(token);
    const p = await startPayment(f.studentNo, "overdue");
    const { obj, hmac } = await standinTransaction(p.order_id);
    const refused = [
      await deliver(obj, null),
      await deliver(obj, "0".repeat(128)),
      await deliver(obj, await sign(obj, "not-the-secret")),
      await deliver({ ...obj, amount_cents: 1 }, hmac),
      await deliver({ ...obj, success: false }, hmac),
      await deliver(obj, hmac.slice(0, 64)),
    ];
    for (const r of refused) expect(expectError(r, 401, "UNAUTHORIZED").reason).toBe("PAYMOB_HMAC_INVALID");
    const before = await balanced(f.feeId);
    expect([before.paid, before.rows.length, before.txns.length]).toEqual([0, 0, 0]);

    const ok = await deliver(obj, hmac.toUpperCase());
    expect(ok.json).toEqual({ received: true, outcome: "recorded" });
    const after = await balanced(f.feeId);
    expect(after.paid).toBe(100_000);
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]).toMatchObject({ kind: "payment", source: "online", adminId: null, amountPiastres: 100_000 });
    expect(after.rows[0]!.receiptNo).toMatch(/^RCP-\d{4}-\d{4}-\d{6}$/);
    const fee = (await api(`/api/fees/${f.studentNo}/payments`, { token })).json.payments[0];
    expect(fee.allocations).toEqual([expect.objectContaining({ instalment_no: 1, amount: 1000 })]);
    const audit = await testDb()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "fee_record"),
          eq(auditLog.entityId, String(f.feeId)),
          eq(auditLog.action, "online_payment"),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: null, adminUsername: "online" });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      receipt_no: after.rows[0]!.receiptNo,
      paid_piastres: 100_000,
    });

    const status = (await pub(`/api/public/payments/${p.payment_id}`)).json;
    expect(status).toMatchObject({ status: "paid", receipt_no: after.rows[0]!.receiptNo, credit: 0 });
    expect(status.receipt_url).toMatch(/^\/pay\/receipts\/[A-Za-z0-9_-]{40,}$/);
  });
});

describe("recorded once", () => {
  it("a replay answers 200 and adds nothing, one after another and ten at once", async () => {
    const f = await family(token);
    const p = await startPayment(f.studentNo, 750);
    const { obj, hmac } = await standinTransaction(p.order_id);
    const burst = await Promise.all(Array.from({ length: 10 }, () => deliver(obj, hmac)));
    expect(burst.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(burst.filter((r) => r.json.outcome === "recorded")).toHaveLength(1);
    expect(burst.filter((r) => r.json.outcome === "replayed")).toHaveLength(9);
    expect((await deliver(obj, hmac)).json.outcome).toBe("replayed");
    const l = await balanced(f.feeId);
    expect([l.paid, l.rows.length, l.txns.length]).toEqual([75_000, 1, 1]);
  });

  it("declined → failed, nothing paid; a later success on the same order is still recorded", async () => {
    const f = await family(token);
    const p = await startPayment(f.studentNo, "next");
    const declined = await standinTransaction(p.order_id, { outcome: "declined" });
    expect((await deliver(declined.obj, declined.hmac)).json.outcome).toBe("failed");
    expect((await deliver(declined.obj, declined.hmac)).json.outcome).toBe("replayed");
    expect((await pub(`/api/public/payments/${p.payment_id}`)).json.status).toBe("failed");
    expect((await balanced(f.feeId)).paid).toBe(0);
    const paid = await standinTransaction(p.order_id);
    expect((await deliver(paid.obj, paid.hmac)).json.outcome).toBe("recorded");
    expect((await pub(`/api/public/payments/${p.payment_id}`)).json.status).toBe("paid");
    expect((await balanced(f.feeId)).paid).toBe(100_000);
  });

  it("an amount or currency unlike the order is not recorded; an unknown order is ignored", async () => {
    const f = await family(token);
    const p = await startPayment(f.studentNo, "next");
    const less = await standinTransaction(p.order_id, { amount_cents: 100 });
    expect((await deliver(less.obj, less.hmac)).json.outcome).toBe("mismatch");
    const usd = await standinTransaction(p.order_id, { currency: "USD" });
    expect((await deliver(usd.obj, usd.hmac)).json.outcome).toBe("mismatch");
    expect((await balanced(f.feeId)).paid).toBe(0);
    expect((await pub(`/api/public/payments/${p.payment_id}`)).json.status).toBe("pending");
    const stranger = { ...less.obj, order: { id: 1, merchant_order_id: "elsewhere" } };
    expect((await deliver(stranger, await sign(stranger))).json).toEqual({ received: true, outcome: "ignored" });
  });
});

describe("money the desk already took", () => {
  it("a success after the desk was paid in full is recorded as credit, never refused", async () => {
    const f = await family(token);
    const p = await startPayment(f.studentNo, "all");
    const desk = await api(`/api/fees/${f.studentNo}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 4000 },
      headers: { "Idempotency-Key": uid("desk") },
    });
    expect(desk.status).toBe(201);
    const { obj, hmac } = await standinTransaction(p.order_id);
    expect((await deliver(obj, hmac)).json.outcome).toBe("recorded");
    const l = await balanced(f.feeId);
    expect(l.paid).toBe(500_000);
    expect(l.rows.find((r) => r.source === "online")?.amountPiastres).toBe(100_000);
    expect(l.online[0]).toMatchObject({ status: "paid", creditPiastres: 400_000 });
    const status = (await pub(`/api/public/payments/${p.payment_id}`)).json;
    expect(status).toMatchObject({ status: "paid", credit: 4000 });
    const list = (await api("/api/admin/online-payments?status=paid", { token })).json;
    expect(list.payments.find((x: { payment_id: string }) => x.payment_id === p.payment_id)).toMatchObject({
      credit: 4000,
    });
  });

  it("a callback racing a desk payment for the last instalment: both money movements are kept, paid never passes total", async () => {
    const f = await family(token);
    await api(`/api/fees/${f.studentNo}/add-payment`, { method: "POST", token, body: { payment_amount: 2500 } });
    const p = await startPayment(f.studentNo, "all");
    expect(p.amount).toBe(2500);
    const { obj, hmac } = await standinTransaction(p.order_id);
    const [online, desk] = await Promise.all([
      deliver(obj, hmac),
      api(`/api/fees/${f.studentNo}/add-payment`, { method: "POST", token, body: { payment_amount: 2500 } }),
    ]);
    expect(online.json.outcome).toBe("recorded");
    const l = await balanced(f.feeId);
    expect(l.paid).toBe(500_000);
    if (desk.status === 201) expect(l.online[0]!.creditPiastres).toBe(250_000);
    else {
      expect(expectError(desk, 400, "VALIDATION_FAILED").reason).toBe("PAYMENT_EXCEEDS_REMAINING");
      expect(l.online[0]!.creditPiastres).toBe(0);
    }
  });
});

describe("refunds", () => {
  it("fields outside the HMAC (is_refund, is_void, refunded_amount_cents) changed on a genuine callback move nothing", async () => {
    const f = await family(token);
    const p = await startPayment(f.studentNo, "next");
    const { obj, hmac } = await standinTransaction(p.order_id);
    expect((await deliver(obj, hmac)).json.outcome).toBe("recorded");
    const tampered = { ...obj, is_refund: true, is_void: true, refunded_amount_cents: 100_000 };
    expect((await deliver(tampered, hmac)).json.outcome).toBe("replayed");
    const l = await balanced(f.feeId);
    expect([l.paid, l.rows.length]).toEqual([100_000, 1]);
  });

  it("a refund becomes an ADJ adjustment, credit first; its replay adds nothing", async () => {
    const f = await family(token);
    const p = await startPayment(f.studentNo, "next");
    const paid = await standinTransaction(p.order_id);
    await deliver(paid.obj, paid.hmac);
    const refund = await standinTransaction(p.order_id, { amount_cents: 40_000 }, "refund");
    expect((await deliver(refund.obj, refund.hmac)).json.outcome).toBe("refunded");
    expect((await deliver(refund.obj, refund.hmac)).json.outcome).toBe("replayed");
    // The original reported again, flagged refunded: nothing more comes off.
    const flagged = { ...paid.obj, is_refunded: true };
    expect((await deliver(flagged, await sign(flagged))).json.outcome).toBe("replayed");
    const l = await balanced(f.feeId);
    expect(l.paid).toBe(60_000);
    const adj = l.rows.find((r) => r.kind === "adjustment")!;
    expect(adj).toMatchObject({ amountPiastres: -40_000, source: "online" });
    expect(adj.receiptNo).toMatch(/^ADJ-/);
    expect(l.online[0]).toMatchObject({ refundedPiastres: 40_000, creditPiastres: 0 });
  });
});

describe("reconciliation", () => {
  it("Check now records a success whose callback never came, and expires a checkout nobody paid", async () => {
    const f = await family(token);
    const lost = await startPayment(f.studentNo, "next");
    await standinTransaction(lost.order_id);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const old = await pub("/api/public/payments", {
      method: "POST",
      body: { national_id: f.studentNo, amount: 10 },
      headers: { "Idempotency-Key": uid("old"), "X-Test-Now": twoHoursAgo },
    });
    expect(old.status).toBe(201);
    const check = await api("/api/admin/online-payments/check", { method: "POST", token });
    expect(check.status, check.text).toBe(200);
    expect(check.json.checked).toBeGreaterThanOrEqual(2);
    expect((await pub(`/api/public/payments/${lost.payment_id}`)).json.status).toBe("paid");
    expect((await pub(`/api/public/payments/${old.json.payment_id}`)).json.status).toBe("expired");
    expect((await balanced(f.feeId)).paid).toBe(100_000);
    const l = await ledger(f.feeId);
    expect(l.txns.map((t) => t.source)).toEqual(["inquiry"]);
  });
});
