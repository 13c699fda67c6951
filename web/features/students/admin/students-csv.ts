/**
 * The Students CSV export (docs/product.md#csv-exports): columns Name, ID, Nationality, Religion, Grade, Building,
 * Gender, Status, file `students_{grade|all_grades}_{YYYY-MM-DD}.csv`. The header is in English whatever the console's
 * language; values are the stored ones (Arabic names as they are), gender and status as their labels in the admin's
 * language, like the Fees CSV's status.
 */
import type { TFunction } from "i18next";
import { csvFileName, downloadCsv, studentIdCell, type CsvCell } from "~/lib/csv";
import type { Student } from "./student-types";

/** The export's header row (docs/product.md#csv-exports). */
export const STUDENT_CSV_HEADER = [
  "Name",
  "ID",
  "Nationality",
  "Religion",
  "Grade",
  "Building",
  "Gender",
  "Status",
] as const;

/** One student as a CSV row, in header order; `t` gives the gender and status labels. */
export function studentCsvRow(s: Student, t: TFunction): CsvCell[] {
  return [
    s.full_name,
    studentIdCell(s.student_no),
    s.nationality,
    s.religion ?? "",
    s.current_grade,
    s.building_no,
    t(s.gender === "female" ? "students.gender.female" : "students.gender.male"),
    t(s.is_active ? "students.status.active" : "students.status.inactive"),
  ];
}

/** Downloads `students` (the filtered rows) as the export file; `grade` is the grade filter ("All" → all_grades). */
export function exportStudentsCsv(
  students: readonly Student[],
  grade: string,
  t: TFunction,
  now: Date = new Date(),
): string {
  const name = csvFileName("students", grade, now);
  downloadCsv(name, [[...STUDENT_CSV_HEADER], ...students.map((s) => studentCsvRow(s, t))]);
  return name;
}
