/**
 * Fee records (docs/product.md#fees): a student's fee account for one academic year. Money is integer piastres (1 EGP = 100).
 * `paid_piastres` is the running sum of the student's payment rows, kept in the same batch as each payment;
 * the CHECK makes over-payment impossible at the moment of the write.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { academicYears } from "./academic-years";
import { students } from "./students";
import { feePlans } from "./fee-plans";
import { timestamps } from "./_common";

export const feeRecords = sqliteTable(
  "fee_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "restrict" }),
    /** The academic year this account belongs to (docs/product.md#academic-years-and-rollover). */
    academicYearName: text("academic_year_name")
      .notNull()
      .references(() => academicYears.name, { onDelete: "restrict", onUpdate: "cascade" }),
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
    /** The office marked the discount as recurring: the year-end rollover carries it to the next year's account. */
    discountRecurring: integer("discount_recurring", { mode: "boolean" }).notNull().default(false),
    /** +1 on every write of the record's terms (plan, schedule, discount, total; not a payment). A write decided on
     * a read checks it in its own batch (docs/decisions/0028-fee-record-version.md). No CHECK: an ALTER TABLE. */
    version: integer("version").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("fee_total_chk", sql`${t.totalPiastres} >= 0`),
    check("fee_paid_chk", sql`${t.paidPiastres} >= 0 AND ${t.paidPiastres} <= ${t.totalPiastres}`),
    uniqueIndex("fee_records_student_year_uq").on(t.studentId, t.academicYearName),
    index("fee_records_year_grade_idx").on(t.academicYearName, t.grade),
    index("fee_records_grade_idx").on(t.grade),
  ],
);

export type FeeRecord = typeof feeRecords.$inferSelect;
