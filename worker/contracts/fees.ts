/**
 * Fees and payments schemas (docs/product.md#fees, #payments-and-receipts): request bodies shared with the console's
 * forms, and the answers the routes are type-checked against (the console takes its types from them). Imports only
 * zod and dependency-free modules. Amounts are EGP numbers (or text as typed: Arabic-Indic/Persian digits, "٫",
 * thousands separators such as "12,000" or "١٢٬٠٠٠") with at most 2 decimals, 0 … 10,000,000.
 */
import { z } from "zod";
import { normalizeNationalId } from "../lib/normalize";
import { numberField } from "./number-field";
import { reason } from "../reasons";
import { GRADES } from "../lib/school-grades";
import { INSTALMENT_STATUSES } from "../lib/fee-schedule";
import { academicYearNameSchema } from "./academic-years";
import {
  filterValue,
  gradeFilter,
  limitParam,
  listSearchSchema,
  pageParam,
  paginationSchema,
  sortByParam,
  sortOrderParam,
  toGrade,
} from "./list-params";

/** Largest accepted amount, EGP. */
export const MAX_AMOUNT_EGP = 10_000_000;

export const FEE_STATUSES = ["paid", "partially_paid", "not_paid"] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

/** An EGP amount ≥ 0 with ≤ 2 decimals, ≤ MAX_AMOUNT_EGP (AMOUNT_TOO_LARGE above it): fee records, plan lines and instalments, discounts. */
export const egpAmount = (field: "total_amount" | "paid_amount" | "amount" | "line_total" | "discount") =>
  numberField(field, {
    decimals: 2,
    grouping: true,
    min: 0,
    max: MAX_AMOUNT_EGP,
    messages: { max: reason("AMOUNT_TOO_LARGE", { field }) },
  });

const PAID_ABOVE_TOTAL = reason("PAID_ABOVE_TOTAL");

/** `POST /api/fees` body. `student_id` is the student's ID (`student_no`), normalised like everywhere. */
export const createFeeSchema = z
  .object({
    student_id: z.preprocess(
      (v) => (typeof v === "string" ? normalizeNationalId(v).toUpperCase() : v),
      z
        .string({ error: reason("REQUIRED", { field: "student_id" }) })
        .min(1, reason("REQUIRED", { field: "student_id" }))
        .max(20, reason("TOO_LONG", { field: "student_id", max: 20 })),
    ),
    grade: z.preprocess(
      (v) => (typeof v === "string" ? (toGrade(v) ?? v) : v),
      z.enum(GRADES, {
        error: (iss) =>
          iss.input === undefined || iss.input === "" ? reason("GRADE_REQUIRED") : reason("GRADE_UNKNOWN"),
      }),
    ),
    total_amount: egpAmount("total_amount"),
    paid_amount: egpAmount("paid_amount"),
    academic_year_name: academicYearNameSchema.optional().describe("The account's year; default the current year"),
  })
  .refine((v) => v.paid_amount <= v.total_amount, { message: PAID_ABOVE_TOTAL, path: ["paid_amount"] });

/** `?academic_year=` of the routes on one student's account: which year's account (default: the current year). */
export const accountYearQuerySchema = z.object({
  academic_year: academicYearNameSchema.optional().describe("The account's year; default the current year"),
});

/** `PUT /api/fees/{student_no}` body: the new total and paid amounts (a paid change becomes an adjustment row). */
export const updateFeeSchema = z
  .object({ total_amount: egpAmount("total_amount"), paid_amount: egpAmount("paid_amount") })
  .refine((v) => v.paid_amount <= v.total_amount, { message: PAID_ABOVE_TOTAL, path: ["paid_amount"] });

/** `POST /api/fees/{student_no}/add-payment` body: an amount > 0; every failure is PAYMENT_AMOUNT_INVALID. */
export const addPaymentSchema = z.object({
  payment_amount: numberField("payment_amount", {
    decimals: 2,
    grouping: true,
    min: 0.01,
    max: MAX_AMOUNT_EGP,
    messages: Object.fromEntries(
      (["required", "invalid", "negative", "min", "max"] as const).map((p) => [p, reason("PAYMENT_AMOUNT_INVALID")]),
    ),
  }),
  academic_year_name: academicYearNameSchema
    .optional()
    .describe("Pay this year's account only; without it the oldest year's account is settled first, then the next"),
});

/** `Idempotency-Key` header: 1-255 visible ASCII characters (e.g. a UUID made once per payment attempt). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, reason("IDEMPOTENCY_KEY_INVALID"))
  .optional();

/** Columns the Fees table sorts on (API field names). Without `sortBy`: newest record first. */
export const FEE_SORT_FIELDS = [
  "full_name",
  "student_no",
  "grade",
  "total_amount",
  "paid_amount",
  "remaining",
  "status",
  "overdue_amount",
] as const;

/** The list's status filter: the record's three statuses, and `overdue` (an instalment unpaid after its due date). */
export const FEE_FILTER_STATUSES = [...FEE_STATUSES, "overdue"] as const;

/** Largest `due_within_days`: one academic year. */
export const MAX_DUE_WITHIN_DAYS = 366;
export type FeeSortField = (typeof FEE_SORT_FIELDS)[number];

/**
 * `GET /api/fees` query: all optional; "" and "All" mean no filter. Search over name and student number, folded
 * like the students list. With `page` or `limit` (15, 20, 30, 50) the answer is one page plus `pagination`.
 */
export const listFeesQuerySchema = z.object({
  search: listSearchSchema,
  grade: gradeFilter(),
  status: filterValue(FEE_FILTER_STATUSES, "status"),
  /** Records with an unpaid instalment due from today to today + N school days (Cairo); 0 = due today. */
  due_within_days: numberField("due_within_days", { decimals: 0, min: 0, max: MAX_DUE_WITHIN_DAYS }).optional(),
  /** The year whose accounts are listed; default the current year. Ignored by `view=arrears`. */
  academic_year: academicYearNameSchema.optional(),
  /** `arrears`: the accounts of years before the current one with money still owed, oldest year first. */
  view: z.enum(["arrears"]).optional(),
  page: pageParam,
  limit: limitParam,
  sortBy: sortByParam(FEE_SORT_FIELDS),
  sortOrder: sortOrderParam,
});

export type CreateFeeInput = z.output<typeof createFeeSchema>;
export type UpdateFeeInput = z.output<typeof updateFeeSchema>;
export type ListFeesQuery = z.output<typeof listFeesQuerySchema>;

/**
 * A payment row as the API returns it: `receipt_no` is `RCP-{academic year}-{6 digits}` for a payment and `ADJ-…`
 * for an adjustment made through the edit form; `amount` in EGP (negative only for a downward adjustment); `paid_at`
 * ISO 8601 UTC.
 */
/** One instalment of a fee record; amounts in EGP. */
export const feeInstalmentJsonSchema = z.object({
  no: z.number().int(),
  line: z.string().describe("The line's Arabic name"),
  line_en: z.string().nullable().describe("The line's English name; null: the Arabic name serves both"),
  due_date: z.string().describe("YYYY-MM-DD, school day"),
  amount: z.number().describe("EGP"),
  paid: z.number().describe("EGP"),
  remaining: z.number().describe("EGP"),
  status: z.enum(INSTALMENT_STATUSES).describe("overdue from the school day after the due date"),
});
export const discountJsonSchema = z.object({
  amount: z.number().describe("EGP taken off the total"),
  percent: z.number().nullable().describe("When given as a percent"),
  reason: z.string(),
});
export const allocationJsonSchema = z.object({
  instalment_no: z.number().int(),
  line: z.string().describe("The line's Arabic name at the time of the payment"),
  line_en: z.string().nullable().describe("Its English name then; null: the Arabic name serves both"),
  amount: z.number().describe("EGP"),
});

/** Where a payment's money came in (docs/product.md#online-payments): the office's desk, or Paymob. */
export const PAYMENT_SOURCES = ["desk", "online"] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const paymentJsonSchema = z.object({
  id: z.number().int(),
  receipt_no: z.string().describe("RCP-{academic year}-{6 digits}, or ADJ-… for an adjustment"),
  amount: z.number().describe("EGP"),
  paid_at: z.string().describe("ISO 8601 UTC"),
  kind: z.enum(["payment", "adjustment"]),
  source: z.enum(PAYMENT_SOURCES).describe('Where the money came in: "desk" (the office) or "online" (Paymob)'),
  allocations: z
    .array(allocationJsonSchema)
    .describe("The instalments this payment covered when it was recorded, oldest first"),
});
export type PaymentJson = z.output<typeof paymentJsonSchema>;

/** A fee record as the API returns it; amounts in EGP, remaining = total − paid, `payments` oldest first. */
export const feeJsonSchema = z.object({
  id: z.number().int(),
  academic_year_name: z.string().describe("The academic year this account belongs to"),
  student_no: z.string(),
  full_name: z.string(),
  grade: z.string().describe("One of KG-1 … Private"),
  total_amount: z.number().describe("EGP"),
  paid_amount: z.number().describe("EGP; always the sum of the payment rows"),
  remaining: z.number().describe("EGP"),
  status: z.enum(FEE_STATUSES),
  payments: z.array(paymentJsonSchema),
  plan_id: z.number().int().nullable().describe("The fee plan whose schedule the record carries"),
  custom_schedule: z.boolean(),
  instalments: z.array(feeInstalmentJsonSchema).describe("Oldest due first; empty without a schedule"),
  overdue_amount: z.number().describe("EGP unpaid on instalments whose due date has passed (Cairo)"),
  next_due_date: z.string().nullable().describe("The earliest due date, today or later, of an unpaid instalment"),
  discount: discountJsonSchema.nullable(),
});
export type FeeJson = z.output<typeof feeJsonSchema>;

/** `GET /api/fees`: every matching record, or one page of them with `pagination` when asked for a page. */
export const feeListSchema = z.object({ fees: z.array(feeJsonSchema), pagination: paginationSchema.optional() });

/** `{fee}`: the record after a create or an edit. */
export const feeBodySchema = z.object({ fee: feeJsonSchema });

/** One line of a receipt: the payment row on one year's account. */
export const receiptLineJsonSchema = paymentJsonSchema.extend({
  academic_year_name: z.string().describe("The year of the account this line paid"),
});
export type ReceiptLineJson = z.output<typeof receiptLineJsonSchema>;

/**
 * `{fee, payment, lines}`: after a payment, the account of its first line and that line, and every line of the
 * receipt (one per year's account it paid, oldest year first; one line for a payment on one account).
 */
export const paymentResultSchema = z.object({
  fee: feeJsonSchema,
  payment: paymentJsonSchema,
  lines: z.array(receiptLineJsonSchema),
});
