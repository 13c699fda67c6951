/**
 * Payments: one row per payment with a receipt number `RCP-{academic year}-{sequence}` (sequence restarts
 * each academic year). `kind` = "payment" for cash-desk payments, "adjustment" for corrections made through the
 * fee edit form (may be negative), so the paid amount always equals the sum of these rows.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { feeRecords } from "./fee-records";
import { admins } from "./admins";
import { nowIso } from "./_common";
import { newToken } from "../../common/new-token";

/** The online payment methods a receipt may name (Paymob's "aggregator" is the kiosk). */
export const PAYMENT_METHODS = ["card", "wallet", "kiosk"] as const;

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    feeRecordId: integer("fee_record_id")
      .notNull()
      .references(() => feeRecords.id, { onDelete: "restrict" }),
    receiptNo: text("receipt_no").notNull().unique(),
    academicYear: text("academic_year").notNull(),
    sequence: integer("sequence").notNull(),
    amountPiastres: integer("amount_piastres").notNull(),
    kind: text("kind", { enum: ["payment", "adjustment"] })
      .notNull()
      .default("payment"),
    /** Client-supplied Idempotency-Key; with `request_hash`, replays return this row. */
    idempotencyKey: text("idempotency_key").unique(),
    requestHash: text("request_hash"),
    paidAt: text("paid_at").notNull().default(nowIso),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    /**
     * The record's balance right after this row, fixed in the batch that issued it (docs/product.md#payments-and-receipts):
     * every reprint of the receipt shows it. Null for receipts issued before migration 0010 (computed when printed).
     */
    balanceAfterPiastres: integer("balance_after_piastres"),
    /**
     * Where the money came in: "desk" (the office) or "online" (Paymob, docs/product.md#online-payments). A plain
     * column with a default (no CHECK), so the migration is an ALTER TABLE.
     */
    source: text("source", { enum: ["desk", "online"] })
      .notNull()
      .default("desk"),
    /**
     * Opens the printable receipt without a session (`/pay/receipts/{token}`, docs/product.md#payments-and-receipts):
     * 32 random bytes, base64url. Every row has one: drizzle inserts take this default, the SQL inserts pass one,
     * migration 0016 filled the rows before it. The column is nullable only because SQLite adds a column to a
     * filled table that way (NOT NULL needs a constant default; a token cannot have one).
     */
    receiptToken: text("receipt_token").unique().$defaultFn(newToken),
    /**
     * One receipt paying several years' accounts (docs/decisions/0041-one-receipt-across-years.md): its rows (one per
     * account, each with its own number) share this random key; the document is headed by the lowest number among
     * them. Null: a receipt on one account, as every receipt was before.
     */
    receiptGroup: text("receipt_group"),
    /**
     * How an online receipt was paid (Paymob's method: card, mobile wallet, kiosk), written with the receipt by the
     * online ledger (docs/product.md#online-payments). Null for the desk's receipts and for an online method Paymob
     * names otherwise. Receipts before migration `reports_kept_figures` took it from their audit rows.
     */
    method: text("method", { enum: PAYMENT_METHODS }),
  },
  (t) => [
    check("payments_kind_chk", sql`${t.kind} IN ('payment','adjustment')`),
    check("payments_amount_chk", sql`${t.kind} = 'adjustment' OR ${t.amountPiastres} > 0`),
    uniqueIndex("payments_year_seq_uq").on(t.academicYear, t.sequence),
    index("payments_fee_idx").on(t.feeRecordId, t.paidAt),
    // The Reports page's collection by month: the account's receipts read from the index alone (time and amount).
    index("payments_fee_amount_idx").on(t.feeRecordId, t.paidAt, t.amountPiastres),
    index("payments_receipt_group_idx").on(t.receiptGroup),
  ],
);

/** Per-academic-year receipt counters; incremented inside the payment batch. */
export const receiptCounters = sqliteTable("receipt_counters", {
  academicYear: text("academic_year").primaryKey(),
  lastSequence: integer("last_sequence").notNull().default(0),
});
