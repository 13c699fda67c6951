/**
 * Fees and payments request schemas (spec §5 "Fee add form", "Payment"; contract "Fees"). Shared with the web
 * forms; imports only zod and the dependency-free normaliser. Amounts are EGP numbers (or numeric strings, with
 * Arabic-Indic/Persian digits accepted) with at most 2 decimals, 0 … 10,000,000.
 */
import { z } from "zod";
import { normalizeNationalId, normalizeNumberInput } from "../lib/normalize";
import { GRADES } from "../lib/grades";
import { filterValue, limitParam, listSearchSchema, pageParam, sortByParam, sortOrderParam, toGrade } from "./students.schema";

/** Largest accepted amount, EGP. */
export const MAX_AMOUNT_EGP = 10_000_000;

export const FEE_STATUSES = ["paid", "partially_paid", "not_paid"] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

export const PAYMENT_AMOUNT_MESSAGE = "Please enter a valid payment amount";

/** True when `n` has at most 2 decimals (tolerating binary floating point: 0.1 + 0.2 is fine). */
export function hasAtMostTwoDecimals(n: number): boolean {
  return Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
}

/** A typed amount → number; "" / null → undefined (reported as required); other text → NaN (invalid). */
function toAmount(v: unknown): unknown {
  if (typeof v !== "string") return v ?? undefined;
  const s = normalizeNumberInput(v);
  if (s === "") return undefined;
  return /^-?\d+(\.\d+)?$|^-?\.\d+$/.test(s) ? Number(s) : Number.NaN;
}

/** An EGP amount ≥ 0 with ≤ 2 decimals, ≤ MAX_AMOUNT_EGP. `label` starts the messages ("Total amount …"). */
export const egpAmount = (label: string) =>
  z.preprocess(
    toAmount,
    z
      .number({ error: (iss) => (iss.input === undefined ? `${label} is required` : `${label} must be a number`) })
      .min(0, `${label} cannot be negative`)
      .max(MAX_AMOUNT_EGP, `${label} cannot exceed 10,000,000 EGP`)
      .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimal places`),
  );

const PAID_ABOVE_TOTAL = "Paid amount cannot exceed the total amount";

/** `POST /api/fees` body. `student_id` is the student's ID (`student_no`), normalised like everywhere. */
export const createFeeSchema = z
  .object({
    student_id: z.preprocess(
      (v) => (typeof v === "string" ? normalizeNationalId(v).toUpperCase() : v),
      z.string({ error: "Student ID is required" }).min(1, "Student ID is required").max(20, "Student ID must be at most 20 characters"),
    ),
    grade: z.preprocess(
      (v) => (typeof v === "string" ? (toGrade(v) ?? v) : v),
      z.enum(GRADES, { error: (iss) => (iss.input === undefined || iss.input === "" ? "Grade is required" : "Unknown grade") }),
    ),
    total_amount: egpAmount("Total amount"),
    paid_amount: egpAmount("Paid amount"),
  })
  .refine((v) => v.paid_amount <= v.total_amount, { message: PAID_ABOVE_TOTAL, path: ["paid_amount"] });

/** `PUT /api/fees/{student_no}` body: the new total and paid amounts (a paid change becomes an adjustment row). */
export const updateFeeSchema = z
  .object({ total_amount: egpAmount("Total amount"), paid_amount: egpAmount("Paid amount") })
  .refine((v) => v.paid_amount <= v.total_amount, { message: PAID_ABOVE_TOTAL, path: ["paid_amount"] });

/** `POST /api/fees/{student_no}/add-payment` body: an amount > 0 (spec §5 "Payment" alert text). */
export const addPaymentSchema = z.object({
  payment_amount: z.preprocess(
    toAmount,
    z
      .number({ error: PAYMENT_AMOUNT_MESSAGE })
      .gt(0, PAYMENT_AMOUNT_MESSAGE)
      .max(MAX_AMOUNT_EGP, PAYMENT_AMOUNT_MESSAGE)
      .refine(hasAtMostTwoDecimals, "Payment amount can have at most 2 decimal places"),
  ),
});

/** `Idempotency-Key` header: 1-255 visible ASCII characters (e.g. a UUID made once per payment attempt). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, "Idempotency-Key must be 1-255 visible ASCII characters")
  .optional();

/** Columns the Fees table sorts on (API field names). Without `sortBy`: newest record first. */
export const FEE_SORT_FIELDS = ["full_name", "student_no", "grade", "total_amount", "paid_amount", "remaining", "status"] as const;
export type FeeSortField = (typeof FEE_SORT_FIELDS)[number];

/**
 * `GET /api/fees` query: all optional; "" and "All" mean no filter. Search over name and student number, folded
 * like the students list. With `page` or `limit` (15, 20, 30, 50) the answer is one page plus `pagination`.
 */
export const listFeesQuerySchema = z.object({
  search: listSearchSchema,
  grade: filterValue(GRADES, "grade"),
  status: filterValue(FEE_STATUSES, "status"),
  page: pageParam,
  limit: limitParam,
  sortBy: sortByParam(FEE_SORT_FIELDS),
  sortOrder: sortOrderParam,
});

export type CreateFeeInput = z.output<typeof createFeeSchema>;
export type UpdateFeeInput = z.output<typeof updateFeeSchema>;
export type ListFeesQuery = z.output<typeof listFeesQuerySchema>;
