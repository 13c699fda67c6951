/**
 * What a teacher teaches (docs/product.md#staff-and-roles): one row per grade and subject. A teacher reads the
 * students and results of their grades and enters marks only for these subjects.
 */
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { admins } from "./admins";

export const staffAssignments = sqliteTable(
  "staff_assignments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    staffId: integer("staff_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    /** A school grade code (worker/lib/school-grades.ts). */
    grade: text("grade").notNull(),
    /** A result subject's name as stored in result_subject_scores (worker/lib/subjects.ts). */
    subjectName: text("subject_name").notNull(),
  },
  (t) => [uniqueIndex("staff_assignments_uq").on(t.staffId, t.grade, t.subjectName)],
);

export type StaffAssignment = typeof staffAssignments.$inferSelect;
