/** Selection periods (docs/product.md#selection-periods). At most one is active (partial unique index). */
import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./_common";

export const selectionPeriods = sqliteTable(
  "selection_periods",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    periodName: text("period_name").notNull(),
    /** ISO UTC date-times. */
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(false),
    allowChanges: integer("allow_changes", { mode: "boolean" }).notNull().default(true),
    maxSubjects: integer("max_subjects").notNull().default(5),
    ...timestamps,
  },
  (t) => [
    check("periods_max_subjects_chk", sql`${t.maxSubjects} BETWEEN 1 AND 10`),
    check("periods_dates_chk", sql`${t.endDate} > ${t.startDate}`),
    uniqueIndex("periods_one_active_uq").on(t.isActive).where(sql`${t.isActive} = 1`),
  ],
);

export type SelectionPeriod = typeof selectionPeriods.$inferSelect;
