/**
 * The enrolments of imported students (docs/product.md#academic-years-and-rollover, #bulk-import): as a student's
 * create or edit does, an import keeps each student's enrolment of the row's academic year (its own column, else the
 * dialog's choice, else the current year) — grade, building, section — in the same commit batch as the student rows,
 * set-based per chunk. A closed year's enrolments are the rollover's record: never written here.
 */
import { and, inArray, sql } from "drizzle-orm";
import { enrolments } from "../../../db/schema";
import type { Db } from "../../db";
import { chunks, rowsPerStatement, selectIn, valuesList } from "./sql";

/**
 * One imported student's enrolment: its number, the year, grade and building the row gives, whether the sheet gave
 * a section, and that section ("3/2"; null = none).
 */
export type ImportedEnrolment = readonly [
  studentNo: string,
  year: string,
  grade: string,
  buildingNo: number,
  sectionGiven: 0 | 1,
  section: string | null,
];

/**
 * The statements, to run after the students' own INSERTs and UPDATEs in the same batch, that make each row's
 * enrolment of its year say the row's grade and building, and the sheet's section when given (an existing enrolment
 * keeps its section otherwise; a new one has none). A year closed at the write is left alone. `at` is the write's
 * instant (ISO UTC). Two statements per chunk: an UPDATE of existing enrolments, an INSERT of missing ones.
 */
export function importEnrolmentStatements(db: Db, rows: readonly ImportedEnrolment[], at: string) {
  return chunks(rows, rowsPerStatement(6)).flatMap((part) => [
    db.run(sql`UPDATE enrolments SET grade = v.column3, building_no = v.column4,
        section = CASE WHEN v.column5 = 1 THEN v.column6 ELSE enrolments.section END, updated_at = ${at}
      FROM (VALUES ${valuesList(part)}) AS v JOIN students AS s ON s.student_no = v.column1
        JOIN academic_years AS y ON y.name = v.column2 AND y.state <> 'closed'
      WHERE enrolments.student_id = s.id AND enrolments.academic_year_name = v.column2`),
    db.run(sql`INSERT OR IGNORE INTO enrolments (student_id, academic_year_name, grade, building_no, section,
        created_at, updated_at)
      SELECT s.id, y.name, v.column3, v.column4, v.column6, ${at}, ${at}
      FROM (VALUES ${valuesList(part)}) AS v JOIN students AS s ON s.student_no = v.column1
        JOIN academic_years AS y ON y.name = v.column2 AND y.state <> 'closed'`),
  ]);
}

/** A stored enrolment as the import compares it. */
export interface StoredEnrolment {
  grade: string;
  buildingNo: number;
  section: string | null;
}

/** The enrolments of `studentIds` in `years`, by "studentId|year". */
export async function enrolmentsOf(
  db: Db,
  studentIds: readonly number[],
  years: readonly string[],
): Promise<Map<string, StoredEnrolment>> {
  if (!years.length) return new Map();
  const rows = await selectIn<number, StoredEnrolment & { id: number; year: string }>(db, studentIds, (part) =>
    db
      .select({
        id: enrolments.studentId,
        year: enrolments.academicYearName,
        grade: enrolments.grade,
        buildingNo: enrolments.buildingNo,
        section: enrolments.section,
      })
      .from(enrolments)
      .where(and(inArray(enrolments.studentId, part), inArray(enrolments.academicYearName, [...years]))),
  );
  return new Map(
    rows.map((r) => [`${r.id}|${r.year}`, { grade: r.grade, buildingNo: r.buildingNo, section: r.section }]),
  );
}
