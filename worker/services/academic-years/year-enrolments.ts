/**
 * One year's enrolments (docs/product.md#academic-years-and-rollover, #csv-exports): what the Students export
 * writes for a year other than the current one — each enrolled student's grade, building, class section and outcome
 * that year. Reads only.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { enrolments, students } from "../../../db/schema";
import type { Db } from "../../db";
import type { YearEnrolmentJson } from "../../contracts/academic-years";
import { requireFoundYear } from "./read";

/**
 * The enrolments of year `name`, by student number, narrowed to `grades` (that year's grade) when given (a
 * teacher's). 404 ACADEMIC_YEAR_NOT_FOUND when the year does not exist.
 */
export async function yearEnrolments(db: Db, name: string, grades?: readonly string[]): Promise<YearEnrolmentJson[]> {
  await requireFoundYear(db, name);
  const rows = await db
    .select({
      student_no: students.studentNo,
      grade: enrolments.grade,
      building_no: enrolments.buildingNo,
      section: enrolments.section,
      outcome: enrolments.outcome,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(
      and(
        eq(enrolments.academicYearName, name),
        grades ? (grades.length ? inArray(enrolments.grade, [...grades]) : sql`0`) : undefined,
      ),
    )
    .orderBy(asc(students.studentNo));
  return rows;
}
