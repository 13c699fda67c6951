/**
 * The Students CSV export (docs/product.md#csv-exports): columns Name, ID, Nationality, Religion, Grade, Building,
 * Gender, Status, then per guardian 1-3 its Name, Relation, Phone, Language and WhatsApp Consent, then the Academic
 * Year and the Section: the grade, building and section are the enrolment's of the year exported (the current year's
 * by default, which are the student's own); file
 * `students_{grade|all_grades}_{YYYY-MM-DD}.csv`. The header is in English whatever the console's language; values
 * are the stored ones (Arabic names as they are), gender, status, relation, language and consent as their labels in
 * the admin's language, like the Fees CSV's status. Numbers are E.164 after a TAB (kept as text, like IDs).
 */
import type { TFunction } from "i18next";
import { GUARDIAN_CELLS, GUARDIAN_SLOTS } from "@worker/contracts/guardian-columns";
import { csvFileName, downloadCsv, studentIdCell, type CsvCell } from "~/lib/csv";
import { guardianExportHeader } from "~/features/import/admin/guardian-columns";
import type { Student } from "./student-types";
import type { YearEnrolmentJson } from "@worker/contracts/academic-years";

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
  ...GUARDIAN_SLOTS.flatMap((n) => GUARDIAN_CELLS.map((c) => guardianExportHeader(n, c))),
  "Academic Year",
  "Section",
] as const;

/** The year a row is exported for, and that year's enrolment when it is not the current one. */
export interface ExportYear {
  /** "YYYY-YYYY". */
  year: string;
  /** That year's grade, building and section; absent: the student's own (the current year's). */
  enrolment?: YearEnrolmentJson;
}

/** The five cells of guardian `g` (all empty when the student has fewer guardians). */
function guardianCells(g: Student["guardians"][number] | undefined, t: TFunction): CsvCell[] {
  if (!g) return ["", "", "", "", ""];
  return [
    g.full_name,
    t(`messages.guardians.relations.${g.relation}`),
    studentIdCell(g.phone),
    t(`messages.guardians.languages.${g.language}`),
    t(g.whatsapp_consent ? "messages.guardians.consentYes" : "messages.guardians.consentNo"),
  ];
}

/**
 * One student as a CSV row, in header order; `t` gives the gender and status labels; `of` the year exported (its
 * enrolment's grade, building and section), none: the student's own, without a year.
 */
export function studentCsvRow(s: Student, t: TFunction, of?: ExportYear): CsvCell[] {
  const e = of?.enrolment;
  return [
    s.full_name,
    studentIdCell(s.student_no),
    s.nationality,
    s.religion ?? "",
    e?.grade ?? s.current_grade,
    e?.building_no ?? s.building_no,
    t(s.gender === "female" ? "students.gender.female" : "students.gender.male"),
    t(s.is_active ? "students.status.active" : "students.status.inactive"),
    ...GUARDIAN_SLOTS.flatMap((n) => guardianCells(s.guardians?.[n - 1], t)),
    of?.year ?? "",
    (e ? e.section : s.section) ?? "",
  ];
}

/**
 * Downloads `students` (the filtered rows) as the export file; `grade` is the grade filter ("All" → all_grades);
 * `of` names each row's year and enrolment (studentCsvRow).
 */
export function exportStudentsCsv(
  students: readonly Student[],
  grade: string,
  t: TFunction,
  of?: (s: Student) => ExportYear,
  now: Date = new Date(),
): string {
  const name = csvFileName("students", grade, now);
  downloadCsv(name, [[...STUDENT_CSV_HEADER], ...students.map((s) => studentCsvRow(s, t, of?.(s)))]);
  return name;
}
