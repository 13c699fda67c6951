/**
 * The Results CSV export (docs/product.md#csv-exports): Student Name, Student ID, Academic Year, Semester, Grade;
 * file `results_{grade|all_grades}_{YYYY-MM-DD}.csv`. Grade is the grade the result is filed under (API value).
 */
import { csvFileName, downloadCsv, studentIdCell, type CsvCell } from "~/lib/csv";
import type { ResultJson } from "@worker/api/results.schema";

export const RESULTS_CSV_HEADER = ["Student Name", "Student ID", "Academic Year", "Semester", "Grade"] as const;

/** Header + one row per result. */
export function resultsCsvRows(results: readonly ResultJson[]): CsvCell[][] {
  return [
    [...RESULTS_CSV_HEADER],
    ...results.map((r) => [
      r.full_name,
      studentIdCell(r.student_no),
      r.academic_year_name,
      r.semester,
      r.current_grade,
    ]),
  ];
}

/** Saves `results` (what the table shows) as the Results CSV for `grade`. */
export function exportResultsCsv(results: readonly ResultJson[], grade: string): void {
  downloadCsv(csvFileName("results", grade), resultsCsvRows(results));
}
