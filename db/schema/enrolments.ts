/**
 * Enrolments (docs/product.md#academic-years-and-rollover): a student's place in one academic year (grade, building,
 * optional class section such as "3/2") and, once the year closes, its outcome. `students.current_grade` mirrors the
 * current year's enrolment.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { academicYears } from "./academic-years";
import { students } from "./students";
import { timestamps } from "./_common";

export const ENROLMENT_OUTCOMES = ["promoted", "retained", "graduated", "left"] as const;
export type EnrolmentOutcome = (typeof ENROLMENT_OUTCOMES)[number];

export const enrolments = sqliteTable(
  "enrolments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    academicYearName: text("academic_year_name")
      .notNull()
      .references(() => academicYears.name, { onDelete: "restrict", onUpdate: "cascade" }),
    grade: text("grade").notNull(),
    buildingNo: integer("building_no").notNull(),
    section: text("section"),
    /** Set when the year closes (or the student leaves during it); null while the year runs. */
    outcome: text("outcome", { enum: ENROLMENT_OUTCOMES }),
    ...timestamps,
  },
  (t) => [
    check(
      "enrolments_outcome_chk",
      sql`${t.outcome} IS NULL OR ${t.outcome} IN ('promoted','retained','graduated','left')`,
    ),
    check("enrolments_building_chk", sql`${t.buildingNo} BETWEEN 1 AND 6`),
    uniqueIndex("enrolments_student_year_uq").on(t.studentId, t.academicYearName),
    index("enrolments_year_grade_idx").on(t.academicYearName, t.grade),
  ],
);

export type Enrolment = typeof enrolments.$inferSelect;
