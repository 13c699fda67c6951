/**
 * Helpers of the online-payment API tests (docs/product.md#online-payments): a family with a fee schedule, public
 * calls from their own client address (the public lookups' per-client budget is shared by every test file), the
 * local Paymob stand-in's controls, and delivering a signed callback the way Paymob does.
 */
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { feeRecords, onlinePayments, payments, paymobTransactions } from "../../db/schema";
import { signPaymob } from "../../worker/services/paymob/hmac";
import { testDb, uniqueStudentNo } from "./fixtures";
import { api, uid } from "./helpers";

const bindings = env as unknown as Record<string, string>;
export const STANDIN = bindings.PAYMOB_BASE_URL!;
export const HMAC_SECRET = bindings.PAYMOB_HMAC_SECRET!;

let ip = 0;
/** A public request from a fresh client address. */
export function pub(path: string, init: Parameters<typeof api>[1] = {}) {
  ip += 1;
  const headers = { "CF-Connecting-IP": `10.66.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`, ...init.headers };
  return api(path, { ...init, headers });
}

/** `YYYY-MM-DD` `days` from today (UTC; the tests stay a day away from any boundary). */
export const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A student with a fee record on a custom schedule: 1000 EGP overdue (due 20 days ago), 1500 due in 40 days and 2500
 * in 100 days (5000 EGP in all), nothing paid; `guardians` as the students API takes them (none by default).
 */
export async function family(token: string, guardians: Array<Record<string, unknown>> = []) {
  const studentNo = uniqueStudentNo();
  const s = await api("/api/students", {
    method: "POST",
    token,
    body: {
      student_no: studentNo,
      full_name: `أسرة ${uid()}`,
      nationality: "مصري",
      current_grade: "Prep-2",
      building_no: 1,
      ...(guardians.length ? { guardians } : {}),
    },
  });
  expect(s.status, s.text).toBe(201);
  const f = await api("/api/fees", {
    method: "POST",
    token,
    body: { student_id: studentNo, grade: "Prep-2", total_amount: 5000, paid_amount: 0 },
  });
  expect(f.status, f.text).toBe(201);
  const instalments = [
    { line: "المصروفات", line_en: "Tuition", due_date: day(-20), amount: 1000 },
    { line: "المصروفات", line_en: "Tuition", due_date: day(40), amount: 1500 },
    { line: "المصروفات", line_en: "Tuition", due_date: day(100), amount: 2500 },
  ];
  const sched = await api(`/api/fees/${studentNo}/schedule`, { method: "PUT", token, body: { instalments } });
  expect(sched.status, sched.text).toBe(200);
  return { studentNo, feeId: f.json.fee.id as number };
}

/** Starts an online payment of `amount` ("next", "overdue", "all" or EGP) and expects 201. */
export async function startPayment(studentNo: string, amount: unknown, key = uid("key")) {
  const res = await pub("/api/public/payments", {
    method: "POST",
    body: { national_id: studentNo, amount },
    headers: { "Idempotency-Key": key },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { payment_id: string; order_id: string; amount: number; checkout_url: string; expires_at: string };
}

/** Asks the stand-in for a transaction on `orderId` without sending its callback; returns it signed. */
export async function standinTransaction(
  orderId: string,
  spec: { outcome?: "success" | "declined" | "pending"; amount_cents?: number; currency?: string } = {},
  path = "transactions",
) {
  const res = await fetch(`${STANDIN}/_standin/orders/${orderId}/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...spec, callback: false }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { obj: Record<string, unknown>; hmac: string };
}

/** The stand-in's record of Paymob order `orderId`: what the intention sent (billing data, return address). */
export async function standinOrder(orderId: string) {
  const res = await fetch(`${STANDIN}/_standin/orders/${orderId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { redirectionUrl: string; billingData: Record<string, string>; clientSecret: string };
}

/** POSTs a Transaction Processed callback as Paymob does (`hmac` null: none). */
export function deliver(obj: Record<string, unknown>, hmac: string | null) {
  const q = hmac === null ? "" : `?hmac=${encodeURIComponent(hmac)}`;
  return api(`/api/payments/paymob/callback${q}`, { method: "POST", body: { type: "TRANSACTION", obj } });
}

/** Signs `obj` as Paymob would, with `secret` (default: the configured one). */
export const sign = (obj: Record<string, unknown>, secret = HMAC_SECRET) => signPaymob(obj, secret);

/** What the ledger holds for fee record `feeId`: paid, Σ payments, its payment rows, and Paymob's rows. */
export async function ledger(feeId: number) {
  const db = testDb();
  const [fee] = await db.select().from(feeRecords).where(eq(feeRecords.id, feeId));
  const rows = await db.select().from(payments).where(eq(payments.feeRecordId, feeId));
  const [sum] = await db
    .select({ s: sql<number>`coalesce(sum(${payments.amountPiastres}), 0)` })
    .from(payments)
    .where(eq(payments.feeRecordId, feeId));
  const online = await db.select().from(onlinePayments).where(eq(onlinePayments.feeRecordId, feeId));
  const txns = online.length
    ? await db
        .select()
        .from(paymobTransactions)
        .where(
          sql`${paymobTransactions.onlinePaymentId} IN (${sql.join(
            online.map((o) => sql`${o.id}`),
            sql`, `,
          )})`,
        )
    : [];
  return { paid: fee!.paidPiastres, total: fee!.totalPiastres, sum: Number(sum!.s), rows, online, txns };
}
