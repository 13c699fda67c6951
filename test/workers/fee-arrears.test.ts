/**
 * Fee accounts per year and arrears (docs/product.md#fees, #payments-and-receipts, #online-payments;
 * docs/decisions/0041-one-receipt-across-years.md): a payment with no year chosen settles the oldest year's account
 * first, instalment by instalment, then the next year, on one receipt with a line per year, at the desk and online;
 * the arrears view and a student's years; the refusals. After every payment: paid = Σ payment rows per account, and
 * no account above its total.
 */
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { feeInstalments, feeRecords, payments } from "../../db/schema";
import { addDays } from "../../worker/lib/fee-schedule";
import { instalmentMessages } from "../../worker/services/messages/plan";
import { mobile } from "./guardian-fixtures";
import { currentYearName } from "../../worker/services/academic-years/current";
import { workerContext } from "../../web/context";
import { loader as receiptLoader } from "../../web/routes/public/pay-receipt";
import { ensureYear, testDb } from "./fixtures";
import { api, BASE, expectError, loginAdmin, uid } from "./helpers";
import { deliver, family, pub, standinTransaction, startPayment } from "./online-fixtures";

let token: string;
let current: string;
let past: string;
beforeAll(async () => {
  token = await loginAdmin();
  current = await currentYearName(testDb());
  const y1 = Number(current.slice(0, 4));
  past = `${y1 - 1}-${y1}`;
  await ensureYear(past, "closed");
});

/**
 * A family owing on two years: last year's account (3000 EGP in two instalments of 1500, 1000 paid) and this year's
 * (5000 EGP: 1000 overdue, 1500, 2500; nothing paid).
 */
async function owingTwoYears(guardians: Array<Record<string, unknown>> = []) {
  const f = await family(token, guardians);
  const made = await api("/api/fees", {
    method: "POST",
    token,
    body: { student_id: f.studentNo, grade: "Prep-1", total_amount: 3000, paid_amount: 1000, academic_year_name: past },
  });
  expect(made.status, made.text).toBe(201);
  const y1 = past.slice(0, 4);
  const y2 = past.slice(5);
  const sched = await api(`/api/fees/${f.studentNo}/schedule?academic_year=${past}`, {
    method: "PUT",
    token,
    body: {
      instalments: [
        { line: "المصروفات", line_en: "Tuition", due_date: `${y1}-09-15`, amount: 1500 },
        { line: "المصروفات", line_en: "Tuition", due_date: `${y2}-02-01`, amount: 1500 },
      ],
    },
  });
  expect(sched.status, sched.text).toBe(200);
  return { studentNo: f.studentNo, pastId: made.json.fee.id as number, currentId: f.feeId };
}

/** Every account of `ids`: paid = Σ its payment rows, 0 ≤ paid ≤ total; returns paid per account (piastres). */
async function balanced(...ids: number[]) {
  const out: number[] = [];
  for (const id of ids) {
    const [fee] = await testDb().select().from(feeRecords).where(eq(feeRecords.id, id));
    const [{ s }] = await testDb()
      .select({ s: sql<number>`coalesce(sum(${payments.amountPiastres}), 0)` })
      .from(payments)
      .where(eq(payments.feeRecordId, id));
    expect(Number(s)).toBe(fee!.paidPiastres);
    expect(fee!.paidPiastres).toBeLessThanOrEqual(fee!.totalPiastres);
    out.push(fee!.paidPiastres);
  }
  return out;
}

/** The public receipt page's HTML for `receiptToken`, run as React Router would, without a session. */
async function receiptHtml(receiptToken: string, lang = "") {
  const context = new RouterContextProvider();
  const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;
  context.set(workerContext, { env: env as never, ctx, nonce: "bm9uY2U=" });
  const request = new Request(`${BASE}/pay/receipts/${receiptToken}${lang}`);
  const res = await receiptLoader({ request, context, params: { token: receiptToken } } as never);
  expect(res.status).toBe(200);
  return res.text();
}

const pay = (studentNo: string, body: Record<string, unknown>, key = uid("k")) =>
  api(`/api/fees/${studentNo}/add-payment`, { method: "POST", token, body, headers: { "Idempotency-Key": key } });

describe("a desk payment with no year", () => {
  it("settles last year first, instalment by instalment, then this year, on one receipt with a line per year", async () => {
    const f = await owingTwoYears();
    const res = await pay(f.studentNo, { payment_amount: 3000 });
    expect(res.status, res.text).toBe(201);
    const lines = res.json.lines as Array<Record<string, any>>;
    expect(lines.map((l) => [l.academic_year_name, l.amount])).toEqual([
      [past, 2000],
      [current, 1000],
    ]);
    // Last year's instalments: the rest of the first (500) then the second (1500); this year's first instalment.
    expect(lines[0]!.allocations.map((a: any) => [a.instalment_no, a.amount])).toEqual([
      [1, 500],
      [2, 1500],
    ]);
    expect(lines[1]!.allocations.map((a: any) => [a.instalment_no, a.amount])).toEqual([[1, 1000]]);
    expect(res.json.payment.receipt_no).toBe(lines[0]!.receipt_no);
    expect(await balanced(f.pastId, f.currentId)).toEqual([300_000, 100_000]);
    const rows = await testDb().select().from(payments).where(eq(payments.receiptNo, lines[1]!.receipt_no));
    const [head] = await testDb().select().from(payments).where(eq(payments.receiptNo, lines[0]!.receipt_no));
    expect(rows[0]!.receiptGroup).toBe(head!.receiptGroup);
    expect(head!.receiptGroup).toBeTruthy();

    // The receipt, from either line's token, is the one document with both years.
    for (const token of [head!.receiptToken!, rows[0]!.receiptToken!]) {
      const html = await receiptHtml(token, "?lang=en");
      expect(html).toContain(`data-receipt="${lines[0]!.receipt_no}"`);
      expect(html).toContain(`data-year-line="${past}"`);
      expect(html).toContain(`data-year-line="${current}"`);
    }
    // Every year, oldest first; nothing left in arrears.
    const years = await api(`/api/fees/${f.studentNo}/years`, { token });
    expect(years.json.fees.map((x: any) => [x.academic_year_name, x.remaining])).toEqual([
      [past, 0],
      [current, 4000],
    ]);
    const arrears = await api(`/api/fees?view=arrears&search=${f.studentNo}`, { token });
    expect(arrears.json.fees).toEqual([]);
  });

  it("lists the arrears, pays one year when it is named, and replays a retried payment", async () => {
    const f = await owingTwoYears();
    const arrears = await api(`/api/fees?view=arrears&search=${f.studentNo}`, { token });
    expect(arrears.json.fees.map((x: any) => [x.academic_year_name, x.remaining])).toEqual([[past, 2000]]);
    const ofPast = await api(`/api/fees?academic_year=${past}&search=${f.studentNo}`, { token });
    expect(ofPast.json.fees).toHaveLength(1);
    const ofCurrent = await api(`/api/fees?search=${f.studentNo}`, { token });
    expect(ofCurrent.json.fees.map((x: any) => x.academic_year_name)).toEqual([current]);

    const key = uid("k");
    const named = await pay(f.studentNo, { payment_amount: 700, academic_year_name: current }, key);
    expect(named.status, named.text).toBe(201);
    expect(named.json.lines.map((l: any) => [l.academic_year_name, l.amount])).toEqual([[current, 700]]);
    expect(await balanced(f.pastId, f.currentId)).toEqual([100_000, 70_000]);
    const again = await pay(f.studentNo, { payment_amount: 700, academic_year_name: current }, key);
    expect(again.status).toBe(200);
    expect(again.json.payment.receipt_no).toBe(named.json.payment.receipt_no);
    const mismatch = expectError(await pay(f.studentNo, { payment_amount: 700 }, key), 422, "UNPROCESSABLE");
    expect(mismatch.reason).toBe("IDEMPOTENCY_MISMATCH");

    const spreadKey = uid("k");
    const spread = await pay(f.studentNo, { payment_amount: 2500 }, spreadKey);
    expect(spread.status, spread.text).toBe(201);
    const replay = await pay(f.studentNo, { payment_amount: 2500 }, spreadKey);
    expect(replay.status).toBe(200);
    expect(replay.json.lines.map((l: any) => l.receipt_no)).toEqual(spread.json.lines.map((l: any) => l.receipt_no));
    expect(await balanced(f.pastId, f.currentId)).toEqual([300_000, 120_000]);
  });

  it("refuses more than every year owes, a malformed year and a year without an account, writing nothing", async () => {
    const f = await owingTwoYears();
    const before = await balanced(f.pastId, f.currentId);
    const tooMuch = expectError(await pay(f.studentNo, { payment_amount: 7000.01 }), 400, "VALIDATION_FAILED");
    expect(tooMuch.reason).toBe("PAYMENT_EXCEEDS_REMAINING");
    const aboveYear = await pay(f.studentNo, { payment_amount: 2000.01, academic_year_name: past });
    expect(expectError(aboveYear, 400, "VALIDATION_FAILED").reason).toBe("PAYMENT_EXCEEDS_REMAINING");
    const malformed = await pay(f.studentNo, { payment_amount: 10, academic_year_name: "2025/2026" });
    expect(expectError(malformed, 400, "VALIDATION_FAILED").reason).toBe("ACADEMIC_YEAR_INVALID");
    const none = await pay(f.studentNo, { payment_amount: 10, academic_year_name: "2090-2091" });
    expect(expectError(none, 404, "NOT_FOUND").reason).toBe("FEE_NOT_FOUND");
    const badView = await api(`/api/fees?view=debts`, { token });
    expect(badView.status).toBe(400);
    expect(await balanced(f.pastId, f.currentId)).toEqual(before);
    // All of it exactly: both accounts full.
    const all = await pay(f.studentNo, { payment_amount: 7000 });
    expect(all.status, all.text).toBe(201);
    expect(await balanced(f.pastId, f.currentId)).toEqual([300_000, 500_000]);
  });
});

describe("reminders", () => {
  it("remind of an arrears instalment every 30 days while it stays unpaid", async () => {
    const f = await owingTwoYears([
      { full_name: "Father", relation: "father", phone: mobile(), whatsapp_consent: true },
    ]);
    const [inst] = await testDb()
      .select()
      .from(feeInstalments)
      .where(sql`${feeInstalments.feeRecordId} = ${f.pastId} AND ${feeInstalments.no} = 2`);
    const refs = async (day: string) =>
      (await instalmentMessages(testDb(), day)).filter((m) => m.ref === `i${inst!.id}`).map((m) => m.kind);
    expect(await refs(addDays(inst!.dueDate, 360))).toEqual(["instalment_overdue"]);
    expect(await refs(addDays(inst!.dueDate, 361))).toEqual([]);
    expect((await pay(f.studentNo, { payment_amount: 2000, academic_year_name: past })).status).toBe(201);
    expect(await refs(addDays(inst!.dueDate, 390))).toEqual([]);
  });
});

describe("online with arrears", () => {
  it("the family sees last year first and pays both years at once, oldest first; the receipt shows both", async () => {
    const f = await owingTwoYears();
    const fees = await pub(`/api/public/fees/${f.studentNo}`);
    expect(fees.status, fees.text).toBe(200);
    expect(fees.json.fee.academic_year_name).toBe(current);
    expect(fees.json.arrears.map((a: any) => [a.academic_year_name, a.remaining])).toEqual([[past, 2000]]);
    // Everything: last year's 2000 and this year's 5000; overdue: last year's and this year's first instalment.
    expect(fees.json.choices).toEqual({ next: 500, overdue: 3000, all: 7000 });

    const started = await startPayment(f.studentNo, 2600);
    const paid = await standinTransaction(started.order_id);
    expect((await deliver(paid.obj, paid.hmac)).json.outcome).toBe("recorded");
    expect(await balanced(f.pastId, f.currentId)).toEqual([300_000, 60_000]);
    const rows = await testDb()
      .select()
      .from(payments)
      .where(sql`${payments.feeRecordId} IN (${f.pastId}, ${f.currentId}) AND ${payments.source} = 'online'`);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.receiptGroup)).size).toBe(1);
    const html = await receiptHtml(rows[1]!.receiptToken!);
    expect(html).toContain(`data-year-line="${past}"`);
    expect(html).toContain(`data-year-line="${current}"`);
    // A replayed callback adds nothing.
    expect((await deliver(paid.obj, paid.hmac)).json.outcome).toBe("replayed");
    expect(await balanced(f.pastId, f.currentId)).toEqual([300_000, 60_000]);
    const after = await pub(`/api/public/fees/${f.studentNo}`);
    expect(after.json.arrears).toEqual([]);
  });

  it("what the accounts no longer owe when the money arrives is the payment's credit", async () => {
    const f = await owingTwoYears();
    const started = await startPayment(f.studentNo, "all");
    expect(started.amount).toBe(7000);
    // The desk takes last year's balance meanwhile.
    expect((await pay(f.studentNo, { payment_amount: 2000, academic_year_name: past })).status).toBe(201);
    const paid = await standinTransaction(started.order_id);
    expect((await deliver(paid.obj, paid.hmac)).json.outcome).toBe("recorded");
    expect(await balanced(f.pastId, f.currentId)).toEqual([300_000, 500_000]);
    const [order] = await testDb().all<{ credit: number }>(
      sql`SELECT credit_piastres AS credit FROM online_payments WHERE order_id = ${started.order_id}`,
    );
    expect(Number(order!.credit)).toBe(200_000);
  });
});
