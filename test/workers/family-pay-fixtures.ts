/**
 * Helpers of the family payment tests (docs/product.md#family-accounts, docs/decisions/0045-family-payment-parts.md):
 * children of one number with accounts on a known schedule, a checkout started by the signed-in family, and each
 * account's paid amount checked against its receipts.
 */
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { feeRecords, onlinePayments, payments } from "../../db/schema";
import { currentYearName } from "../../worker/services/academic-years/current";
import { asFamily, signedIn, student } from "./family-fixtures";
import { ensureYear, testDb } from "./fixtures";
import { mobile } from "./guardian-fixtures";
import { api, loginAdmin, uid } from "./helpers";
import { day } from "./online-fixtures";

let token: string | undefined;
let past: string | undefined;
/** The admin's token, and last year's name (a closed year, made once). */
async function setup() {
  token ??= await loginAdmin();
  if (!past) {
    const y1 = Number((await currentYearName(testDb())).slice(0, 4));
    past = `${y1 - 1}-${y1}`;
    await ensureYear(past, "closed");
  }
  return { token, past };
}

/**
 * A child of `phone`: this year's account of 5000 EGP (1000 overdue, 1500 and 2500 to come) and, with `arrears`,
 * last year's account of 3000 EGP with 1000 paid (2000 of arrears).
 */
export async function child(phone: string, arrears = false) {
  const { token, past } = await setup();
  const s = await student([phone]);
  const fee = async (total: number, paid: number, year?: string) => {
    const res = await api("/api/fees", {
      method: "POST",
      token,
      body: {
        student_id: s.student_no,
        grade: s.body.current_grade,
        total_amount: total,
        paid_amount: paid,
        academic_year_name: year,
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.fee.id as number;
  };
  const currentId = await fee(5000, 0);
  const instalments = [
    { line: "المصروفات", line_en: "Tuition", due_date: day(-20), amount: 1000 },
    { line: "المصروفات", line_en: "Tuition", due_date: day(40), amount: 1500 },
    { line: "المصروفات", line_en: "Tuition", due_date: day(100), amount: 2500 },
  ];
  const sched = await api(`/api/fees/${s.student_no}/schedule`, { method: "PUT", token, body: { instalments } });
  expect(sched.status, sched.text).toBe(200);
  const pastId = arrears ? await fee(3000, 1000, past) : null;
  return { ...s, currentId, pastId };
}

/** Two children of one number (arrears on the first) and the family's session. */
export async function mother() {
  const phone = mobile();
  const a = await child(phone, true);
  const b = await child(phone);
  return { phone, a, b, cookie: await signedIn(phone) };
}

/** `POST /api/family/payments` of `children` by the family signed in with `cookie`. */
export const startFamilyPayment = (cookie: string, children: unknown[], key = uid("fk")) =>
  api(
    "/api/family/payments",
    asFamily(cookie, { method: "POST", body: { children }, headers: { "Idempotency-Key": key } }),
  );

/** The online payment row of public id `publicId`. */
export async function orderOf(publicId: string) {
  const [row] = await testDb().select().from(onlinePayments).where(eq(onlinePayments.publicId, publicId));
  return row!;
}

/** Paid per account (piastres), each checked: paid = Σ its payment rows, 0 ≤ paid ≤ total. */
export async function paid(...ids: number[]) {
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

/** The desk takes `amount` EGP on student `studentNo`'s account. */
export async function deskPays(studentNo: string, amount: number) {
  const { token } = await setup();
  const desk = await api(`/api/fees/${studentNo}/add-payment`, {
    method: "POST",
    token,
    body: { payment_amount: amount },
    headers: { "Idempotency-Key": uid("desk") },
  });
  expect(desk.status, desk.text).toBe(201);
}
