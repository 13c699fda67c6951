/** Every accepted or refused selection attempt: who, what, when, why refused (issue: course selection). */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { nowIso } from "./_common";

export const selectionAttempts = sqliteTable(
  "selection_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** As typed (normalised); may not match a student. */
    studentNo: text("student_no").notNull(),
    periodId: integer("period_id"),
    /** JSON of the requested `[{teacher_id, subject_id}]`. */
    payload: text("payload").notNull(),
    outcome: text("outcome", { enum: ["accepted", "refused"] }).notNull(),
    action: text("action"),
    reason: text("reason"),
    at: text("at").notNull().default(nowIso),
  },
  (t) => [index("attempts_student_idx").on(t.studentNo, t.at)],
);
