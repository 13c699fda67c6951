/** Exam results (docs/product.md#results): one per student, academic year and semester. */
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
    /**
     * The result's marks as the Reports page's pass rates read them (docs/product.md#reports), kept by SQL triggers
     * on `result_subject_scores` (migration `reports_kept_figures`), never written by the Worker: present and absent
     * marks, and the lowest present mark as a whole percent of its subject's total (null with no present mark).
     */
    presentMarks: integer("present_marks").notNull().default(0),
    absentMarks: integer("absent_marks").notNull().default(0),
    lowestPercent: integer("lowest_percent"),
    ...timestamps,
  },
  (t) => [
    check("results_semester_chk", sql`${t.semester} IN ('S1','S2')`),
    uniqueIndex("results_student_year_sem_uq").on(t.studentId, t.academicYearName, t.semester),
    index("results_year_sem_idx").on(t.academicYearName, t.semester),
    index("results_grade_idx").on(t.grade),
    // The Reports page's pass rates: a term's results read from the index alone.
    index("results_pass_idx").on(
      t.academicYearName,
      t.semester,
      t.grade,
      t.presentMarks,
      t.lowestPercent,
      t.absentMarks,
    ),
  ],
);

/**
 * One row per subject of a result. Marks are stored in integer hundredths of a mark (45.5 → 4550), the way money
 * is stored in piastres, so half marks are exact and sums never drift; the API speaks plain numbers with up to
 * 2 decimals (docs/product.md#results). The max score defaults to 100 marks (10000 hundredths). A student absent
 * from a subject's exam has `absent` 1 and no score (NULL): a state, never a 0 that a sum would count.
 */
export const resultSubjectScores = sqliteTable(
  "result_subject_scores",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    resultId: integer("result_id")
      .notNull()
      .references(() => results.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    subjectName: text("subject_name").notNull(),
    scoreHundredths: integer("score_hundredths"),
    maxScoreHundredths: integer("max_score_hundredths").notNull().default(10_000),
    remarks: text("remarks"),
    absent: integer("absent", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    // 0 ≤ score ≤ max and max ≥ 0.01 marks, in hundredths; an absent row has no score.
    check(
      "scores_range_chk",
      sql`${t.maxScoreHundredths} >= 1 AND (${t.scoreHundredths} IS NULL OR (${t.scoreHundredths} >= 0 AND ${t.scoreHundredths} <= ${t.maxScoreHundredths}))`,
    ),
    // Absent exactly when there is no score.
    check("scores_absent_chk", sql`${t.absent} = (${t.scoreHundredths} IS NULL)`),
    index("scores_result_idx").on(t.resultId, t.position),
    // The Reports page's marks and pass rates: a result's marks read from the index alone.
    index("scores_result_marks_idx").on(t.resultId, t.subjectName, t.absent, t.scoreHundredths, t.maxScoreHundredths),
  ],
);

export type Result = typeof results.$inferSelect;
export type ResultSubjectScore = typeof resultSubjectScores.$inferSelect;
