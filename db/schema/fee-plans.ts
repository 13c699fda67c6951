/**
 * Fee plans (docs/product.md#fee-plans): per academic year and grade, lines (tuition, bus, books, …) each with
 * instalments. One row per instalment carries its line's name and position, so a plan is two tables, not three.
 * Money is integer piastres; due dates are school days "YYYY-MM-DD" (Africa/Cairo).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./_common";

export const feePlans = sqliteTable(
  "fee_plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** "2024-2025": 1 September 2024 - 31 August 2025, school time (docs/product.md#payments-and-receipts). */
    academicYearName: text("academic_year_name").notNull(),
    grade: text("grade").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("fee_plans_year_grade_uq").on(t.academicYearName, t.grade)],
);

export const feePlanInstalments = sqliteTable(
  "fee_plan_instalments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    planId: integer("plan_id")
      .notNull()
      .references(() => feePlans.id, { onDelete: "cascade" }),
    /** The line's position in the plan (0 = first line) and its name: `line` Arabic, `line_en` English (null: the
     * Arabic name serves both; plans made before migration 0010). Documents print the one of their language. */
    linePosition: integer("line_position").notNull(),
    line: text("line").notNull(),
    lineEn: text("line_en"),
    /** 1-based within the line. */
    no: integer("no").notNull(),
    dueDate: text("due_date").notNull(),
    amountPiastres: integer("amount_piastres").notNull(),
  },
  (t) => [
    check("fee_plan_inst_amount_chk", sql`${t.amountPiastres} >= 0`),
    uniqueIndex("fee_plan_inst_uq").on(t.planId, t.linePosition, t.no),
    index("fee_plan_inst_plan_idx").on(t.planId),
  ],
);

export type FeePlan = typeof feePlans.$inferSelect;
export type FeePlanInstalment = typeof feePlanInstalments.$inferSelect;
