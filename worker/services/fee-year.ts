/**
 * Which year's fee account a write or a read means (docs/product.md#fees): a fee record is a student's account for
 * one academic year. "The student's fees" without a year is the current year's account; these SQL pieces read the
 * current year inside the statement that uses it, so a year turning over between a read and a write cannot split them.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { feeRecords, students } from "../../db/schema";

/** SQL: the name of the current academic year (the `academic_years` row marked current). */
export const currentYearSql: SQL<string> = sql<string>`(SELECT name FROM academic_years WHERE state = 'current')`;

/** SQL: the year `year` when given, else the current year. */
export function yearSql(year?: string | null): SQL<string> {
  return year ? sql<string>`${year}` : currentYearSql;
}

/** SQL: the id of student `studentId`'s fee account of `year` (default: the current year); NULL when there is none. */
export function feeIdOfStudentSql(studentId: number | SQL, year?: string | null): SQL<number> {
  return sql<number>`(SELECT id FROM fee_records WHERE student_id = ${studentId} AND academic_year_name = ${yearSql(year)})`;
}

/** WHERE (over fee_records joined to students): student `studentNo`'s account of `year` (default: the current year). */
export function feeOfStudentNo(studentNo: string, year?: string | null): SQL {
  return and(eq(students.studentNo, studentNo), eq(feeRecords.academicYearName, yearSql(year)))!;
}
