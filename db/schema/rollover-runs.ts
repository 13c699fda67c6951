/**
 * Year-end rollovers (docs/product.md#the-year-end-rollover). A run closes `from_year` and enrols its students in
 * `to_year`, grade by grade in batches; each batch writes its students' rows here in the same `db.batch` as their
 * enrolments and fee accounts, so a resumed run knows who is done, and an undo knows exactly what the run wrote.
 * At most one run per closing year is running or applied (the partial unique index); an undone run stays as history.
 */
import { sql } from "drizzle-orm";
import { check, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { academicYears } from "./academic-years";
import { admins } from "./admins";
import { students } from "./students";
import { ENROLMENT_OUTCOMES } from "./enrolments";
import { timestamps } from "./_common";

export const ROLLOVER_STATES = ["running", "applied", "undone"] as const;
export type RolloverState = (typeof ROLLOVER_STATES)[number];

export const rolloverRuns = sqliteTable(
  "rollover_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fromYear: text("from_year")
      .notNull()
      .references(() => academicYears.name, { onDelete: "restrict", onUpdate: "cascade" }),
    /** No foreign key: undoing a run that created the year deletes that year and keeps the run as history. */
    toYear: text("to_year").notNull(),
    state: text("state", { enum: ROLLOVER_STATES }).notNull().default("running"),
    /** The office's exceptions and rule as JSON (`RolloverOptions`): a resumed run applies the same ones. */
    options: text("options").notNull(),
    /** The run created `to_year` (an undo then deletes it). */
    createdYear: integer("created_year", { mode: "boolean" }).notNull().default(false),
    /** Students of the closing year the run decides on, and how many of them are written. */
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    adminUsername: text("admin_username").notNull(),
    finishedAt: text("finished_at"),
    undoneAt: text("undone_at"),
    ...timestamps,
  },
  (t) => [
    check("rollover_runs_state_chk", sql`${t.state} IN ('running','applied','undone')`),
    uniqueIndex("rollover_runs_active_uq").on(t.fromYear).where(sql`${t.state} <> 'undone'`),
  ],
);

/**
 * One row per student a run decided on: where they were (and whether the closing year had their enrolment, and its
 * outcome before), the outcome, and where they go (null grade: graduated or left, no enrolment next year).
 */
export const rolloverRunStudents = sqliteTable(
  "rollover_run_students",
  {
    runId: integer("run_id")
      .notNull()
      .references(() => rolloverRuns.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    fromGrade: text("from_grade").notNull(),
    fromBuilding: integer("from_building").notNull(),
    hadEnrolment: integer("had_enrolment", { mode: "boolean" }).notNull(),
    priorOutcome: text("prior_outcome", { enum: ENROLMENT_OUTCOMES }),
    wasActive: integer("was_active", { mode: "boolean" }).notNull(),
    outcome: text("outcome", { enum: ENROLMENT_OUTCOMES }).notNull(),
    nextGrade: text("next_grade"),
    nextBuilding: integer("next_building"),
    nextSection: text("next_section"),
    /** The run wrote the next year's enrolment (false: graduated, left, or already enrolled there). */
    createdEnrolment: integer("created_enrolment", { mode: "boolean" }).notNull().default(false),
    /** The new year's fee account the run created (piastres); null when none was created. */
    feeTotalPiastres: integer("fee_total_piastres"),
  },
  (t) => [primaryKey({ columns: [t.runId, t.studentId] })],
);

export type RolloverRun = typeof rolloverRuns.$inferSelect;
export type RolloverRunStudent = typeof rolloverRunStudents.$inferSelect;
