/**
 * Refunds and voids of a family's payment for several children (docs/product.md#family-accounts, docs/decisions/
 * 0045-family-payment-parts.md "Refunds"): split per child in one batch, the parts' open credit first (checkout
 * order), then what each child's part applied, last child first, newest receipt line first, each as ADJ on that
 * child's accounts. Full and partial refunds of two and three children, a part partly credit, a refund beyond the
 * total or that a child's account no longer holds (refused, nothing written), a replay and concurrent duplicates
 * (once). After every write: paid = Σ payment rows per account, 0 ≤ paid ≤ total, the ADJ rows add up to the
 * refunds.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, onlinePaymentParts, onlineRefundParts, payments } from "../../db/schema";
import { receipt } from "../../worker/services/print";
import { asFamily, signedIn } from "./family-fixtures";
import { child, deskPays, mother, orderOf, paid, startFamilyPayment } from "./family-pay-fixtures";
import { testDb } from "./fixtures";
import { mobile } from "./guardian-fixtures";
import { api, loginAdmin } from "./helpers";
import { deliver, standinTransaction } from "./online-fixtures";

/** Starts and records (Paymob's success) the family's checkout of `children`; returns the order row. */
async function paidCheckout(cookie: string, children: { id: number; amount: unknown }[]) {
  const res = await startFamilyPayment(cookie, children);
  expect(res.status, res.text).toBe(201);
  const op = await orderOf(res.json.payment_id);
  const { obj, hmac } = await standinTransaction(op.orderId);
  expect((await deliver(obj, hmac)).json.outcome).toBe("recorded");
  return { op, publicId: res.json.payment_id as string };
}

/** Paymob refunds `piastres` of order `orderId`; returns the callback's outcome and the transaction. */
async function refund(orderId: string, piastres: number) {
  const r = await standinTransaction(orderId, { amount_cents: piastres }, "refund");
  const res = await deliver(r.obj, r.hmac);
  expect(res.status, res.text).toBe(200);
  return { outcome: res.json.outcome as string, ...r };
}

/** Σ of the online ADJ rows on `ids` (piastres, negative for refunds). */
async function adjusted(ids: number[]) {
  const [{ s }] = await testDb()
    .select({ s: sql<number>`coalesce(sum(${payments.amountPiastres}), 0)` })
    .from(payments)
    .where(sql`${payments.feeRecordId} IN (${sql.join(ids, sql`, `)}) AND ${payments.kind} = 'adjustment'
      AND ${payments.source} = 'online'`);
  return Number(s);
}

/** Per part of order `opId` (checkout order): [credit, applied] taken back by all its refunds. */
async function taken(opId: number) {
  const rows = await testDb()
    .select({
      position: onlinePaymentParts.position,
      credit: sql<number>`coalesce(sum(${onlineRefundParts.creditPiastres}), 0)`,
      applied: sql<number>`coalesce(sum(${onlineRefundParts.appliedPiastres}), 0)`,
    })
    .from(onlinePaymentParts)
    .leftJoin(onlineRefundParts, eq(onlineRefundParts.partId, onlinePaymentParts.id))
    .where(eq(onlinePaymentParts.onlinePaymentId, opId))
    .groupBy(onlinePaymentParts.id)
    .orderBy(onlinePaymentParts.position);
  return rows.map((r) => [Number(r.credit), Number(r.applied)]);
}

/** The student numbers the audit rows of refund transaction `txn` name, per action. */
async function auditedChildren(txn: string) {
  const rows = await testDb()
    .select({ action: auditLog.action, after: auditLog.after })
    .from(auditLog)
    .where(
      sql`${auditLog.action} IN ('online_refund', 'online_refund_part')
        AND json_extract(${auditLog.after}, '$.transaction_id') = ${txn}`,
    );
  const of = (action: string) =>
    [...new Set(rows.filter((r) => r.action === action).map((r) => JSON.parse(r.after!).student_no))].sort();
  return { lines: of("online_refund"), parts: of("online_refund_part"), count: rows.length };
}

describe("refunding a family's payment for two children", () => {
  it("a full refund takes back each child's own part, credit-free, as ADJ on each child's accounts", async () => {
    const m = await mother();
    const { op } = await paidCheckout(m.cookie, [
      { id: m.a.id, amount: "overdue" },
      { id: m.b.id, amount: "next" },
    ]);
    const accounts = [m.a.pastId!, m.a.currentId, m.b.currentId];
    expect(await paid(...accounts)).toEqual([300_000, 100_000, 100_000]);
    const r = await refund(op.orderId, 400_000);
    expect(r.outcome).toBe("refunded");
    expect(await paid(...accounts)).toEqual([100_000, 0, 0]);
    expect(await adjusted(accounts)).toBe(-400_000);
    expect(await taken(op.id)).toEqual([
      [0, 300_000],
      [0, 100_000],
    ]);
    expect((await orderOf(op.publicId)).refundedPiastres).toBe(400_000);
    const audited = await auditedChildren(String(r.obj.id));
    expect(audited.lines).toEqual([m.a.student_no, m.b.student_no].sort());
    expect(audited.parts).toEqual([m.a.student_no, m.b.student_no].sort());
    // Three ADJ lines (the first child's two years, the second's one) and one row per child.
    expect(audited.count).toBe(5);
    // Each child's first ADJ (newest year first) prints that child's share of the refund, not the whole of it.
    const adjs = await testDb()
      .select({ no: payments.receiptNo, fee: payments.feeRecordId })
      .from(payments)
      .where(sql`${inArray(payments.feeRecordId, accounts)} AND ${payments.kind} = 'adjustment'`)
      .orderBy(payments.id);
    const printed = await Promise.all(adjs.map((a) => receipt(testDb(), a.no)));
    expect(printed.map((p) => p.online && [p.online.kind, p.online.received, p.online.applied])).toEqual([
      ["refund", 3000, -3000],
      null,
      ["refund", 1000, -1000],
    ]);
  });

  it("partial refunds take the last child first, newest year first, add up; one piastre more is refused", async () => {
    const m = await mother();
    const { op } = await paidCheckout(m.cookie, [
      { id: m.a.id, amount: "overdue" },
      { id: m.b.id, amount: "next" },
    ]);
    const accounts = [m.a.pastId!, m.a.currentId, m.b.currentId];
    expect((await refund(op.orderId, 50_000)).outcome).toBe("refunded");
    expect(await paid(...accounts)).toEqual([300_000, 100_000, 50_000]);
    expect((await refund(op.orderId, 150_000)).outcome).toBe("refunded");
    expect(await paid(...accounts)).toEqual([300_000, 0, 0]);
    expect((await refund(op.orderId, 150_000)).outcome).toBe("refunded");
    expect(await paid(...accounts)).toEqual([150_000, 0, 0]);
    expect(await adjusted(accounts)).toBe(-350_000);
    expect((await refund(op.orderId, 50_001)).outcome).toBe("refused");
    expect((await refund(op.orderId, 50_000)).outcome).toBe("refunded");
    expect(await paid(...accounts)).toEqual([100_000, 0, 0]);
    expect(await adjusted(accounts)).toBe(-400_000);
    expect(await taken(op.id)).toEqual([
      [0, 300_000],
      [0, 100_000],
    ]);
  });

  it("takes a part's credit first, then what that child's part applied", async () => {
    const m = await mother();
    const res = await startFamilyPayment(m.cookie, [
      { id: m.a.id, amount: 2000 },
      { id: m.b.id, amount: "next" },
    ]);
    expect(res.status, res.text).toBe(201);
    await deskPays(m.b.student_no, 4500);
    const op = await orderOf(res.json.payment_id);
    const success = await standinTransaction(op.orderId);
    expect((await deliver(success.obj, success.hmac)).json.outcome).toBe("recorded");
    const accounts = [m.a.pastId!, m.b.currentId];
    expect(await paid(...accounts)).toEqual([300_000, 500_000]);

    expect((await refund(op.orderId, 70_000)).outcome).toBe("refunded");
    expect(await paid(...accounts)).toEqual([300_000, 480_000]);
    expect(await taken(op.id)).toEqual([
      [0, 0],
      [50_000, 20_000],
    ]);
    expect((await orderOf(res.json.payment_id)).creditPiastres).toBe(0);
    const status = await api(`/api/family/payments/${res.json.payment_id}`, asFamily(m.cookie));
    const printed = await receipt(testDb(), status.json.children[1].receipt_no);
    expect(printed.online).toMatchObject({ received: 1000, applied: 500, credit: 500, creditRefunded: 500 });

    expect((await refund(op.orderId, 230_000)).outcome).toBe("refunded");
    expect(await paid(...accounts)).toEqual([100_000, 450_000]);
    expect(await adjusted(accounts)).toBe(-250_000);
    expect(await taken(op.id)).toEqual([
      [0, 200_000],
      [50_000, 50_000],
    ]);
  });

  it("refuses a refund beyond the total and writes nothing", async () => {
    const m = await mother();
    const { op } = await paidCheckout(m.cookie, [
      { id: m.a.id, amount: "overdue" },
      { id: m.b.id, amount: "next" },
    ]);
    const accounts = [m.a.pastId!, m.a.currentId, m.b.currentId];
    const rows = async () =>
      (await testDb().select().from(payments).where(inArray(payments.feeRecordId, accounts))).length;
    const before = await rows();
    const r = await refund(op.orderId, 400_001);
    expect(r.outcome).toBe("refused");
    expect(await paid(...accounts)).toEqual([300_000, 100_000, 100_000]);
    expect(await rows()).toBe(before);
    expect(await taken(op.id)).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect((await orderOf(op.publicId)).refundedPiastres).toBe(0);
    expect((await auditedChildren(String(r.obj.id))).count).toBe(0);
  });

  it("refuses, writing nothing, a refund a child's account no longer holds (the desk took it back)", async () => {
    const m = await mother();
    const { op } = await paidCheckout(m.cookie, [
      { id: m.a.id, amount: "overdue" },
      { id: m.b.id, amount: "next" },
    ]);
    const token = await loginAdmin();
    const desk = await api(`/api/fees/${m.b.student_no}`, {
      method: "PUT",
      token,
      body: { total_amount: 5000, paid_amount: 0 },
    });
    expect(desk.status, desk.text).toBe(200);
    const accounts = [m.a.pastId!, m.a.currentId, m.b.currentId];
    const r = await refund(op.orderId, 400_000);
    expect(r.outcome).toBe("refused");
    expect(await paid(...accounts)).toEqual([300_000, 100_000, 0]);
    expect(await adjusted(accounts)).toBe(0);
    expect((await orderOf(op.publicId)).refundedPiastres).toBe(0);
    expect((await auditedChildren(String(r.obj.id))).count).toBe(0);
  });

  it("a replayed refund, and five of the same at once, take back once", async () => {
    const m = await mother();
    const { op } = await paidCheckout(m.cookie, [
      { id: m.a.id, amount: "overdue" },
      { id: m.b.id, amount: "next" },
    ]);
    const accounts = [m.a.pastId!, m.a.currentId, m.b.currentId];
    const r = await standinTransaction(op.orderId, { amount_cents: 150_000 }, "refund");
    const outcomes = (await Promise.all(Array.from({ length: 5 }, () => deliver(r.obj, r.hmac)))).map(
      (x) => x.json.outcome,
    );
    expect(outcomes.sort()).toEqual(["refunded", "replayed", "replayed", "replayed", "replayed"]);
    expect((await deliver(r.obj, r.hmac)).json.outcome).toBe("replayed");
    expect(await paid(...accounts)).toEqual([300_000, 50_000, 0]);
    expect(await adjusted(accounts)).toBe(-150_000);
    expect((await orderOf(op.publicId)).refundedPiastres).toBe(150_000);
  });
});

describe("refunding a family's payment for three children", () => {
  it("a partial refund takes the last child's part, the rest each child's own", async () => {
    const phone = mobile();
    const [a, b, c] = [await child(phone, true), await child(phone), await child(phone)];
    const cookie = await signedIn(phone);
    const { op } = await paidCheckout(cookie, [
      { id: a.id, amount: "overdue" },
      { id: b.id, amount: "next" },
      { id: c.id, amount: 2500 },
    ]);
    const accounts = [a.pastId!, a.currentId, b.currentId, c.currentId];
    expect(await paid(...accounts)).toEqual([300_000, 100_000, 100_000, 250_000]);
    expect((await refund(op.orderId, 150_000)).outcome).toBe("refunded");
    expect(await paid(...accounts)).toEqual([300_000, 100_000, 100_000, 100_000]);
    const rest = await refund(op.orderId, 500_000);
    expect(rest.outcome).toBe("refunded");
    expect(await paid(...accounts)).toEqual([100_000, 0, 0, 0]);
    expect(await adjusted(accounts)).toBe(-650_000);
    expect(await taken(op.id)).toEqual([
      [0, 300_000],
      [0, 100_000],
      [0, 250_000],
    ]);
    expect((await auditedChildren(String(rest.obj.id))).parts).toEqual(
      [a.student_no, b.student_no, c.student_no].sort(),
    );
  });
});
