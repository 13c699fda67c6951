/**
 * A student row as the services read and answer it (docs/product.md#students): the columns it is read with, its
 * current year's class section, the stored values of the form's fields, and the API's JSON.
 */
import { getTableColumns, sql } from "drizzle-orm";
import { students, type Student } from "../../db/schema";
import type { GuardianJson } from "../contracts/guardians";
import type { StudentJson, UpdateStudentInput } from "../contracts/students";

/**
 * The columns a student row is read with: all but `search_name`, which only the database's search reads (it would
 * add ~40 bytes per row to every list from sqld, 250 KB on a full 6,200-row list).
 */
export const { searchName: _searchName, ...STUDENT_COLUMNS } = getTableColumns(students);

/** The columns of a student's answer: the row and its current year's enrolment's section (null without one). */
export const STUDENT_ANSWER_COLUMNS = {
  ...STUDENT_COLUMNS,
  // Qualified by hand: drizzle writes a single table's columns bare, and a bare "id" here would be the enrolment's.
  section: sql<string | null>`(SELECT e.section FROM enrolments AS e WHERE e.student_id = "students"."id"
    AND e.academic_year_name = (SELECT name FROM academic_years WHERE state = 'current'))`,
};

/** The stored columns of the form's fields (create, edit, import); `gender`/`isActive` as given (callers may keep old ones). */
export function studentValues<I extends UpdateStudentInput>(
  input: I,
): {
  studentNo: string;
  fullName: string;
  nationality: string;
  religion: string | null;
  currentGrade: I["current_grade"];
  buildingNo: number;
  gender: I["gender"];
  isActive: I["is_active"];
} {
  return {
    studentNo: input.student_no,
    fullName: input.full_name,
    nationality: input.nationality,
    religion: input.religion,
    currentGrade: input.current_grade,
    buildingNo: input.building_no,
    gender: input.gender,
    isActive: input.is_active,
  };
}

/** A student row as the API returns it, with its guardians (docs/product.md#guardians-and-messages). */
export function toStudentJson(
  s: Omit<Student, "searchName"> & { section?: string | null },
  guardians: GuardianJson[] = [],
): StudentJson {
  return {
    id: s.id,
    student_no: s.studentNo,
    full_name: s.fullName,
    nationality: s.nationality,
    religion: s.religion ?? null,
    current_grade: s.currentGrade,
    building_no: s.buildingNo,
    gender: s.gender,
    is_active: s.isActive,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    section: s.section ?? null,
    guardians,
  };
}
