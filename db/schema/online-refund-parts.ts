/**
 * What each refund or void of a family's payment for several children took back from each child's part
 * (docs/product.md#family-accounts, docs/decisions/0045-family-payment-parts.md "Refunds"): one row per refund and
 * part it touched, written in the refund's batch (worker/services/online-payments/parts-refund.ts). `credit_piastres`
 * came off the part's credit (money the child no longer owed), `applied_piastres` off the child's accounts (ADJ
 * adjustments, newest receipt line first); the two add up over a refund's rows to the refund's amount. Piastres.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, uniqueIndex } from "drizzle-orm/sqlite-core";
import { onlinePaymentParts } from "./online-payment-parts";
import { payments } from "./payments";
import { paymobTransactions } from "./online-payments";

export const onlineRefundParts = sqliteTable(
  "online_refund_parts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The refund's `paymob_transactions` row (kind refund). */
    refundId: integer("refund_id")
      .notNull()
      .references(() => paymobTransactions.id, { onDelete: "restrict" }),
    partId: integer("part_id")
      .notNull()
      .references(() => onlinePaymentParts.id, { onDelete: "restrict" }),
    /** Taken from the part's open credit (piastres, ≥ 0). */
    creditPiastres: integer("credit_piastres").notNull().default(0),
    /** Taken back from the child's accounts (piastres, ≥ 0): this refund's ADJ rows on them add up to −this. */
    appliedPiastres: integer("applied_piastres").notNull().default(0),
    /** The first ADJ row this refund wrote on the child's accounts; null when it took credit only. */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "restrict" }),
  },
  (t) => [
    check("online_refund_parts_split_chk", sql`${t.creditPiastres} >= 0 AND ${t.appliedPiastres} >= 0`),
    uniqueIndex("online_refund_parts_refund_part_uq").on(t.refundId, t.partId),
    index("online_refund_parts_part_idx").on(t.partId),
  ],
);
