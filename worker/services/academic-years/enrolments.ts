/**
 * Enrolments (docs/product.md#academic-years-and-rollover): a student's grade, building and optional section per year.
 * A student's create and edit keep the current year's enrolment in the same batch as `students.current_grade`; the
 * student dialog lists every year, one line each.
 */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import { academicYears, enrolments, students } from "../../../db/schema";
import type { Db } from "../../db";
import type { EnrolmentJson } from "../../contracts/students";

/** What a student's write says about the current year's enrolment; `section` undefined keeps the stored one. */
export interface EnrolmentInput {
  grade: string;
  buildingNo: number;
  section?: string | null;
}

/**
 * The two statements (for the student write's batch) that make the current year's enrolment of the student
 * `studentId` (an id, or SQL finding it inside the batch) say `input`: an UPDATE of an existing one, then an
 * INSERT when there was none. Nothing when no year is current.
 */
export function currentEnrolmentStatements(db: Db, studentId: number | SQL, input: EnrolmentInput, at: string) {
  const current = sql`(SELECT name FROM academic_years WHERE state = 'current')`;
  const section = input.section === undefined ? sql`section` : sql`${input.section}`;
  return [
    db.run(sql`UPDATE enrolments SET grade = ${input.grade}, building_no = ${input.buildingNo}, section = ${section},
      updated_at = ${at} WHERE student_id = ${studentId} AND academic_year_name = ${current}`),
    db.run(sql`INSERT OR IGNORE INTO enrolments (student_id, academic_year_name, grade, building_no, section,
        created_at, updated_at)
      SELECT ${studentId}, name, ${input.grade}, ${input.buildingNo}, ${input.section ?? null}, ${at}, ${at}
      FROM academic_years WHERE state = 'current'`),
  ] as const;
}

/**
 * Every year of student `studentId`, newest first; null when there is no such student, or when `grades` (a teacher's)
 * do not reach the student's current grade.
 */
export async function listEnrolments(
  db: Db,
  studentId: number,
  grades?: readonly string[],
): Promise<EnrolmentJson[] | null> {
  const [student] = await db.select({ grade: students.currentGrade }).from(students).where(eq(students.id, studentId));
  if (!student || (grades && !grades.includes(student.grade))) return null;
  return db
    .select({
      academic_year_name: enrolments.academicYearName,
      year_state: academicYears.state,
      grade: enrolments.grade,
      building_no: enrolments.buildingNo,
      section: enrolments.section,
      outcome: enrolments.outcome,
    })
    .from(enrolments)
    .innerJoin(academicYears, eq(academicYears.name, enrolments.academicYearName))
    .where(eq(enrolments.studentId, studentId))
    .orderBy(desc(enrolments.academicYearName));
}
