/**
 * Fee records (docs/product.md#fees), one per student. Money is integer piastres (1 EGP = 100).
 * `paid_piastres` is the running sum of the student's payment rows, kept in the same batch as each payment;
 * the CHECK makes over-payment impossible at the moment of the write.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { students } from "./students";
import { feePlans } from "./fee-plans";
import { timestamps } from "./_common";

export const feeRecords = sqliteTable(
  "fee_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    studentId: integer("student_id")
      .notNull()
      .unique()
      .references(() => students.id, { onDelete: "restrict" }),
    grade: text("grade").notNull(),
    totalPiastres: integer("total_piastres").notNull(),
    paidPiastres: integer("paid_piastres").notNull().default(0),
    /** The plan whose schedule the record carries (docs/product.md#fee-plans); null: no schedule, or a custom one. */
    planId: integer("plan_id").references(() => feePlans.id, { onDelete: "set null" }),
    /** True when the office set this student's schedule by hand: applying a plan leaves it alone. */
    customSchedule: integer("custom_schedule", { mode: "boolean" }).notNull().default(false),
    /** Discount already taken off `total_piastres`; `discount_percent` (0-100, 2 decimals) when given as a percent.
     * Added as plain columns (no CHECK) so the migration is an ALTER TABLE, not a table copy; zod bounds them. */
    discountPiastres: integer("discount_piastres").notNull().default(0),
    discountPercent: integer("discount_percent_hundredths"),
    discountReason: text("discount_reason"),
    /** +1 on every write of the record's terms (plan, schedule, discount, total; not a payment). A write decided on
     * a read checks it in its own batch (docs/decisions/0028-fee-record-version.md). No CHECK: an ALTER TABLE. */
    version: integer("version").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("fee_total_chk", sql`${t.totalPiastres} >= 0`),
    check("fee_paid_chk", sql`${t.paidPiastres} >= 0 AND ${t.paidPiastres} <= ${t.totalPiastres}`),
    index("fee_records_grade_idx").on(t.grade),
  ],
);

export type FeeRecord = typeof feeRecords.$inferSelect;
