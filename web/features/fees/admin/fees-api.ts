/**
 * Calls of the Fees page (docs/product.md#fees, #payments-and-receipts) through the typed Hono client (base-URL
 * override, bearer token): answers typed from the server's routes, and an `ApiFailure` (its `reason`, HTTP status;
 * status 0 for a network error, 401 when signed out) on failure. Amounts are EGP numbers (≤ 2 decimals).
 */
import type { CreateFeeInput, FeeJson, FeeStatus, PaymentJson, UpdateFeeInput } from "@worker/contracts/fees";
import { pagePrimer, type ServerPage, type ServerPageRequest } from "~/components/data-table";
import { apiClient, call } from "~/lib/api";

export type { FeeStatus };

/** One fee record as the API returns it (amounts in EGP, its payment rows oldest first). */
export type FeeRecord = FeeJson;

/** One payment row as the API returns it: `RCP-…` for a payment, `ADJ-…` for an adjustment (may be negative). */
export type Payment = PaymentJson;

/** List filters; empty values / "All" are left out of the query. `search` is run by the server (name and ID). */
export interface FeeFilters {
  grade?: string;
  status?: string;
  search?: string;
  /** "7", "14", "30" …: an unpaid instalment due within that many days (docs/product.md#fee-plans); "All": any. */
  dueWithin?: string;
  /** An academic year's name, "arrears" (earlier years still owing), or "current"/empty: the current year. */
  year?: string;
}

/** The list's year filter: the arrears view, or one year (none: the server's current year). */
const yearFilter = (year?: string) =>
  year === ARREARS ? { view: "arrears" as const } : year && year !== "current" ? { academic_year: year } : {};

/** The year filter's value of the arrears view. */
export const ARREARS = "arrears";

const filterQuery = ({ grade, status, search, dueWithin, year }: FeeFilters) => ({
  ...yearFilter(year),
  grade: grade && grade !== "All" ? grade : undefined,
  status: status && status !== "All" ? status : undefined,
  search: search?.trim() ? search.trim() : undefined,
  due_within_days: dueWithin && dueWithin !== "All" ? dueWithin : undefined,
});

// hc puts path values in as they are; an ID is digits/letters, but encode anyway.
const enc = (studentNo: string) => ({ student_no: encodeURIComponent(studentNo) });

/** The overdue list reads largest overdue amount first unless the admin sorts it (docs/product.md#fee-plans). */
const overdueOrder = (filters: FeeFilters) =>
  filters.status === "overdue" ? ({ sortBy: "overdue_amount", sortOrder: "desc" } as const) : {};

/** `GET /api/fees?grade=&status=&search=&due_within_days=` → every matching fee record (CSV export; "All"/empty left out). */
export async function listFees(filters: FeeFilters = {}): Promise<FeeRecord[]> {
  return (await call(apiClient().api.fees.$get({ query: { ...filterQuery(filters), ...overdueOrder(filters) } }))).fees;
}

/** `GET /api/fees?…&page&limit&sortBy&sortOrder` → one page and the total (search, sort and paging in SQL). */
export async function listFeesPage({
  filters,
  page,
  limit,
  sortBy,
  sortOrder,
  signal,
}: ServerPageRequest<FeeFilters>): Promise<ServerPage<FeeRecord>> {
  const query = {
    ...filterQuery(filters),
    page: String(page),
    limit: String(limit),
    ...(sortBy ? { sortBy, sortOrder } : overdueOrder(filters)),
  };
  const body = await call(apiClient().api.fees.$get({ query }, { init: { signal } }));
  return { rows: body.fees, total: body.pagination?.total ?? body.fees.length };
}

/** The default first page, started by the route's clientLoader before the page renders (see pagePrimer). */
export const feesPrimer = pagePrimer(listFeesPage);

/** `POST /api/fees {student_id, grade, total_amount, paid_amount}` → the new record. */
export async function createFee(json: CreateFeeInput): Promise<FeeRecord> {
  return (await call(apiClient().api.fees.$post({ json }))).fee;
}

/** `?academic_year=` naming an account's year; none: the current year's account. */
const yearQuery = (year?: string) => (year ? { academic_year: year } : {});

/** `PUT /api/fees/{student_no}?academic_year= {total_amount, paid_amount}` → the updated record. */
export async function updateFee(studentNo: string, json: UpdateFeeInput, year?: string): Promise<FeeRecord> {
  return (await call(apiClient().api.fees[":student_no"].$put({ param: enc(studentNo), query: yearQuery(year), json })))
    .fee;
}

/**
 * `POST /api/fees/{student_no}/add-payment {payment_amount}` with `Idempotency-Key: key` → `{fee, payment}`.
 * Retrying with the same key and amount returns the first payment instead of adding a second one; the key with
 * another amount fails with the reason IDEMPOTENCY_MISMATCH.
 */
export async function addPayment(studentNo: string, amount: number, key: string, year?: string) {
  return call(
    apiClient().api.fees[":student_no"]["add-payment"].$post({
      param: enc(studentNo),
      json: { payment_amount: amount, ...(year ? { academic_year_name: year } : {}) },
      header: { "idempotency-key": key },
    }),
  );
}

/** `PUT /api/fees/{student_no}/discount {kind, value, reason}` → the record with its new total and instalments. */
export async function setDiscount(
  studentNo: string,
  json: { kind: "amount" | "percent"; value: number | string; reason: string },
  year?: string,
): Promise<FeeRecord> {
  const put = apiClient().api.fees[":student_no"].discount.$put;
  return (await call(put({ param: enc(studentNo), query: yearQuery(year), json }))).fee;
}

/** `DELETE /api/fees/{student_no}?academic_year=`. */
export async function deleteFee(studentNo: string, year?: string): Promise<void> {
  await call(apiClient().api.fees[":student_no"].$delete({ param: enc(studentNo), query: yearQuery(year) }));
}

/** `GET /api/fees/{student_no}/payments?academic_year=` → that year's account's payments, oldest first. */
export async function listPayments(studentNo: string, year?: string): Promise<Payment[]> {
  const get = apiClient().api.fees[":student_no"].payments.$get;
  return (await call(get({ param: enc(studentNo), query: yearQuery(year) }))).payments;
}

/** `GET /api/fees/{student_no}/years` → every year's account of the student, oldest year first (arrears first). */
export async function listFeeYears(studentNo: string): Promise<FeeRecord[]> {
  return (await call(apiClient().api.fees[":student_no"].years.$get({ param: enc(studentNo) }))).fees;
}

/**
 * `GET /api/fees/{student_no}/payments?idempotency_key=key` → the payment recorded under `key`, or null when none
 * was (a definitive answer about a payment whose own answer was lost). Throws ApiFailure like every call.
 */
export async function findPaymentByKey(studentNo: string, key: string): Promise<Payment | null> {
  const { payments } = await call(
    apiClient().api.fees[":student_no"].payments.$get({ param: enc(studentNo), query: { idempotency_key: key } }),
  );
  return payments[0] ?? null;
}
