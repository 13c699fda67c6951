/**
 * Every accepted or refused selection attempt: who, what, when, why refused (docs/product.md#teacher-selection).
 * An accepted save that carried an `Idempotency-Key` keeps it, UNIQUE per student: the same save sent again (a retry
 * after a 503 or a lost answer) finds it and is answered as the first was, never saved twice.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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
    /** The save's `Idempotency-Key` (accepted attempts only). */
    requestKey: text("request_key"),
  },
  (t) => [
    index("attempts_student_idx").on(t.studentNo, t.at),
    uniqueIndex("attempts_request_key_uq").on(t.studentNo, t.requestKey).where(sql`request_key IS NOT NULL`),
  ],
);
