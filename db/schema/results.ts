/** Exam results (spec §3 "Result"): one per student, academic year and semester. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { students } from "./students";
import { timestamps } from "./_common";

export const results = sqliteTable(
  "results",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "restrict" }),
    academicYearName: text("academic_year_name").notNull(),
    semester: text("semester", { enum: ["S1", "S2"] }).notNull(),
    grade: text("grade").notNull(),
    remarks: text("remarks"),
    ...timestamps,
  },
  (t) => [
    check("results_semester_chk", sql`${t.semester} IN ('S1','S2')`),
    uniqueIndex("results_student_year_sem_uq").on(t.studentId, t.academicYearName, t.semester),
    index("results_year_sem_idx").on(t.academicYearName, t.semester),
    index("results_grade_idx").on(t.grade),
  ],
);

/** One row per subject of a result; `max_score` defaults to 100 (spec §9). */
export const resultSubjectScores = sqliteTable(
  "result_subject_scores",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    resultId: integer("result_id")
      .notNull()
      .references(() => results.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    subjectName: text("subject_name").notNull(),
    score: integer("score").notNull(),
    maxScore: integer("max_score").notNull().default(100),
    remarks: text("remarks"),
  },
  (t) => [
    check("scores_range_chk", sql`${t.maxScore} >= 1 AND ${t.score} >= 0 AND ${t.score} <= ${t.maxScore}`),
    index("scores_result_idx").on(t.resultId, t.position),
  ],
);

export type Result = typeof results.$inferSelect;
export type ResultSubjectScore = typeof resultSubjectScores.$inferSelect;
