/**
 * A family pays for several children in one checkout (docs/product.md#family-accounts, #online-payments;
 * docs/decisions/0045-family-payment-parts.md): the server's amount per child, one Paymob intention of the total
 * with a line item per child, and on the verified success one receipt per child allocated as the desk would (arrears
 * first), in one batch. Replayed and concurrent callbacks, an amount unlike the order, the desk paying meanwhile
 * (credit per child), a child removed from the number before the callback, reconciliation, and another family's
 * child or payment (404). After every write: paid = Σ payment rows per account, never above its total.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { onlinePaymentParts, payments } from "../../db/schema";
import { receipt } from "../../worker/services/print";
import { asFamily, signedIn } from "./family-fixtures";
import { child, mother, orderOf, paid, startFamilyPayment } from "./family-pay-fixtures";
import { testDb } from "./fixtures";
import { mobile } from "./guardian-fixtures";
import { api, expectError, loginAdmin, uid } from "./helpers";
import { deliver, standinOrder, standinTransaction } from "./online-fixtures";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

/** The arrears of the first child (2000 EGP) and the next instalment of the second (1000 EGP), started. */
async function arrearsAndNext(m: Awaited<ReturnType<typeof mother>>, key?: string) {
  const res = await startFamilyPayment(
    m.cookie,
    [
      { id: m.a.id, amount: 2000 },
      { id: m.b.id, amount: "next" },
    ],
    key,
  );
  expect(res.status, res.text).toBe(201);
  return res.json as { payment_id: string; amount: number; children: { id: number; amount: number }[] };
}

describe("one checkout for two children", () => {
  it("shows each child's figures, charges the total with a line item per child, records one receipt per child", async () => {
    const m = await mother();
    const figures = await api("/api/family/pay", asFamily(m.cookie));
    expect(figures.status, figures.text).toBe(200);
    expect(figures.headers.get("Cache-Control")).toBe("no-store");
    expect(figures.json.children).toEqual([
      expect.objectContaining({
        id: m.a.id,
        remaining: 7000,
        arrears: 2000,
        choices: { next: 2000, overdue: 3000, all: 7000 },
      }),
      expect.objectContaining({
        id: m.b.id,
        remaining: 5000,
        arrears: 0,
        choices: { next: 1000, overdue: 1000, all: 5000 },
      }),
    ]);

    const created = await arrearsAndNext(m);
    expect(created.amount).toBe(3000);
    expect(created.children).toEqual([
      { id: m.a.id, amount: 2000 },
      { id: m.b.id, amount: 1000 },
    ]);
    const op = await orderOf(created.payment_id);
    const order = (await standinOrder(op.orderId)) as unknown as {
      items: { amount: number }[];
      redirectionUrl: string;
    };
    expect(order.items.map((i) => i.amount)).toEqual([200_000, 100_000]);
    expect(new URL(order.redirectionUrl).pathname).toBe("/family/payments/return");

    const { obj, hmac } = await standinTransaction(op.orderId);
    const first = await deliver(obj, hmac);
    expect(first.json, first.text).toEqual({ received: true, outcome: "recorded" });
    // The arrears settle last year's account only; the second child's next instalment its own account.
    expect(await paid(m.a.pastId!, m.a.currentId, m.b.currentId)).toEqual([300_000, 0, 100_000]);

    const status = await api(`/api/family/payments/${created.payment_id}`, asFamily(m.cookie));
    expect(status.status, status.text).toBe(200);
    expect(status.json).toMatchObject({ status: "paid", amount: 3000 });
    const kids = status.json.children as { id: number; amount: number; credit: number; receipt_url: string }[];
    expect(kids.map((k) => [k.id, k.amount, k.credit])).toEqual([
      [m.a.id, 2000, 0],
      [m.b.id, 1000, 0],
    ]);
    expect(kids.every((k) => k.receipt_url?.startsWith("/pay/receipts/"))).toBe(true);
    for (const [k, expected] of [
      [m.a, 2000],
      [m.b, 1000],
    ] as const) {
      const detail = await api(`/api/family/children/${k.id}`, asFamily(m.cookie));
      const online = detail.json.receipts.filter((r: { source: string }) => r.source === "online");
      expect(online.map((r: { amount: number }) => r.amount)).toEqual([expected]);
    }
    const nos = (kids as unknown as { receipt_no: string }[]).map((k) => k.receipt_no);
    expect(nos.every((n) => /^RCP-\d{4}-\d{4}-\d{6}$/.test(n))).toBe(true);
    expect(new Set(nos).size).toBe(2);
    // Each child's printed receipt says what was paid for that child, not the checkout's total.
    const printed = await Promise.all(nos.map((no) => receipt(testDb(), no)));
    expect(printed.map((r) => [r.online?.received, r.online?.applied, r.online?.credit, r.payment.amount])).toEqual([
      [2000, 2000, 0, 2000],
      [1000, 1000, 0, 1000],
    ]);

    // The same callback again adds nothing.
    expect((await deliver(obj, hmac)).json.outcome).toBe("replayed");
    expect(await paid(m.a.pastId!, m.a.currentId, m.b.currentId)).toEqual([300_000, 0, 100_000]);
  });

  it("records once when the callback arrives five times at once, and a second success of the order adds nothing", async () => {
    const m = await mother();
    const created = await arrearsAndNext(m);
    const op = await orderOf(created.payment_id);
    const { obj, hmac } = await standinTransaction(op.orderId);
    const outcomes = (await Promise.all(Array.from({ length: 5 }, () => deliver(obj, hmac)))).map(
      (r) => r.json.outcome,
    );
    expect(outcomes.filter((o) => o === "recorded")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "replayed")).toHaveLength(4);
    const other = await standinTransaction(op.orderId);
    expect((await deliver(other.obj, other.hmac)).json.outcome).toBe("replayed");
    expect(await paid(m.a.pastId!, m.a.currentId, m.b.currentId)).toEqual([300_000, 0, 100_000]);
    const online = await testDb()
      .select()
      .from(payments)
      .where(sql`${payments.feeRecordId} IN (${m.a.pastId}, ${m.b.currentId}) AND ${payments.source} = 'online'`);
    expect(online).toHaveLength(2);
  });

  it("records nothing for a success whose amount differs from the total", async () => {
    const m = await mother();
    const created = await arrearsAndNext(m);
    const op = await orderOf(created.payment_id);
    const { obj, hmac } = await standinTransaction(op.orderId, { amount_cents: 200_000 });
    expect((await deliver(obj, hmac)).json.outcome).toBe("mismatch");
    expect(await paid(m.a.pastId!, m.a.currentId, m.b.currentId)).toEqual([100_000, 0, 0]);
    expect((await api(`/api/family/payments/${created.payment_id}`, asFamily(m.cookie))).json.status).toBe("pending");
  });

  it("keeps what a child no longer owes as that child's credit when the desk took money meanwhile", async () => {
    const m = await mother();
    const created = await arrearsAndNext(m);
    const desk = await api(`/api/fees/${m.b.student_no}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 4500 },
      headers: { "Idempotency-Key": uid("desk") },
    });
    expect(desk.status, desk.text).toBe(201);
    const op = await orderOf(created.payment_id);
    const { obj, hmac } = await standinTransaction(op.orderId);
    expect((await deliver(obj, hmac)).json.outcome).toBe("recorded");
    expect(await paid(m.a.pastId!, m.b.currentId)).toEqual([300_000, 500_000]);
    const parts = await testDb().select().from(onlinePaymentParts).where(eq(onlinePaymentParts.onlinePaymentId, op.id));
    expect(parts.map((p) => [p.appliedPiastres, p.creditPiastres])).toEqual([
      [200_000, 0],
      [50_000, 50_000],
    ]);
    expect((await orderOf(created.payment_id)).creditPiastres).toBe(50_000);
    const status = await api(`/api/family/payments/${created.payment_id}`, asFamily(m.cookie));
    expect(status.json.children.map((k: { credit: number }) => k.credit)).toEqual([0, 500]);
    const printed = await receipt(testDb(), status.json.children[1].receipt_no);
    expect(printed.online).toMatchObject({ received: 1000, applied: 500, credit: 500, creditRefunded: 0 });
  });

  it("records a child removed from the number before the callback, but no longer links its receipt for this family", async () => {
    const m = await mother();
    const created = await arrearsAndNext(m);
    const edit = await api(`/api/students/${m.b.id}`, {
      method: "PUT",
      token,
      body: { ...m.b.body, guardians: [{ full_name: "Other", relation: "father", phone: mobile() }] },
    });
    expect(edit.status, edit.text).toBe(200);
    const op = await orderOf(created.payment_id);
    const { obj, hmac } = await standinTransaction(op.orderId);
    expect((await deliver(obj, hmac)).json.outcome).toBe("recorded");
    expect(await paid(m.a.pastId!, m.b.currentId)).toEqual([300_000, 100_000]);
    const status = await api(`/api/family/payments/${created.payment_id}`, asFamily(m.cookie));
    const [a, b] = status.json.children as { receipt_url: string | null }[];
    expect(a!.receipt_url).toMatch(/^\/pay\/receipts\//);
    expect(b!.receipt_url).toBeNull();
  });

  it("is recorded by reconciliation when the callback never came", async () => {
    const m = await mother();
    const created = await arrearsAndNext(m);
    const op = await orderOf(created.payment_id);
    await standinTransaction(op.orderId);
    const check = await api("/api/admin/online-payments/check", { method: "POST", token });
    expect(check.status, check.text).toBe(200);
    expect((await api(`/api/family/payments/${created.payment_id}`, asFamily(m.cookie))).json.status).toBe("paid");
    expect(await paid(m.a.pastId!, m.b.currentId)).toEqual([300_000, 100_000]);
  });
});

describe("what a family may not pay", () => {
  it("refuses another family's child (404), nothing owed, more than owed, and answers a replayed key", async () => {
    const m = await mother();
    const strangerPhone = mobile();
    const stranger = await child(strangerPhone);
    const other = await startFamilyPayment(m.cookie, [
      { id: m.a.id, amount: "next" },
      { id: stranger.id, amount: "next" },
    ]);
    expect(expectError(other, 404, "NOT_FOUND").reason).toBe("FAMILY_CHILD_NOT_FOUND");

    const over = await startFamilyPayment(m.cookie, [{ id: m.b.id, amount: 5000.01 }]);
    expect(expectError(over, 400, "VALIDATION_FAILED").reason).toBe("ONLINE_AMOUNT_INVALID");
    expect(over.json.child_id).toBe(m.b.id);
    const twice = await startFamilyPayment(m.cookie, [
      { id: m.b.id, amount: "next" },
      { id: m.b.id, amount: 10 },
    ]);
    expect(expectError(twice, 400, "VALIDATION_FAILED").reason).toBe("FAMILY_PAY_NO_CHILD");

    const settled = await api(`/api/fees/${m.b.student_no}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 5000 },
      headers: { "Idempotency-Key": uid("desk") },
    });
    expect(settled.status, settled.text).toBe(201);
    const none = await startFamilyPayment(m.cookie, [{ id: m.b.id, amount: "all" }]);
    expect(expectError(none, 400, "VALIDATION_FAILED").reason).toBe("ONLINE_NOTHING_DUE");

    const key = uid("fk");
    const once = await startFamilyPayment(m.cookie, [{ id: m.a.id, amount: "overdue" }], key);
    expect(once.status, once.text).toBe(201);
    expect(once.json.amount).toBe(3000);
    const again = await startFamilyPayment(m.cookie, [{ id: m.a.id, amount: "overdue" }], key);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(once.json);
    const changed = await startFamilyPayment(m.cookie, [{ id: m.a.id, amount: "all" }], key);
    expect(expectError(changed, 422, "UNPROCESSABLE").reason).toBe("IDEMPOTENCY_MISMATCH");

    // Another number's session sees neither the payment nor the child.
    const otherCookie = await signedIn(strangerPhone);
    expectError(await api(`/api/family/payments/${once.json.payment_id}`, asFamily(otherCookie)), 404, "NOT_FOUND");
    const theirs = await startFamilyPayment(otherCookie, [{ id: m.a.id, amount: "next" }]);
    expect(expectError(theirs, 404, "NOT_FOUND").reason).toBe("FAMILY_CHILD_NOT_FOUND");
  });

  it("starts at most 10 checkouts a minute per signed-in number (each asks Paymob for an intention)", async () => {
    const m = await mother();
    for (let i = 0; i < 10; i++) {
      const res = await startFamilyPayment(m.cookie, [{ id: m.b.id, amount: "next" }]);
      expect(res.status, res.text).toBe(201);
    }
    const over = await startFamilyPayment(m.cookie, [{ id: m.b.id, amount: "next" }]);
    expectError(over, 429, "RATE_LIMITED");
    expect(over.headers.get("Retry-After")).toBe("60");
  });
});
