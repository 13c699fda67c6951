/**
 * The current year's enrolments of imported students (docs/product.md#academic-years-and-rollover, #bulk-import):
 * as a student's create or edit does, an import keeps each student's current-year enrolment (grade, building,
 * section) in the same commit batch as the student rows, set-based per chunk. Nothing when no year is current.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { enrolments } from "../../../db/schema";
import type { Db } from "../../db";
import { chunks, rowsPerStatement, selectIn, valuesList } from "./sql";

/** One imported student: its number, whether the sheet gave a section, and that section ("3/2"; null = none). */
export type ImportedEnrolment = readonly [studentNo: string, sectionGiven: 0 | 1, section: string | null];

const CURRENT_YEAR = sql`(SELECT name FROM academic_years WHERE state = 'current')`;

/**
 * The statements, to run after the students' own INSERTs and UPDATEs in the same batch, that make the current
 * year's enrolment of every student of `rows` say the grade and building the write left on the student row, and the
 * sheet's section when given (an existing enrolment keeps its section otherwise; a new one has none). `at` is the
 * write's instant (ISO UTC). Two statements per chunk: an UPDATE of existing enrolments, an INSERT of missing ones.
 */
export function importEnrolmentStatements(db: Db, rows: readonly ImportedEnrolment[], at: string) {
  return chunks(rows, rowsPerStatement(3)).flatMap((part) => [
    db.run(sql`UPDATE enrolments SET grade = s.current_grade, building_no = s.building_no,
        section = CASE WHEN v.column2 = 1 THEN v.column3 ELSE enrolments.section END, updated_at = ${at}
      FROM (VALUES ${valuesList(part)}) AS v JOIN students AS s ON s.student_no = v.column1
      WHERE enrolments.student_id = s.id AND enrolments.academic_year_name = ${CURRENT_YEAR}`),
    db.run(sql`INSERT OR IGNORE INTO enrolments (student_id, academic_year_name, grade, building_no, section,
        created_at, updated_at)
      SELECT s.id, y.name, s.current_grade, s.building_no, v.column3, ${at}, ${at}
      FROM (VALUES ${valuesList(part)}) AS v JOIN students AS s ON s.student_no = v.column1
        JOIN academic_years AS y ON y.state = 'current'`),
  ]);
}

/** The current year's section of each of `studentIds` that has a current enrolment (id → section or null). */
export async function currentSections(db: Db, studentIds: readonly number[]): Promise<Map<number, string | null>> {
  const rows = await selectIn<number, { id: number; section: string | null }>(db, studentIds, (part) =>
    db
      .select({ id: enrolments.studentId, section: enrolments.section })
      .from(enrolments)
      .where(and(inArray(enrolments.studentId, part), eq(enrolments.academicYearName, CURRENT_YEAR))),
  );
  return new Map(rows.map((r) => [r.id, r.section]));
}
