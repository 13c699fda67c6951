/**
 * Online payments' request and answer schemas (docs/product.md#online-payments): the public fees lookup, creating a
 * payment, its status, Paymob's Transaction Processed callback, and the console's list and "Check now". Imports only
 * zod and dependency-free modules: the public pages take their types from here.
 */
import { z } from "zod";
import { UNRECORDED_REFUND_REASONS } from "../../db/schema/enums";
import { reason } from "../reasons";
import { numberField } from "./number-field";
import { feeInstalmentJsonSchema, MAX_AMOUNT_EGP } from "./fees";
import { listSearchSchema } from "./list-params";
import { proseText } from "./text-field";
import { nationalIdParamSchema } from "./public-results";

/** The national ID as the results lookup reads it: digits normalised, invisible marks dropped, 1-20 letters/digits. */
const nationalId = nationalIdParamSchema.shape.nationalId;

/** `{national_id}` of `GET /api/public/fees/{national_id}`. */
export const publicFeesParamSchema = z.object({ national_id: nationalId });

/** The four choices of amount the page offers; the server computes each from its own figures. */
export const AMOUNT_CHOICES = ["next", "overdue", "all"] as const;
export type AmountChoice = (typeof AMOUNT_CHOICES)[number];

/** `GET /api/public/fees/{national_id}`: what the family's page shows. Amounts in EGP. */
export const publicFeesSchema = z.object({
  student: z.object({ full_name: z.string(), current_grade: z.string() }),
  fee: z.object({
    academic_year_name: z.string().describe("The account's year: the current year's (else the newest account)"),
    total: z.number().describe("EGP"),
    paid: z.number().describe("EGP"),
    remaining: z.number().describe("EGP"),
    overdue_amount: z.number().describe("EGP unpaid on instalments past their due date"),
    next_due_date: z.string().nullable().describe("YYYY-MM-DD: the earliest unpaid instalment due today or later"),
    instalments: z.array(feeInstalmentJsonSchema),
  }),
  /** Earlier years' accounts with money still owed, oldest year first: a payment settles them first. */
  arrears: z
    .array(
      z.object({
        academic_year_name: z.string(),
        total: z.number().describe("EGP"),
        paid: z.number().describe("EGP"),
        remaining: z.number().describe("EGP"),
        instalments: z.array(feeInstalmentJsonSchema),
      }),
    )
    .describe("Arrears: what earlier years still owe, oldest first; every choice below counts them first"),
  /** What each choice would charge now (EGP), arrears first; null when it charges nothing. */
  choices: z.object({
    next: z.number().nullable().describe("The oldest unpaid instalment's remaining amount"),
    overdue: z.number().nullable().describe("Everything overdue"),
    all: z.number().nullable().describe("All that remains"),
  }),
  payments_enabled: z.boolean().describe("False when the school has not configured online payment: hide Pay"),
  pending: z
    .array(
      z.object({
        payment_id: z.string().describe("Opens its return page again"),
        amount: z.number().describe("EGP"),
        created_at: z.string().describe("ISO 8601 UTC"),
        expires_at: z.string().describe("ISO 8601 UTC: the checkout (and a kiosk reference) closes then"),
      }),
    )
    .describe("Online payments of this record still pending (a kiosk reference not paid yet), newest first, up to 3"),
});
export type PublicFeesJson = z.output<typeof publicFeesSchema>;

/** Another amount: EGP ≥ 1, ≤ 2 decimals (the server also checks it against the remaining amount). */
const otherAmount = numberField("amount", {
  decimals: 2,
  grouping: true,
  min: 1,
  max: MAX_AMOUNT_EGP,
  messages: Object.fromEntries(
    (["required", "invalid", "negative", "decimals", "min", "max"] as const).map((p) => [
      p,
      reason("ONLINE_AMOUNT_INVALID"),
    ]),
  ),
});

/** `POST /api/public/payments` body: whose fees, and which amount (a choice, or EGP). */
export const createOnlinePaymentSchema = z.object({
  national_id: nationalId,
  // The union's own error: when neither a choice nor a number fits, zod reports the union, not a branch's reason.
  amount: z
    .union([z.enum(AMOUNT_CHOICES), otherAmount], { error: reason("ONLINE_AMOUNT_INVALID") })
    .describe('"next" (instalment), "overdue", "all" (that remains), or an amount in EGP ≥ 1 and ≤ the remaining'),
});
export type CreateOnlinePaymentInput = z.output<typeof createOnlinePaymentSchema>;

/** The `Idempotency-Key` header, required here: 1-255 visible ASCII characters. */
export const requiredIdempotencyKeySchema = z
  .string({ error: reason("IDEMPOTENCY_KEY_INVALID") })
  .regex(/^[\x21-\x7e]{1,255}$/, reason("IDEMPOTENCY_KEY_INVALID"));

export const ONLINE_STATUSES = ["pending", "paid", "failed", "expired"] as const;

/** `POST /api/public/payments` → 201: where to send the family. */
export const onlinePaymentCreatedSchema = z.object({
  payment_id: z.string().describe("Random public id: the status and the return page use it"),
  order_id: z.string().describe("Paymob's order id"),
  amount: z.number().describe("EGP, chosen by the server"),
  checkout_url: z.string().describe("Paymob's unified checkout for this payment"),
  expires_at: z.string().describe("ISO 8601 UTC: the checkout closes then"),
});

/** `{payment_id}` of the status route: the random public id. */
export const paymentIdParamSchema = z.object({
  payment_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, reason("ONLINE_PAYMENT_NOT_FOUND")),
});

/** A child of a family's payment in its public status: the amount chosen for it and its credit (EGP). */
export const onlinePaymentStatusChildSchema = z.object({
  full_name: z.string(),
  amount: z.number().describe("EGP the family chose for this child"),
  credit: z.number().describe("EGP of this child's part received beyond what was due (once paid)"),
});

/** `GET /api/public/payments/{payment_id}`: what the return page shows; it polls while `pending`. */
export const onlinePaymentStatusSchema = z.object({
  payment_id: z.string(),
  status: z.enum(ONLINE_STATUSES),
  amount: z.number().describe("EGP"),
  full_name: z
    .string()
    .nullable()
    .describe(
      "The student's; a family's payment: its children's, only to that family's session (else null: never named to others)",
    ),
  children: z
    .array(onlinePaymentStatusChildSchema)
    .describe("A family's payment, to that family's session only: each child with its part; else empty"),
  paid_at: z.string().nullable(),
  expires_at: z.string().describe("ISO 8601 UTC: the deadline to pay it (the checkout, a kiosk reference)"),
  receipt_no: z.string().nullable().describe("RCP-… once paid (null when all of it became credit)"),
  receipt_url: z.string().nullable().describe("The printable receipt, by an unguessable token, once paid"),
  credit: z.number().describe("EGP received beyond what was due (the school refunds it)"),
});
export type OnlinePaymentStatusJson = z.output<typeof onlinePaymentStatusSchema>;

/** A signed id as Paymob sends it: a JSON integer (a string could carry a neighbouring field's characters). */
const signedId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A signed flag: present and a JSON boolean (never defaulted, never the string "false"). */
const signedFlag = z.boolean();

/**
 * The transaction (`obj`) of Paymob's callbacks and inquiry answers. Its HMAC is over the 20 signed values
 * concatenated without separators, so a verified signature fixes the string, not where one field ends: every signed
 * field must have the type Paymob sends (integers, real booleans, an ISO time, a currency code), which pins each
 * boundary. The school acts on nothing outside the 20 (a field such as `is_refund` could be changed freely).
 */
export const paymobTransactionSchema = z.looseObject({
  id: signedId.transform(String),
  amount_cents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  created_at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  error_occured: signedFlag,
  has_parent_transaction: signedFlag,
  integration_id: signedId,
  is_3d_secure: signedFlag,
  is_auth: signedFlag,
  is_capture: signedFlag,
  is_refunded: signedFlag,
  is_standalone_payment: signedFlag,
  is_voided: signedFlag,
  order: z.looseObject({ id: signedId.transform(String) }),
  owner: signedId,
  pending: signedFlag,
  source_data: z.looseObject({ pan: z.string().nullable(), sub_type: z.string(), type: z.string() }),
  success: signedFlag,
});
export type PaymobTransaction = z.output<typeof paymobTransactionSchema>;

/** Paymob's Transaction Processed callback body (documented shape; checked by its HMAC first). */
export const paymobCallbackSchema = z.looseObject({
  type: z.string().describe('"TRANSACTION"'),
  obj: z.record(z.string(), z.unknown()).describe("The transaction, with the 20 fields of the HMAC"),
});

export const CALLBACK_OUTCOMES = [
  "recorded",
  "refused",
  "replayed",
  "failed",
  "refunded",
  "pending",
  "ignored",
  "mismatch",
] as const;
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number];

/** The callback's answer (always 200 once verified: Paymob stops retrying). */
export const callbackAnswerSchema = z.object({ received: z.literal(true), outcome: z.enum(CALLBACK_OUTCOMES) });

/** A child of a family's payment for several children, as the console lists it (checkout order). */
export const adminOnlinePaymentChildSchema = z.object({
  student_no: z.string(),
  full_name: z.string(),
  amount: z.number().describe("EGP the family chose for this child"),
});

/** A refund Paymob reported that the write refused: not on the books, for the office to settle by hand. */
export const unrecordedRefundSchema = z.object({
  transaction_id: z.string().describe("Paymob's refund or void transaction"),
  amount: z.number().describe("EGP Paymob gave back that no account was charged with"),
  reason: z
    .enum(UNRECORDED_REFUND_REASONS)
    .describe(
      "beyond_payment: more than the payment brought in (or no payment recorded); accounts_short: the accounts it paid no longer hold it",
    ),
  at: z.string().describe("When it was first refused (ISO UTC)"),
});

/** Longest note the office writes when it settles a refund not recorded (characters). */
export const SETTLE_NOTE_MAX = 500;
const NOTE_REQUIRED = reason("REQUIRED", { field: "settle_note" });

/** `POST /api/admin/online-payments/unrecorded-refunds/{transaction_id}/settle` path. */
export const unrecordedRefundParamSchema = z.object({
  transaction_id: z
    .string()
    .min(1, reason("UNRECORDED_REFUND_NOT_FOUND"))
    .max(64, reason("UNRECORDED_REFUND_NOT_FOUND"))
    .describe("Paymob's refund or void transaction"),
});

/** Its body: how the office settled the refund by hand. */
export const settleUnrecordedRefundSchema = z.object({
  note: proseText({ error: NOTE_REQUIRED })
    .trim()
    .min(1, NOTE_REQUIRED)
    .max(SETTLE_NOTE_MAX, reason("TOO_LONG", { field: "settle_note", max: SETTLE_NOTE_MAX }))
    .describe("How it was settled, e.g. the fee lowered by the same amount, or the refund was a mistake"),
});

/** A refund not recorded, once the office settled it. */
export const settledRefundSchema = unrecordedRefundSchema.extend({
  settled_at: z.string().describe("ISO UTC"),
  settled_by: z.string().describe("The staff member's username"),
  note: z.string(),
});

/** One online payment in the console. */
export const adminOnlinePaymentSchema = z.object({
  payment_id: z.string(),
  order_id: z.string(),
  student_no: z.string().describe("The student's (a family's payment: its first child's)"),
  full_name: z.string().describe("The student's (a family's payment: its first child's)"),
  children: z
    .array(adminOnlinePaymentChildSchema)
    .describe("A family's payment: every child with its part, checkout order; empty for a payment made on /pay"),
  amount: z.number().describe("EGP"),
  status: z.enum(ONLINE_STATUSES),
  receipt_no: z.string().nullable(),
  credit: z.number().describe("EGP to refund"),
  refunded: z.number().describe("EGP refunded or voided by Paymob"),
  unrecorded_refunds: z
    .array(unrecordedRefundSchema)
    .describe("Refunds Paymob reported that could not be recorded and are not recorded since, oldest first"),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  checked_at: z.string().nullable(),
});

/**
 * `GET /api/admin/online-payments` query: one status, and `q`, a student's name or number (contains; folded as the
 * Students and Fees searches are, Arabic-Indic digits accepted).
 */
export const adminOnlinePaymentsQuerySchema = z.object({
  status: z.enum(ONLINE_STATUSES).optional(),
  refund: z.enum(["unrecorded"]).optional().describe("unrecorded: only payments with a refund not recorded"),
  q: listSearchSchema.describe(
    "Student name or number, contains (Arabic letter variants and digits folded); any child of a family's payment",
  ),
});

/** Online payments paid on one school day (Cairo): how many, and what Paymob took (EGP, credit included). */
export const onlineTakingsSchema = z.object({
  count: z.number().int(),
  amount: z.number().describe("EGP"),
});

/** `GET /api/admin/online-payments`: newest first (up to 200); pending now, open credits and today's takings. */
export const adminOnlinePaymentsSchema = z.object({
  payments: z.array(adminOnlinePaymentSchema),
  pending: z.number().int().describe("Payments pending now (whatever the filters)"),
  credit_total: z.number().describe("EGP of credits not yet refunded"),
  paid_today: onlineTakingsSchema.describe("Paid today (Cairo day), whatever the filters"),
  unrecorded_refunds: z
    .object({ count: z.number().int(), amount: z.number().describe("EGP") })
    .describe("Refunds not recorded (to settle by hand), whatever the filters"),
});

/** `POST /api/admin/online-payments/check`: what reconciliation found. */
export const reconcileResultSchema = z.object({
  checked: z.number().int(),
  paid: z.number().int(),
  failed: z.number().int(),
  expired: z.number().int(),
  still_pending: z.number().int(),
  errors: z.number().int().describe("Payments Paymob did not answer about (asked again next time)"),
});
export type ReconcileResult = z.output<typeof reconcileResultSchema>;
