/**
 * Academic years as data (docs/product.md#academic-years-and-rollover). A year is named by its two calendar years
 * ("2026-2027"), runs from `start_date` to `end_date` (school days "YYYY-MM-DD", Cairo) in two terms, and is upcoming,
 * current (exactly one: the partial unique index) or closed. Other tables name a year by `name`, as results,
 * fee plans and receipts always have.
 */
import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./_common";

export const ACADEMIC_YEAR_STATES = ["upcoming", "current", "closed"] as const;
export type AcademicYearState = (typeof ACADEMIC_YEAR_STATES)[number];

export const academicYears = sqliteTable(
  "academic_years",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull().unique(),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    term1Start: text("term1_start").notNull(),
    term1End: text("term1_end").notNull(),
    term2Start: text("term2_start").notNull(),
    term2End: text("term2_end").notNull(),
    state: text("state", { enum: ACADEMIC_YEAR_STATES }).notNull().default("upcoming"),
    /** When the year was closed (ISO UTC); null while upcoming or current. */
    closedAt: text("closed_at"),
    ...timestamps,
  },
  (t) => [
    check("academic_years_state_chk", sql`${t.state} IN ('upcoming','current','closed')`),
    // "2026-2027": two consecutive calendar years, the first the start date's.
    check(
      "academic_years_name_chk",
      sql`${t.name} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]'
        AND CAST(substr(${t.name}, 6, 4) AS INTEGER) = CAST(substr(${t.name}, 1, 4) AS INTEGER) + 1
        AND substr(${t.startDate}, 1, 4) = substr(${t.name}, 1, 4)`,
    ),
    check(
      "academic_years_dates_chk",
      sql`${t.startDate} <= ${t.term1Start} AND ${t.term1Start} < ${t.term1End} AND ${t.term1End} < ${t.term2Start}
        AND ${t.term2Start} < ${t.term2End} AND ${t.term2End} <= ${t.endDate}`,
    ),
    uniqueIndex("academic_years_one_current_uq").on(t.state).where(sql`${t.state} = 'current'`),
  ],
);

export type AcademicYear = typeof academicYears.$inferSelect;
