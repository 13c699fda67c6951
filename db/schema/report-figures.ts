/**
 * The Reports page's kept figures (docs/product.md#reports; docs/decisions/0044-reports-kept-figures.md): sums the
 * charts would otherwise add up from hundreds of thousands of rows on every call. They are written by SQL triggers
 * (migration `reports_kept_figures`) in the same statement as the rows they sum, whoever writes those rows, so they cannot drift:
 * - `report_receipt_hours`: the receipts (`payments`) of each academic year's accounts per UTC hour of `paid_at`,
 *   kind and source (desk, or online by card, wallet, kiosk, or "online" when the method is unknown). Hours, not
 *   Cairo days: Cairo's midnights fall on whole UTC hours, so the charts give each hour its Cairo day when they read;
 * - `report_mark_percents`: the marks of each year, term and subject per whole percent of the subject's total
 *   (floor of score × 100 / max; −1 for absent), so any integer pass mark and any 10 % bin is a sum of these rows.
 * A figure whose rows were all removed stays as a 0 row. Every table here is derived: never written by the Worker.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const reportReceiptHours = sqliteTable(
  "report_receipt_hours",
  {
    /** The year of the receipt's account (fee_records.academic_year_name). */
    academicYearName: text("academic_year_name").notNull(),
    /** "YYYY-MM-DDTHH" of `paid_at` (UTC). */
    hour: text("hour").notNull(),
    kind: text("kind", { enum: ["payment", "adjustment"] }).notNull(),
    source: text("source", { enum: ["desk", "card", "wallet", "kiosk", "online"] }).notNull(),
    /** Σ amount_piastres of those receipts (adjustments may be negative). */
    amountPiastres: integer("amount_piastres").notNull(),
    receipts: integer("receipts").notNull(),
  },
  (t) => [primaryKey({ columns: [t.academicYearName, t.hour, t.kind, t.source] })],
);

export const reportMarkPercents = sqliteTable(
  "report_mark_percents",
  {
    academicYearName: text("academic_year_name").notNull(),
    semester: text("semester", { enum: ["S1", "S2"] }).notNull(),
    subjectName: text("subject_name").notNull(),
    /** floor(score × 100 / max), 0-100; −1: absent. */
    percent: integer("percent").notNull(),
    marks: integer("marks").notNull(),
  },
  (t) => [primaryKey({ columns: [t.academicYearName, t.semester, t.subjectName, t.percent] })],
);
