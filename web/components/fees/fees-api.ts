/**
 * Calls of the Fees page (contract "Fees"; spec §7 "Admin fees") through the typed Hono client (base-URL override,
 * bearer token). Every function throws `ApiFailure` (status 0 = network error; 401 = signed out) carrying the
 * server's message. Amounts are EGP numbers (≤ 2 decimals).
 */
import type { FeeStatus } from "@worker/api/fees.schema";
import { apiClient, call } from "~/lib/api";

export type { FeeStatus };

/** One fee record as the list returns it (contract "Fees"). Amounts in EGP. */
export interface FeeRecord {
  id: number;
  student_no: string;
  full_name: string;
  grade: string;
  total_amount: number;
  paid_amount: number;
  remaining: number;
  status: FeeStatus | string | null;
  /** The record's payment rows, oldest first (the list includes them). */
  payments?: Payment[];
}

/**
 * One payment row: `receipt_no` is `RCP-{academic year}-{sequence}` for payments (an adjustment made through the
 * edit form has its own number and may be negative); `amount` EGP; `paid_at` ISO UTC.
 */
export interface Payment {
  id: number;
  receipt_no: string;
  amount: number;
  paid_at: string;
  kind?: "payment" | "adjustment";
}

/** List filters; empty values / "All" are left out of the query. */
export interface FeeFilters {
  grade?: string;
  status?: string;
}

// hc puts path values in as they are; an ID is digits/letters, but encode anyway.
const enc = (studentNo: string) => ({ student_no: encodeURIComponent(studentNo) });

/** `GET /api/fees?grade=&status=` → the fee records ("All"/empty filters are left out). */
export async function listFees({ grade, status }: FeeFilters = {}): Promise<FeeRecord[]> {
  const query = { grade: grade && grade !== "All" ? grade : undefined, status: status && status !== "All" ? status : undefined };
  const body = await call(apiClient().api.fees.$get({ query }));
  return Array.isArray(body?.fees) ? body.fees : [];
}

/** `POST /api/fees {student_id, grade, total_amount, paid_amount}` → the new record. */
export async function createFee(json: { student_id: string; grade: string; total_amount: number; paid_amount: number }): Promise<FeeRecord> {
  return (await call(apiClient().api.fees.$post({ json }))).fee;
}

/** `PUT /api/fees/{student_no} {total_amount, paid_amount}` → the updated record. */
export async function updateFee(studentNo: string, json: { total_amount: number; paid_amount: number }): Promise<FeeRecord> {
  return (await call(apiClient().api.fees[":student_no"].$put({ param: enc(studentNo), json }))).fee;
}

/**
 * `POST /api/fees/{student_no}/add-payment {payment_amount}` with `Idempotency-Key: key` → `{fee, payment}`.
 * Retrying with the same key and amount returns the first payment instead of adding a second one.
 */
export async function addPayment(studentNo: string, amount: number, key: string): Promise<{ fee: FeeRecord; payment: Payment }> {
  return call(apiClient().api.fees[":student_no"]["add-payment"].$post({ param: enc(studentNo), json: { payment_amount: amount }, header: { "idempotency-key": key } }));
}

/** `DELETE /api/fees/{student_no}`. */
export async function deleteFee(studentNo: string): Promise<void> {
  await call(apiClient().api.fees[":student_no"].$delete({ param: enc(studentNo) }));
}

/** `GET /api/fees/{student_no}/payments` → the record's payments, oldest first. */
export async function listPayments(studentNo: string): Promise<Payment[]> {
  return (await call(apiClient().api.fees[":student_no"].payments.$get({ param: enc(studentNo) }))).payments ?? [];
}
