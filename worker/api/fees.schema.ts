/**
 * Fees and payments request schemas (spec §5 "Fee add form", "Payment"; contract "Fees"). Shared with the web
 * forms; imports only zod and the dependency-free normaliser. Amounts are EGP numbers (or text as typed: Arabic-Indic/
 * Persian digits, "٫", thousands separators such as "12,000" or "١٢٬٠٠٠") with at most 2 decimals, 0 … 10,000,000.
 */
import { z } from "zod";
import { normalizeNationalId } from "../lib/normalize";
import { numberField } from "./number-field";
import { GRADES } from "../lib/school-grades";
import { filterValue, limitParam, listSearchSchema, pageParam, sortByParam, sortOrderParam, toGrade } from "./students.schema";

/** Largest accepted amount, EGP. */
export const MAX_AMOUNT_EGP = 10_000_000;

export const FEE_STATUSES = ["paid", "partially_paid", "not_paid"] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

export const PAYMENT_AMOUNT_MESSAGE = "Please enter a valid payment amount";

/** An EGP amount ≥ 0 with ≤ 2 decimals, ≤ MAX_AMOUNT_EGP. `label` starts the messages ("Total amount …"). */
export const egpAmount = (label: string) =>
  numberField(label, { decimals: 2, grouping: true, min: 0, max: MAX_AMOUNT_EGP, messages: { max: `${label} cannot exceed 10,000,000 EGP` } });

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
  payment_amount: numberField("Payment amount", {
    decimals: 2,
    grouping: true,
    min: 0.01,
    max: MAX_AMOUNT_EGP,
    messages: { required: PAYMENT_AMOUNT_MESSAGE, invalid: PAYMENT_AMOUNT_MESSAGE, negative: PAYMENT_AMOUNT_MESSAGE, min: PAYMENT_AMOUNT_MESSAGE, max: PAYMENT_AMOUNT_MESSAGE },
  }),
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
