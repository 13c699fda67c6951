/**
 * Receipts take their year from the data (docs/product.md#payments-and-receipts, #academic-years-and-rollover): the
 * counter a receipt draws from is the CURRENT academic year's, read inside the write, never the year of the payment's
 * date. A test-owned year far ahead is made current long before its start date (the administrator's choice); a desk
 * payment, a payment spread over arrears, an online payment, an adjustment and an opening payment all number
 * `…-{that year}-…`, unique and gap-free. The years are put back after (test/workers/years-state.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { academicYearOf } from "../../worker/lib/fee-schedule";
import { api, loginAdmin, uid } from "./helpers";
import { uniqueStudentNo } from "./fixtures";
import { deliver, standinTransaction, startPayment } from "./online-fixtures";
import { snapshotYears } from "./years-state";

let admin: string;
let years: Awaited<ReturnType<typeof snapshotYears>>;
/** The years this file creates: its arrears year (at least two after the current one, after every year that exists)
 * and the year after it, which it makes current. */
let arrearsYear: string;
let target: string;

const next = (name: string) => `${Number(name.slice(0, 4)) + 1}-${Number(name.slice(0, 4)) + 2}`;
const call = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  api(path, { ...init, token: admin });

/** A new student (enrolled in the current year) with an account of `year` (default current) holding `total` EGP. */
async function account(total: number, paid = 0, year?: string) {
  const studentNo = uniqueStudentNo();
  const s = await call("/api/students", {
    method: "POST",
    body: {
      student_no: studentNo,
      full_name: `سنة ${uid()}`,
      nationality: "مصري",
      current_grade: "Prep-1",
      building_no: 1,
    },
  });
  expect(s.status, s.text).toBe(201);
  const body = { student_id: studentNo, grade: "Prep-1", total_amount: total, paid_amount: paid };
  const f = await call("/api/fees", { method: "POST", body: year ? { ...body, academic_year_name: year } : body });
  expect(f.status, f.text).toBe(201);
  return { studentNo, fee: f.json.fee };
}

beforeAll(async () => {
  years = await snapshotYears();
  admin = await loginAdmin();
  const current = years.current!;
  // Create two years of its own: never the rollover's next year, nor another file's.
  let newest = (await call("/api/admin/academic-years")).json.years[0].name as string;
  const start = Math.max(Number(newest.slice(0, 4)) + 1, Number(current.slice(0, 4)) + 2);
  arrearsYear = `${start}-${start + 1}`;
  target = next(arrearsYear);
  while (newest < target) {
    newest = next(newest);
    const made = await call("/api/admin/academic-years", { method: "POST", body: { name: newest } });
    expect(made.status, made.text).toBe(201);
  }
});
afterAll(async () => {
  await years.restore();
});

describe("a year made current before its start date", () => {
  it("numbers every receipt of the year: desk, spread over arrears, online, adjustment, opening payment", async () => {
    // Arrears on the file's own year before the target, written while it is still upcoming.
    const arrears = await account(300, 0, arrearsYear);
    // The administrator makes each year current in turn, up to the target, today: months or years early.
    const list = (await call("/api/admin/academic-years")).json.years as Array<{ name: string; state: string }>;
    const upcoming = list.filter((y) => y.state === "upcoming" && y.name <= target).map((y) => y.name);
    for (const name of upcoming.sort()) {
      const res = await call(`/api/admin/academic-years/${name}/make-current`, { method: "POST" });
      expect(res.status, res.text).toBe(200);
    }
    expect((await call("/api/admin/academic-years")).json.current).toBe(target);
    const start = (await call(`/api/admin/academic-years/${target}`)).json.year.start_date as string;
    expect(new Date().toISOString().slice(0, 10) < start).toBe(true);
    expect(academicYearOf(new Date())).not.toBe(target);

    const prefix = (kind: string) => new RegExp(`^${kind}-${target}-\\d{6}$`);
    // An account of the target year with an opening payment, then a desk payment on it.
    const mine = await account(5000, 100);
    expect(mine.fee.academic_year_name).toBe(target);
    expect(mine.fee.payments[0].receipt_no).toMatch(prefix("RCP"));
    const desk = await call(`/api/fees/${mine.studentNo}/add-payment`, {
      method: "POST",
      body: { payment_amount: 400 },
    });
    expect(desk.status, desk.text).toBe(201);
    expect(desk.json.payment.receipt_no).toMatch(prefix("RCP"));

    // A student owing a closed year and the target year: one payment, a line per year, both numbered in the target.
    const both = await account(200);
    const second = await call("/api/fees", {
      method: "POST",
      body: { student_id: arrears.studentNo, grade: "Prep-1", total_amount: 700, paid_amount: 0 },
    });
    expect(second.status, second.text).toBe(201);
    const spread = await call(`/api/fees/${arrears.studentNo}/add-payment`, {
      method: "POST",
      body: { payment_amount: 500 },
    });
    expect(spread.status, spread.text).toBe(201);
    const lines = (await call(`/api/fees/${arrears.studentNo}/years`)).json.fees.flatMap(
      (f: { payments: Array<{ receipt_no: string }> }) => f.payments.map((p) => p.receipt_no),
    );
    expect(lines).toHaveLength(2);
    for (const no of lines) expect(no).toMatch(prefix("RCP"));

    // An online payment through the local Paymob stand-in and its signed callback.
    const order = await startPayment(both.studentNo, 200);
    const { obj, hmac } = await standinTransaction(order.order_id);
    expect((await deliver(obj, hmac)).json.outcome).toBe("recorded");
    const online = (await call(`/api/fees/${both.studentNo}/payments`)).json.payments;
    expect(online).toHaveLength(1);
    expect(online[0].receipt_no).toMatch(prefix("RCP"));

    // An adjustment: the office corrects the paid amount.
    const fixed = await call(`/api/fees/${mine.studentNo}`, {
      method: "PUT",
      body: { total_amount: 5000, paid_amount: 450 },
    });
    expect(fixed.status, `${mine.studentNo} ${fixed.text}`).toBe(200);
    const adj = fixed.json.fee.payments.find((p: { kind: string }) => p.kind === "adjustment");
    expect(adj.receipt_no).toMatch(prefix("ADJ"));

    // One counter for the year: every number this test wrote is distinct, and they run without a gap.
    const numbers = [...mine.fee.payments, desk.json.payment, adj, online[0]]
      .map((p: { receipt_no: string }) => p.receipt_no)
      .concat(lines)
      .map((no: string) => Number(no.slice(-6)))
      .sort((a: number, b: number) => a - b);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.at(-1)! - numbers[0]!).toBe(numbers.length - 1);
  });
});
