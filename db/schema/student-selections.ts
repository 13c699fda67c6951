/** A student's chosen teacher and assigned session per subject (one per student and subject). */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { students } from "./students";
import { selectionSubjects } from "./selection-subjects";
import { teachers } from "./teachers";
import { selectionPeriods } from "./selection-periods";
import { nowIso } from "./_common";

export const studentSelections = sqliteTable(
  "student_selections",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "restrict" }),
    subjectId: integer("subject_id")
      .notNull()
      .references(() => selectionSubjects.id, { onDelete: "restrict" }),
    teacherId: integer("teacher_id")
      .notNull()
      .references(() => teachers.id, { onDelete: "restrict" }),
    sessionNumber: integer("session_number").notNull(),
    periodId: integer("period_id").references(() => selectionPeriods.id, { onDelete: "set null" }),
    selectedAt: text("selected_at").notNull().default(nowIso),
  },
  (t) => [
    check("selections_session_chk", sql`${t.sessionNumber} IN (1,2)`),
    uniqueIndex("selections_student_subject_uq").on(t.studentId, t.subjectId),
    index("selections_teacher_idx").on(t.teacherId, t.sessionNumber),
  ],
);

/**
 * Per-student registration state for the update-once rule: `update_count` ≤ 1 is a CHECK, so two racing
 * updates cannot both pass. `update_deadline` = min(period end, first save + 7 days), ISO UTC.
 */
export const selectionRegistrations = sqliteTable(
  "selection_registrations",
  {
    studentId: integer("student_id")
      .primaryKey()
      .references(() => students.id, { onDelete: "restrict" }),
    periodId: integer("period_id").references(() => selectionPeriods.id, { onDelete: "set null" }),
    firstSavedAt: text("first_saved_at").notNull(),
    updateDeadline: text("update_deadline").notNull(),
    updateCount: integer("update_count").notNull().default(0),
    lastSavedAt: text("last_saved_at").notNull(),
  },
  (t) => [check("registrations_update_once_chk", sql`${t.updateCount} BETWEEN 0 AND 1`)],
);
