/**
 * The Students CSV export (spec §3 "CSV exports"): columns Name, ID, Nationality, Religion, Grade, Building,
 * Gender, Status, file `students_{grade|all_grades}_{YYYY-MM-DD}.csv`. The header is the spec's English; values are
 * the stored ones (Arabic names as they are), gender and status as the English labels.
 */
import { csvFileName, downloadCsv, studentIdCell, type CsvCell } from "~/lib/csv";
import type { Student } from "./student-types";

/** The export's header row (spec §3). */
export const STUDENT_CSV_HEADER = ["Name", "ID", "Nationality", "Religion", "Grade", "Building", "Gender", "Status"] as const;

/** One student as a CSV row, in header order. */
export function studentCsvRow(s: Student): CsvCell[] {
  return [
    s.full_name,
    studentIdCell(s.student_no),
    s.nationality,
    s.religion ?? "",
    s.current_grade,
    s.building_no,
    s.gender === "female" ? "Female" : "Male",
    s.is_active ? "Active" : "Inactive",
  ];
}

/** Downloads `students` (the filtered rows) as the spec's file; `grade` is the grade filter ("All" → all_grades). */
export function exportStudentsCsv(students: readonly Student[], grade: string, now: Date = new Date()): string {
  const name = csvFileName("students", grade, now);
  downloadCsv(name, [[...STUDENT_CSV_HEADER], ...students.map(studentCsvRow)]);
  return name;
}
