/**
 * Calls of the Fees page (contract "Fees"; spec §7 "Admin fees") through the typed Hono client (base-URL override,
 * bearer token). Every function throws `ApiFailure` (status 0 = network error; 401 = signed out) carrying the
 * server's message. Amounts are EGP numbers (≤ 2 decimals).
 */
import type { FeeStatus } from "@worker/api/fees.schema";
import { pagePrimer, type ServerPage, type ServerPageRequest } from "~/components/data-table";
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

/** List filters; empty values / "All" are left out of the query. `search` is run by the server (name and ID). */
export interface FeeFilters {
  grade?: string;
  status?: string;
  search?: string;
}

const filterQuery = ({ grade, status, search }: FeeFilters) => ({
  grade: grade && grade !== "All" ? grade : undefined,
  status: status && status !== "All" ? status : undefined,
  search: search?.trim() ? search.trim() : undefined,
});

// hc puts path values in as they are; an ID is digits/letters, but encode anyway.
const enc = (studentNo: string) => ({ student_no: encodeURIComponent(studentNo) });

/** `GET /api/fees?grade=&status=&search=` → every matching fee record (CSV export; "All"/empty filters left out). */
export async function listFees(filters: FeeFilters = {}): Promise<FeeRecord[]> {
  const body = await call(apiClient().api.fees.$get({ query: filterQuery(filters) }));
  return Array.isArray(body?.fees) ? body.fees : [];
}

/** `GET /api/fees?…&page&limit&sortBy&sortOrder` → one page and the total (search, sort and paging in SQL). */
export async function listFeesPage({ filters, page, limit, sortBy, sortOrder, signal }: ServerPageRequest<FeeFilters>): Promise<ServerPage<FeeRecord>> {
  const query = { ...filterQuery(filters), page: String(page), limit: String(limit), sortBy, sortOrder: sortBy ? sortOrder : undefined };
  const body = (await call(apiClient().api.fees.$get({ query }, { init: { signal } }))) as { fees?: FeeRecord[]; pagination?: { total?: number } };
  const rows = Array.isArray(body?.fees) ? body.fees : [];
  return { rows, total: Number(body?.pagination?.total ?? rows.length) };
}

/** The default first page, started by the route's clientLoader before the page renders (see pagePrimer). */
export const feesPrimer = pagePrimer(listFeesPage);

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
  return (await call(apiClient().api.fees[":student_no"].payments.$get({ param: enc(studentNo), query: {} }))).payments ?? [];
}

/**
 * `GET /api/fees/{student_no}/payments?idempotency_key=key` → the payment recorded under `key`, or null when none
 * was (a definitive answer about a payment whose own answer was lost). Throws ApiFailure like every call.
 */
export async function findPaymentByKey(studentNo: string, key: string): Promise<Payment | null> {
  const { payments } = await call(apiClient().api.fees[":student_no"].payments.$get({ param: enc(studentNo), query: { idempotency_key: key } }));
  return payments?.[0] ?? null;
}
