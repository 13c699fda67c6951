/**
 * Online payments through Paymob (docs/product.md#online-payments; docs/decisions/0036-paymob-local-stand-in.md).
 *
 * `online_payments`: one row per checkout a family starts. It is created `pending` with the amount the server chose
 * (piastres), Paymob's order id and the family's `Idempotency-Key` (both UNIQUE), and becomes `paid` when a verified
 * success arrives, `failed` on a decline, `expired` when reconciliation finds nothing paid after its expiry. Money
 * never lands here: a success goes through the same ledger rows as a desk payment (`payments`, RCP receipt), linked
 * by `payment_id`; what exceeded the record's remaining amount at that moment is `credit_piastres` (to refund).
 *
 * `paymob_transactions`: one row per Paymob transaction acted on, UNIQUE by (transaction id, kind), and at most one
 * `payment` row per order. It is the first statement of the batch that records the money, so a replayed or
 * concurrent duplicate callback, or a second success of a paid order under another id, breaks a key and the whole
 * batch adds nothing. The trigger `paymob_refund_cap` (migration 0019) refuses a refund row that would take back more
 * than the order's payment brought in.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { feeRecords } from "./fee-records";
import { payments } from "./payments";
import { nowIso, timestamps } from "./_common";

export const ONLINE_PAYMENT_STATUSES = ["pending", "paid", "failed", "expired"] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

export const onlinePayments = sqliteTable(
  "online_payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The payment's public id (`payment_id` in the API): random, unguessable, safe in a return URL. */
    publicId: text("public_id").notNull().unique(),
    feeRecordId: integer("fee_record_id")
      .notNull()
      .references(() => feeRecords.id, { onDelete: "restrict" }),
    amountPiastres: integer("amount_piastres").notNull(),
    currency: text("currency").notNull().default("EGP"),
    status: text("status", { enum: ONLINE_PAYMENT_STATUSES }).notNull().default("pending"),
    /** Paymob's order id (`intention_order_id`; `obj.order.id` in its callbacks). */
    orderId: text("order_id").notNull().unique(),
    intentionId: text("intention_id"),
    /** Opens the unified checkout again when the family retries with the same Idempotency-Key. */
    clientSecret: text("client_secret").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    requestHash: text("request_hash").notNull(),
    /** Opens the printable receipt without a session (docs/product.md#online-payments). */
    receiptToken: text("receipt_token").notNull().unique(),
    expiresAt: text("expires_at").notNull(),
    /** Paymob's id of the transaction that paid it. */
    transactionId: text("transaction_id").unique(),
    /** The RCP payment row; null until paid, and when the desk had already taken all of it (all credit). */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    creditPiastres: integer("credit_piastres").notNull().default(0),
    refundedPiastres: integer("refunded_piastres").notNull().default(0),
    paidAt: text("paid_at"),
    /** When reconciliation last asked Paymob about it (transaction inquiry). */
    checkedAt: text("checked_at"),
    /** The signed-in family's number (E.164) of a payment for several children (its parts); null for /pay's. */
    guardianPhone: text("guardian_phone"),
    ...timestamps,
  },
  (t) => [
    check("online_payments_amount_chk", sql`${t.amountPiastres} > 0`),
    check("online_payments_status_chk", sql`${t.status} IN ('pending','paid','failed','expired')`),
    check("online_payments_credit_chk", sql`${t.creditPiastres} >= 0`),
    index("online_payments_status_idx").on(t.status, t.createdAt),
    index("online_payments_fee_idx").on(t.feeRecordId),
    index("online_payments_guardian_idx").on(t.guardianPhone),
  ],
);

export const PAYMOB_TRANSACTION_KINDS = ["payment", "declined", "refund", "mismatch"] as const;
export type PaymobTransactionKind = (typeof PAYMOB_TRANSACTION_KINDS)[number];

export const paymobTransactions = sqliteTable(
  "paymob_transactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: text("transaction_id").notNull(),
    kind: text("kind", { enum: PAYMOB_TRANSACTION_KINDS }).notNull(),
    onlinePaymentId: integer("online_payment_id")
      .notNull()
      .references(() => onlinePayments.id, { onDelete: "restrict" }),
    /** What Paymob reported (piastres). */
    amountPiastres: integer("amount_piastres").notNull(),
    /** What it changed on the fee record (signed piastres: + a payment, − a refund), fixed at the write. */
    appliedPiastres: integer("applied_piastres").notNull().default(0),
    /** What it changed on the payment's credit (signed piastres). */
    creditPiastres: integer("credit_piastres").notNull().default(0),
    /** The RCP payment or ADJ adjustment row it made, if any. */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    /** "callback" (Transaction Processed), "inquiry" (reconciliation), or "office" (a refund settled by hand). */
    source: text("source").notNull(),
    at: text("at").notNull().default(nowIso),
  },
  (t) => [
    uniqueIndex("paymob_transactions_txn_kind_uq").on(t.transactionId, t.kind),
    // At most one recorded success per order, whatever its transaction id says: a second is a replay.
    uniqueIndex("paymob_transactions_one_payment_uq").on(t.onlinePaymentId).where(sql`kind = 'payment'`),
    index("paymob_transactions_payment_idx").on(t.onlinePaymentId),
  ],
);
