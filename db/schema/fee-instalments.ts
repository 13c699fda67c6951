/**
 * A fee record's schedule and what each payment covered (docs/product.md#fee-plans).
 *
 * `fee_instalments.paid_piastres` is the oldest-first fill of the record's paid amount: it is rewritten by one SQL
 * statement in the same batch as every change of the record's paid amount or schedule, so the instalments' paid
 * amounts always add up to the record's paid (test/workers/fee-plans.test.ts and the property test check every path).
 * `seq` orders instalments with equal due dates (line position, then number).
 *
 * `payment_allocations` are written with the payment (or adjustment) and never rewritten: the receipt names the
 * instalments it covered at the time, even if the schedule is later replaced, so it names them by line and number.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { feeRecords } from "./fee-records";
import { payments } from "./payments";

export const feeInstalments = sqliteTable(
  "fee_instalments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    feeRecordId: integer("fee_record_id")
      .notNull()
      .references(() => feeRecords.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    /** The line's Arabic name and its English name (null: the Arabic one serves both), copied from the plan. */
    line: text("line").notNull(),
    lineEn: text("line_en"),
    no: integer("no").notNull(),
    dueDate: text("due_date").notNull(),
    amountPiastres: integer("amount_piastres").notNull(),
    paidPiastres: integer("paid_piastres").notNull().default(0),
  },
  (t) => [
    check(
      "fee_inst_paid_chk",
      sql`${t.amountPiastres} >= 0 AND ${t.paidPiastres} >= 0 AND ${t.paidPiastres} <= ${t.amountPiastres}`,
    ),
    uniqueIndex("fee_inst_seq_uq").on(t.feeRecordId, t.seq),
    index("fee_inst_due_idx").on(t.dueDate, t.feeRecordId),
  ],
);

export const paymentAllocations = sqliteTable(
  "payment_allocations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    /** The instalment's line names at the time (Arabic; English or null), so a reprinted receipt never changes. */
    line: text("line").notNull(),
    lineEn: text("line_en"),
    instalmentNo: integer("instalment_no").notNull(),
    /** Piastres; negative only for a downward adjustment, which releases the newest instalments first. */
    amountPiastres: integer("amount_piastres").notNull(),
  },
  (t) => [index("payment_alloc_payment_idx").on(t.paymentId)],
);

export type FeeInstalment = typeof feeInstalments.$inferSelect;
