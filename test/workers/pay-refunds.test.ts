/**
 * Refunds and voids of a payment made on /pay (docs/product.md#online-payments, docs/decisions/0049-online-refunds-
 * across-years-and-unrecorded.md): a payment spread over two years (last year's arrears first) is taken back across
 * the same accounts, newest line first, in one batch whose takes add up to the refund exactly, also beyond what the
 * order's own account holds (never recorded short); partial refunds add up; replays and duplicates at once take back once. A refund the write refuses (beyond the payment, or accounts that
 * no longer hold it) is kept as not recorded: listed on its payment in the console's list, counted, filtered, once
 * per Paymob transaction, and closed when a later report of it is recorded. After every write: paid = Σ payment
 * rows per account, 0 ≤ paid ≤ total.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, feeRecords, onlinePayments, payments, paymobTransactions } from "../../db/schema";
import { currentYearName } from "../../worker/services/academic-years/current";
import { ensureYear, testDb } from "./fixtures";
import { api, loginAdmin } from "./helpers";
import { deliver, family, standinTransaction, startPayment } from "./online-fixtures";

let token: string;
let past: string;
beforeAll(async () => {
  token = await loginAdmin();
  const y1 = Number((await currentYearName(testDb())).slice(0, 4));
  past = `${y1 - 1}-${y1}`;
  await ensureYear(past, "closed");
});

/**
 * A student owing last year 3000 EGP less `pastPaid` and this year 5000, who pays `pay` EGP on /pay (the order names
 * last year's account, the oldest owing): last year's arrears first, the rest on this year, one receipt with two
 * lines. By default 2000 lands on last year and 600 on this year. Returns the accounts and the order.
 */
async function paidAcrossYears(pastPaid = 1000, pay = 2600) {
  const f = await family(token);
  const made = await api("/api/fees", {
    method: "POST",
    token,
    body: {
      student_id: f.studentNo,
      grade: "Prep-1",
      total_amount: 3000,
      paid_amount: pastPaid,
      academic_year_name: past,
    },
  });
  expect(made.status, made.text).toBe(201);
  const started = await startPayment(f.studentNo, pay);
  const paid = await standinTransaction(started.order_id);
  expect((await deliver(paid.obj, paid.hmac)).json.outcome).toBe("recorded");
  const accounts = [made.json.fee.id as number, f.feeId];
  expect(await balanced(accounts)).toEqual([300_000, (pay - (3000 - pastPaid)) * 100]);
  return { studentNo: f.studentNo, accounts, orderId: started.order_id, publicId: started.payment_id };
}

/** Each account's paid amount (piastres), checking paid = Σ its payment rows and 0 ≤ paid ≤ total. */
async function balanced(ids: number[]) {
  const out: number[] = [];
  for (const id of ids) {
    const [fee] = await testDb().select().from(feeRecords).where(eq(feeRecords.id, id));
    const [{ s }] = await testDb()
      .select({ s: sql<number>`coalesce(sum(${payments.amountPiastres}), 0)` })
      .from(payments)
      .where(eq(payments.feeRecordId, id));
    expect(Number(s)).toBe(fee!.paidPiastres);
    expect(fee!.paidPiastres).toBeGreaterThanOrEqual(0);
    expect(fee!.paidPiastres).toBeLessThanOrEqual(fee!.totalPiastres);
    out.push(fee!.paidPiastres);
  }
  return out;
}

/** Paymob refunds `piastres` of order `orderId`: the callback's outcome and the signed transaction. */
async function refund(orderId: string, piastres: number) {
  const r = await standinTransaction(orderId, { amount_cents: piastres }, "refund");
  const res = await deliver(r.obj, r.hmac);
  expect(res.status, res.text).toBe(200);
  return { outcome: res.json.outcome as string, ...r };
}

/** The online ADJ rows (refunds) on `ids`, oldest first: [account, piastres]. */
async function adjustments(ids: number[]) {
  const rows = await testDb()
    .select({ fee: payments.feeRecordId, amount: payments.amountPiastres })
    .from(payments)
    .where(
      sql`${payments.feeRecordId} IN (${sql.join(ids, sql`, `)}) AND ${payments.kind} = 'adjustment'
        AND ${payments.source} = 'online'`,
    )
    .orderBy(payments.id);
  return rows.map((r) => [r.fee, r.amount]);
}

const orderRow = async (publicId: string) =>
  (await testDb().select().from(onlinePayments).where(eq(onlinePayments.publicId, publicId)))[0]!;

/** The console's list of online payments searched by `studentNo` (and `query`), as the office reads it. */
async function consoleList(studentNo: string, query = "") {
  const res = await api(`/api/admin/online-payments?q=${studentNo}${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.json as {
    payments: { order_id: string; refunded: number; unrecorded_refunds: { amount: number; reason: string }[] }[];
    unrecorded_refunds: { count: number; amount: number };
  };
}

describe("refunding a /pay payment spread over two years", () => {
  it("a full refund takes back every line, newest year first, not only the order's account", async () => {
    const p = await paidAcrossYears();
    const r = await refund(p.orderId, 260_000);
    expect(r.outcome).toBe("refunded");
    expect(await balanced(p.accounts)).toEqual([100_000, 0]);
    // This year's line is undone first (the reverse of how the payment was applied), then last year's.
    expect(await adjustments(p.accounts)).toEqual([
      [p.accounts[1], -60_000],
      [p.accounts[0], -200_000],
    ]);
    const [txn] = await testDb()
      .select()
      .from(paymobTransactions)
      .where(sql`${paymobTransactions.transactionId} = ${String(r.obj.id)} AND ${paymobTransactions.kind} = 'refund'`);
    expect(txn).toMatchObject({ appliedPiastres: -260_000, creditPiastres: 0 });
    expect((await orderRow(p.publicId)).refundedPiastres).toBe(260_000);
    const audited = await testDb()
      .select({ id: auditLog.entityId })
      .from(auditLog)
      .where(
        sql`${auditLog.action} = 'online_refund'
          AND json_extract(${auditLog.after}, '$.transaction_id') = ${String(r.obj.id)}`,
      );
    expect(audited.map((a) => Number(a.id)).sort()).toEqual([...p.accounts].sort());
  });

  it("a refund beyond what the order's own account holds is taken back whole, never recorded short", async () => {
    // 3000 on last year (the order's account), 2000 on this year; Paymob refunds all 5000.
    const p = await paidAcrossYears(0, 5000);
    expect((await refund(p.orderId, 500_000)).outcome).toBe("refunded");
    expect(await balanced(p.accounts)).toEqual([0, 0]);
    expect(await adjustments(p.accounts)).toEqual([
      [p.accounts[1], -200_000],
      [p.accounts[0], -300_000],
    ]);
  });

  it("partial refunds add up across the lines; one piastre more is refused and kept as not recorded", async () => {
    const p = await paidAcrossYears();
    expect((await refund(p.orderId, 50_000)).outcome).toBe("refunded");
    expect(await balanced(p.accounts)).toEqual([300_000, 10_000]);
    expect((await refund(p.orderId, 30_000)).outcome).toBe("refunded");
    expect(await balanced(p.accounts)).toEqual([280_000, 0]);
    expect((await refund(p.orderId, 180_000)).outcome).toBe("refunded");
    expect(await balanced(p.accounts)).toEqual([100_000, 0]);
    const over = await refund(p.orderId, 1);
    expect(over.outcome).toBe("refused");
    expect(await balanced(p.accounts)).toEqual([100_000, 0]);
    const list = await consoleList(p.studentNo);
    expect(list.payments[0]).toMatchObject({ refunded: 2600, unrecorded_refunds: [{ amount: 0.01 }] });
    expect(list.payments[0]!.unrecorded_refunds[0]!.reason).toBe("beyond_payment");
  });

  it("a replayed refund, and five of the same at once, take back once", async () => {
    const p = await paidAcrossYears();
    const r = await standinTransaction(p.orderId, { amount_cents: 100_000 }, "refund");
    const outcomes = (await Promise.all(Array.from({ length: 5 }, () => deliver(r.obj, r.hmac)))).map(
      (x) => x.json.outcome,
    );
    expect(outcomes.sort()).toEqual(["refunded", "replayed", "replayed", "replayed", "replayed"]);
    expect((await deliver(r.obj, r.hmac)).json.outcome).toBe("replayed");
    expect(await balanced(p.accounts)).toEqual([260_000, 0]);
    expect((await orderRow(p.publicId)).refundedPiastres).toBe(100_000);
  });
});

describe("a refund the accounts no longer hold", () => {
  it("is refused whole, kept once for the office (listed, counted, filtered), closed when recorded later", async () => {
    const p = await paidAcrossYears();
    // The office takes this year's 600 back by hand: the refund's newest line can no longer be undone.
    const desk = await api(`/api/fees/${p.studentNo}`, {
      method: "PUT",
      token,
      body: { total_amount: 5000, paid_amount: 0 },
    });
    expect(desk.status, desk.text).toBe(200);
    const before = (await consoleList(p.studentNo)).unrecorded_refunds;
    const r = await standinTransaction(p.orderId, { amount_cents: 260_000 }, "refund");
    const outcomes = await Promise.all(Array.from({ length: 3 }, () => deliver(r.obj, r.hmac)));
    expect(outcomes.map((o) => o.json.outcome)).toEqual(["refused", "refused", "refused"]);
    expect(await balanced(p.accounts)).toEqual([300_000, 0]);
    expect(await adjustments(p.accounts)).toEqual([]);
    expect((await orderRow(p.publicId)).refundedPiastres).toBe(0);

    const list = await consoleList(p.studentNo);
    expect(list.payments[0]!.unrecorded_refunds).toEqual([
      { transaction_id: String(r.obj.id), amount: 2600, reason: "accounts_short", at: expect.any(String) },
    ]);
    // Counted once whatever the filters, however many times Paymob reported it.
    expect(list.unrecorded_refunds.count).toBeGreaterThanOrEqual(before.count + 1);
    const only = await consoleList(p.studentNo, "&refund=unrecorded");
    expect(only.payments.map((x) => x.order_id)).toEqual([p.orderId]);
    const [{ n }] = await testDb().all<{ n: number }>(
      sql`SELECT count(*) AS n FROM unrecorded_refunds WHERE transaction_id = ${String(r.obj.id)}`,
    );
    expect(Number(n)).toBe(1);

    // The office puts the 600 back; Paymob's report comes again and is recorded: no longer listed as not recorded.
    const back = await api(`/api/fees/${p.studentNo}`, {
      method: "PUT",
      token,
      body: { total_amount: 5000, paid_amount: 600 },
    });
    expect(back.status, back.text).toBe(200);
    expect((await deliver(r.obj, r.hmac)).json.outcome).toBe("refunded");
    expect(await balanced(p.accounts)).toEqual([100_000, 0]);
    expect((await consoleList(p.studentNo)).payments[0]!.unrecorded_refunds).toEqual([]);
    expect((await consoleList(p.studentNo, "&refund=unrecorded")).payments).toEqual([]);
  });
});
