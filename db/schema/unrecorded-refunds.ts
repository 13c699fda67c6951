/**
 * Refunds and voids Paymob reported that the school could not record (docs/product.md#online-payments,
 * docs/decisions/0049-online-refunds-across-years-and-unrecorded.md): Paymob gave the money back, the ledger did not
 * take it off any account, so the office must settle it by hand. One row per Paymob transaction (UNIQUE: a replay
 * of the same refund adds nothing), written after its batch was refused (worker/services/online-payments/
 * unrecorded-refunds.ts) and only while no batch recorded it; `recorded_at` is set when a later report of the same
 * refund was recorded after all, `settled_at` when the office settled it by hand. Nothing of the refund was written:
 * `amount_piastres` is what is not on the books.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { onlinePayments } from "./online-payments";
import { nowIso } from "./_common";
import { UNRECORDED_REFUND_REASONS } from "./enums";

export { UNRECORDED_REFUND_REASONS };
export type UnrecordedRefundReason = (typeof UNRECORDED_REFUND_REASONS)[number];

export const unrecordedRefunds = sqliteTable(
  "unrecorded_refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    onlinePaymentId: integer("online_payment_id")
      .notNull()
      .references(() => onlinePayments.id, { onDelete: "restrict" }),
    /** Paymob's id of the refund or void transaction. */
    transactionId: text("transaction_id").notNull(),
    /** What Paymob gave back and the ledger did not take off (piastres). */
    amountPiastres: integer("amount_piastres").notNull(),
    reason: text("reason", { enum: UNRECORDED_REFUND_REASONS }).notNull(),
    /** "callback" or "inquiry": which report was refused first. */
    source: text("source").notNull(),
    at: text("at").notNull().default(nowIso),
    /** When a later report of the same refund was recorded after all; null while it is not on the books. */
    recordedAt: text("recorded_at"),
    /**
     * When the office settled it by hand, who (username) and how (their note): the refund then counts as acted on
     * (a `paymob_transactions` row with source "office", written in the same batch), so a later report of it adds
     * nothing. Open = neither recorded nor settled.
     */
    settledAt: text("settled_at"),
    settledBy: text("settled_by"),
    settledNote: text("settled_note"),
  },
  (t) => [
    check("unrecorded_refunds_reason_chk", sql`${t.reason} IN ('beyond_payment','accounts_short')`),
    check("unrecorded_refunds_amount_chk", sql`${t.amountPiastres} >= 0`),
    uniqueIndex("unrecorded_refunds_txn_uq").on(t.transactionId),
    index("unrecorded_refunds_payment_idx").on(t.onlinePaymentId),
  ],
);
