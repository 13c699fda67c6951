/**
 * The Results CSV export (docs/product.md#csv-exports, #export-round-trips), in the import's wide shape so that it
 * imports back as "unchanged": Student Name, Student ID, Academic Year, Semester, Grade, then for each subject any
 * exported result has (in the school's subject order) its marks ("Mathematics") and max score ("Mathematics max"),
 * then Remarks; file `results_{grade|all_grades}_{YYYY-MM-DD}.csv`. Grade is the grade the result is filed under
 * (API value); a row's own year and semester decide its term when imported. An absent subject's marks are "غ"
 * (worker/lib/absent-mark.ts), which the import reads back as absent.
 */
import { RESULT_SUBJECTS } from "@worker/lib/subjects";
import { ABSENT_MARK } from "@worker/lib/absent-mark";
import { csvFileName, downloadCsv, studentIdCell, type CsvCell } from "~/lib/csv";
import type { ResultJson } from "@worker/contracts/results";

export const RESULTS_CSV_HEADER = ["Student Name", "Student ID", "Academic Year", "Semester", "Grade"] as const;

/** Header + one row per result: the fixed columns, marks and max per subject, remarks. */
export function resultsCsvRows(results: readonly ResultJson[]): CsvCell[][] {
  const present = new Set(results.flatMap((r) => r.subject_scores.map((s) => s.subject_name)));
  const subjects = RESULT_SUBJECTS.filter((s) => present.has(s));
  return [
    [...RESULTS_CSV_HEADER, ...subjects.flatMap((s) => [s, `${s} max`]), "Remarks"],
    ...results.map((r) => {
      const bySubject = new Map(r.subject_scores.map((s) => [s.subject_name, s]));
      return [
        r.full_name,
        studentIdCell(r.student_no),
        r.academic_year_name,
        r.semester,
        r.current_grade,
        ...subjects.flatMap((s): CsvCell[] => {
          const score = bySubject.get(s);
          if (!score) return ["", ""];
          return [score.score === null ? ABSENT_MARK : score.score, score.max_score];
        }),
        r.remarks ?? "",
      ];
    }),
  ];
}

/** Saves `results` (what the table shows) as the Results CSV for `grade`. */
export function exportResultsCsv(results: readonly ResultJson[], grade: string): void {
  downloadCsv(csvFileName("results", grade), resultsCsvRows(results));
}
