/**
 * The console side of online payments (docs/product.md#online-payments, #dashboard): the list's search by student
 * (`q`, folded as the Students search) with the status filter, today's takings (Cairo day) in the list and on the
 * dashboard (`GET /api/fees/online-today`), and the source of each payment (desk / online) in the payments list.
 * Paid days come from the request clock (`X-Test-Now`, worker/request-clock.ts): each test pays on a January day of
 * its own, so no other file's payments move its figures.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, loginAdmin, uid } from "./helpers";
import { family, sign, standinTransaction, startPayment } from "./online-fixtures";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

type Listed = { payment_id: string; student_no: string; full_name: string; status: string; receipt_no: string | null };
type ListAnswer = {
  payments: Listed[];
  pending: number;
  credit_total: number;
  paid_today: { count: number; amount: number };
};

const list = async (query: string, headers: Record<string, string> = {}) => {
  const res = await api(`/api/admin/online-payments?${query}`, { token, headers });
  expect(res.status, res.text).toBe(200);
  return res.json as ListAnswer;
};

/** A January day of 2025 (Cairo is UTC+2 then) picked at random, so two runs or files do not share it. */
const januaryDay = () => `2025-01-${String(3 + Math.floor(Math.random() * 26)).padStart(2, "0")}`;
const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Paymob's success callback for `orderId`, delivered as if at instant `at` (the request clock). */
async function paidAt(orderId: string, at: string) {
  const { obj } = await standinTransaction(orderId);
  const res = await api(`/api/payments/paymob/callback?hmac=${await sign(obj)}`, {
    method: "POST",
    body: { type: "TRANSACTION", obj },
    headers: { "X-Test-Now": at },
  });
  expect(res.json?.outcome, res.text).toBe("recorded");
}

const onlineToday = async (day: string) => {
  const res = await api("/api/fees/online-today", { token, headers: { "X-Test-Now": `${day}T10:00:00Z` } });
  expect(res.status, res.text).toBe(200);
  return res.json as { onlineToday: number; onlineTodayCount: number };
};

describe("the console's list of online payments", () => {
  it("finds a student's payments by name (letter variants folded) or number (Arabic-Indic digits), with a status", async () => {
    const a = await family(token);
    const b = await family(token);
    const pa = await startPayment(a.studentNo, "next");
    const pb = await startPayment(b.studentNo, 200);
    await paidAt(pa.order_id, new Date().toISOString());
    const ids = (r: ListAnswer) => r.payments.map((p) => p.payment_id);

    const all = await list("");
    const nameOfA = all.payments.find((p) => p.payment_id === pa.payment_id)!.full_name;
    expect(nameOfA.startsWith("أسرة ")).toBe(true);
    // "اسرة" finds the stored "أسرة" (hamza folded), and the tail makes it this family only.
    const byName = await list(`q=${encodeURIComponent(`اسرة ${nameOfA.slice(5)}`)}`);
    expect(ids(byName)).toEqual([pa.payment_id]);

    const arabicDigits = b.studentNo.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expect(ids(await list(`q=${encodeURIComponent(arabicDigits)}`))).toEqual([pb.payment_id]);
    expect(ids(await list(`q=${b.studentNo}&status=pending`))).toEqual([pb.payment_id]);
    expect(ids(await list(`q=${b.studentNo}&status=paid`))).toEqual([]);
    const paid = await list(`q=${a.studentNo}&status=paid`);
    expect(paid.payments).toEqual([
      expect.objectContaining({ payment_id: pa.payment_id, student_no: a.studentNo, status: "paid" }),
    ]);
    expect(paid.payments[0]!.receipt_no).toMatch(/^RCP-/);
    // The figures ignore the filters: the pending count is the school's, not the search's.
    expect(paid.pending).toBe(all.pending);
    expect(paid.pending).toBeGreaterThanOrEqual(1);

    expect(ids(await list(`q=${uid("nobody")}`))).toEqual([]);
    const tooLong = await api(`/api/admin/online-payments?q=${"x".repeat(101)}`, { token });
    expect(expectError(tooLong, 400, "VALIDATION_FAILED").reason).toBe("SEARCH_TOO_LONG");
  });
});

describe("today's online takings (Cairo day)", () => {
  it("count and sum what was paid on the school day, in the list and on the dashboard, across midnight in Cairo", async () => {
    const day = januaryDay();
    const before = await onlineToday(day);
    const beforeNext = await onlineToday(nextDay(day));
    const f = await family(token);
    const late = await startPayment(f.studentNo, 300);
    const afterMidnight = await startPayment(f.studentNo, 450.5);
    const notPaid = await startPayment(f.studentNo, 70);
    // 21:30 UTC is 23:30 in Cairo (still `day`); 22:30 UTC is 00:30 of the next Cairo day.
    await paidAt(late.order_id, `${day}T21:30:00Z`);
    await paidAt(afterMidnight.order_id, `${day}T22:30:00Z`);

    expect(await onlineToday(day)).toEqual({
      onlineToday: before.onlineToday + 300,
      onlineTodayCount: before.onlineTodayCount + 1,
    });
    expect(await onlineToday(nextDay(day))).toEqual({
      onlineToday: beforeNext.onlineToday + 450.5,
      onlineTodayCount: beforeNext.onlineTodayCount + 1,
    });
    const listed = await list(`q=${f.studentNo}`, { "X-Test-Now": `${day}T15:00:00Z` });
    expect(listed.paid_today).toEqual({ count: before.onlineTodayCount + 1, amount: before.onlineToday + 300 });
    expect(listed.payments.map((p) => [p.payment_id, p.status])).toEqual(
      expect.arrayContaining([
        [late.payment_id, "paid"],
        [afterMidnight.payment_id, "paid"],
        [notPaid.payment_id, "pending"],
      ]),
    );
  });

  it("is refused without fees.read, like the other dashboard figures", async () => {
    const res = await api("/api/fees/online-today");
    expect(res.status).toBe(401);
  });
});

describe("the source of each payment", () => {
  it("is desk for the office's payment and online for Paymob's, in the payments list and on the fee record", async () => {
    const f = await family(token);
    const desk = await api(`/api/fees/${f.studentNo}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 100 },
      headers: { "Idempotency-Key": uid("desk") },
    });
    expect(desk.status, desk.text).toBe(201);
    expect(desk.json.payment.source).toBe("desk");
    const p = await startPayment(f.studentNo, 250);
    await paidAt(p.order_id, new Date().toISOString());

    const res = await api(`/api/fees/${f.studentNo}/payments`, { token });
    expect(res.status).toBe(200);
    const sources = res.json.payments.map((x: { amount: number; source: string }) => [x.amount, x.source]);
    expect(sources).toEqual([
      [100, "desk"],
      [250, "online"],
    ]);
    const fees = await api(`/api/fees?search=${f.studentNo}`, { token });
    expect(fees.json.fees[0].payments.map((x: { source: string }) => x.source)).toEqual(["desk", "online"]);
  });
});
