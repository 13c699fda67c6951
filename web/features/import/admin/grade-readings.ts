/**
 * Which grade each row's grade cell became (docs/product.md#accepted-grade-labels): the server reads "ثالثة إعدادي",
 * "3 إعدادي" or "KG 2" with its one parser and answers the grade per row; the preview shows each spelling the sheet
 * used with the grade it became, and on a row whose cell is not already the grade's own name, the reading itself.
 * Pure: unit-tested.
 */
import type { ImportKind } from "@worker/contracts/import";
import type { ImportAnswer } from "./import-api";
import { cellText, type BuiltRows, type SheetTable } from "./sheet-rows";

/** The column field holding a grade in each kind's rows. */
const GRADE_FIELD: Record<ImportKind, string | null> = {
  students: "current_grade",
  fees: "grade",
  results: "grade",
  teachers: null,
};

/** A sheet spelling and the grade it was read as. */
export interface GradeReading {
  text: string;
  grade: string;
}

export interface GradeReadings {
  /**
   * Per answer row: its reading and the sheet's header of the grade column, when the cell is not the grade's own
   * name (`named` says what is), else null.
   */
  rows: Array<(GradeReading & { header: string }) | null>;
  /** Each spelling that is not a grade's own name, with its grade and how many rows used it, in sheet order. */
  spellings: Array<GradeReading & { count: number }>;
}

/**
 * The readings of `answer` over the sheet: `named(grade)` is the grade's name in the admin's language, so a cell
 * holding it (or the API's value, "Prep-3") is no news and is not listed.
 */
export function gradeReadings(
  kind: ImportKind,
  answer: ImportAnswer,
  built: BuiltRows,
  table: SheetTable,
  named: (grade: string) => string,
): GradeReadings {
  const field = GRADE_FIELD[kind];
  const counts = new Map<string, GradeReading & { count: number }>();
  const rows = answer.rows.map((r, i) => {
    const column = field ? built.fieldColumns[i]?.[field] : undefined;
    const source = built.sources[i];
    if (!r.grade || column === undefined || source === undefined) return null;
    const text = cellText(table.rows[source]?.[column]);
    if (!text || text === r.grade || text === named(r.grade)) return null;
    const key = `${text}\u0000${r.grade}`;
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { text, grade: r.grade, count: 1 });
    return { text, grade: r.grade, header: table.headers[column] ?? "" };
  });
  return { rows, spellings: [...counts.values()] };
}
