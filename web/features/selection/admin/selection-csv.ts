/**
 * The course-selection CSV export of the admin Overview (docs/product.md#csv-exports). Pure functions
 * (plus `exportSelectionsCsv`, which hands the rows to the browser download of ~/lib/csv):
 *
 * - file name `course-selections-{YYYY-MM-DD}.csv` (the admin's local day), UTF-8 with a byte-order mark;
 * - one block per teacher (teachers sorted by name), and inside it one block per session, labelled with the Arabic
 *   word for group ("المجموعة 1"), listing Student ID and Student Name;
 * - then a SUMMARY block with the columns Subject, Teacher Name, المجموعة, Student ID, Student Name, one line per
 *   student and combination;
 * - every student ID is written as TAB + ID, so a spreadsheet keeps it as text (no 3.1E+13, no lost leading
 *   zeros). ~/lib/csv quotes every cell, doubles inner quotes and neutralises cells starting with = + - @; a tab is
 *   not one of those, so the prefix survives as the cell's first character.
 *
 * A student whose name is unknown is written as "Unknown ({id})", like the Overview table.
 */
import type { SummaryRow } from "@worker/contracts/selection-admin";
import { downloadCsv, isoDay, studentIdCell, toCsv, type CsvCell } from "~/lib/csv";

/**
 * One row of `GET /api/admin/selection/summary` (the server's type): subject × teacher × session (1 or 2) with the
 * student numbers (national IDs) in it.
 */
export type SelectionSummaryRow = SummaryRow;

/** The Arabic word for group: the session label of the export. */
export const GROUP_WORD = "المجموعة";
/** Title line of the summary block. */
export const SUMMARY_TITLE = "SUMMARY";
/** Columns of the summary block. */
export const SUMMARY_HEADER = ["Subject", "Teacher Name", GROUP_WORD, "Student ID", "Student Name"] as const;
/** Columns of the student list inside a session block. */
export const GROUP_HEADER = ["Student ID", "Student Name"] as const;

/** A student's name by student number, or undefined when the student list does not have it. */
export type NameLookup = (studentId: string) => string | undefined;

/** One student of a session block. */
export interface GroupStudent {
  id: string;
  name: string;
}

/** A teacher's block: the teacher, the subject, and the sessions in ascending order. */
export interface TeacherGroup {
  teacher_name: string;
  subject_name: string;
  sessions: { session_number: number; students: GroupStudent[] }[];
}

const collator = new Intl.Collator(["ar", "en"], { numeric: true, sensitivity: "base" });

/** "المجموعة 1" for session 1. */
export const groupLabel = (session: number) => `${GROUP_WORD} ${session}`;

/** The display name of a student: the known name, else "Unknown ({id})" (as the Overview table shows it). */
export const studentNameOr = (id: string, nameOf: NameLookup) => nameOf(id)?.trim() || `Unknown (${id})`;

/** The export's file name for `date` (local day): `course-selections-2025-03-14.csv`. */
export function selectionCsvFileName(date: Date = new Date()): string {
  return `course-selections-${isoDay(date)}.csv`;
}

/**
 * The summary rows grouped by teacher (name, then subject, for two teachers of the same name), then session.
 * Rows of the same teacher and session are merged, a student listed twice appears once, and students are sorted by
 * name then ID, so the file is the same whatever order the server sent.
 */
export function groupByTeacher(rows: readonly SelectionSummaryRow[], nameOf: NameLookup): TeacherGroup[] {
  const teachers = new Map<
    string,
    { teacher_name: string; subject_name: string; sessions: Map<number, Map<string, GroupStudent>> }
  >();
  for (const row of rows) {
    const key = `${row.teacher_name}\u0000${row.subject_name}`;
    let teacher = teachers.get(key);
    if (!teacher) {
      teacher = { teacher_name: row.teacher_name, subject_name: row.subject_name, sessions: new Map() };
      teachers.set(key, teacher);
    }
    let session = teacher.sessions.get(row.session_number);
    if (!session) {
      session = new Map();
      teacher.sessions.set(row.session_number, session);
    }
    for (const id of row.student_ids) if (!session.has(id)) session.set(id, { id, name: studentNameOr(id, nameOf) });
  }
  const byStudent = (a: GroupStudent, b: GroupStudent) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id);
  return [...teachers.values()]
    .sort(
      (a, b) => collator.compare(a.teacher_name, b.teacher_name) || collator.compare(a.subject_name, b.subject_name),
    )
    .map((t) => ({
      teacher_name: t.teacher_name,
      subject_name: t.subject_name,
      sessions: [...t.sessions.entries()]
        .sort(([a], [b]) => a - b)
        .map(([session_number, students]) => ({ session_number, students: [...students.values()].sort(byStudent) })),
    }));
}

/**
 * The rows of the export (see the module doc), ready for `toCsv`. Layout:
 * ```
 * Teacher Name, <teacher>
 * Subject, <subject>
 * المجموعة 1, Total Selections, <n>
 * Student ID, Student Name
 * <TAB id>, <name>            … one line per student
 * <blank>                     … then المجموعة 2, then the next teacher
 * SUMMARY
 * Subject, Teacher Name, المجموعة, Student ID, Student Name
 * <subject>, <teacher>, المجموعة 1, <TAB id>, <name>
 * ```
 * The summary lists the same groups, ordered by subject, then teacher, then session.
 */
export function selectionCsvRows(rows: readonly SelectionSummaryRow[], nameOf: NameLookup): CsvCell[][] {
  const groups = groupByTeacher(rows, nameOf);
  const out: CsvCell[][] = [];
  for (const teacher of groups) {
    out.push(["Teacher Name", teacher.teacher_name], ["Subject", teacher.subject_name]);
    for (const session of teacher.sessions) {
      out.push([groupLabel(session.session_number), "Total Selections", session.students.length], [...GROUP_HEADER]);
      for (const s of session.students) out.push([studentIdCell(s.id), s.name]);
      out.push([]);
    }
    out.push([]);
  }
  out.push([SUMMARY_TITLE], [...SUMMARY_HEADER]);
  const bySubject = [...groups].sort(
    (a, b) => collator.compare(a.subject_name, b.subject_name) || collator.compare(a.teacher_name, b.teacher_name),
  );
  for (const teacher of bySubject) {
    for (const session of teacher.sessions) {
      for (const s of session.students)
        out.push([
          teacher.subject_name,
          teacher.teacher_name,
          groupLabel(session.session_number),
          studentIdCell(s.id),
          s.name,
        ]);
    }
  }
  return out;
}

/** The whole file's text (BOM first; see ~/lib/csv `toCsv`). */
export function selectionCsvText(rows: readonly SelectionSummaryRow[], nameOf: NameLookup): string {
  return toCsv(selectionCsvRows(rows, nameOf));
}

/** Has the browser download the export of `rows` as `course-selections-{today}.csv`. Browser only. */
export function exportSelectionsCsv(
  rows: readonly SelectionSummaryRow[],
  nameOf: NameLookup,
  date: Date = new Date(),
): void {
  downloadCsv(selectionCsvFileName(date), selectionCsvRows(rows, nameOf));
}
