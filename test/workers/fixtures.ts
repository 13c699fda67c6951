/** Direct-to-database fixtures for API tests (unique student numbers; money in piastres). */
import { env } from "cloudflare:workers";
import { and, eq, lt } from "drizzle-orm";
import { academicYears, feeRecords, resultPublications, resultSubjectScores, results, students } from "../../db/schema";
import { getDb } from "../../worker/db";
import { yearSql } from "../../worker/services/fee-year";

export const testDb = () => getDb(env as never);

export { uniqueStudentNo } from "../support/selection-world";
import { uniqueStudentNo } from "../support/selection-world";

export async function insertStudent(over: Partial<typeof students.$inferInsert> = {}) {
  const [row] = await testDb()
    .insert(students)
    .values({
      studentNo: uniqueStudentNo(),
      fullName: "طالب اختبار",
      nationality: "Egyptian",
      currentGrade: "Prep-3",
      buildingNo: 5,
      gender: "male",
      ...over,
    })
    .returning();
  return row!;
}

/** A fee account of student `studentId` for `year` (default: the current year), straight into the table. */
export async function insertFee(
  studentId: number,
  totalPiastres: number,
  paidPiastres: number,
  grade = "Prep-3",
  year?: string,
) {
  const academicYearName = yearSql(year);
  await testDb().insert(feeRecords).values({ studentId, academicYearName, grade, totalPiastres, paidPiastres });
}

/** A result with subject rows `[subject, score, max]` in marks (stored as hundredths, like the API does). */
export async function insertResult(
  studentId: number,
  year: string,
  semester: "S1" | "S2",
  scores: Array<[string, number, number]>,
  grade = "Prep-3",
) {
  const [r] = await testDb().insert(results).values({ studentId, academicYearName: year, semester, grade }).returning();
  await testDb()
    .insert(resultSubjectScores)
    .values(
      scores.map(([subjectName, score, maxScore], position) => ({
        resultId: r!.id,
        position,
        subjectName,
        scoreHundredths: Math.round(score * 100),
        maxScoreHundredths: Math.round(maxScore * 100),
      })),
    );
  return r!;
}

export async function setPublished(year: string, semester: "S1" | "S2", isPublished: boolean) {
  await testDb()
    .insert(resultPublications)
    .values({
      academicYearName: year,
      semester,
      isPublished,
      publishedAt: isPublished ? new Date().toISOString() : null,
    })
    .onConflictDoUpdate({
      target: [resultPublications.academicYearName, resultPublications.semester],
      set: { isPublished },
    });
}

/**
 * Academic year `name` ("2061-2062") as a row, upcoming (or `state`), in the default dates (1 September - 31 August, terms to
 * 31 January and 1 February - 30 June), unless it exists. Names that are not two consecutive years are left alone.
 * Throws for a closed year after the current one: it would stop every later year from becoming current, and the
 * files that make years current share this database.
 */
export async function ensureYear(name: string, state: "upcoming" | "closed" = "upcoming") {
  const m = /^(\d{4})-(\d{4})$/.exec(name);
  if (!m || Number(m[2]) !== Number(m[1]) + 1) return;
  if (state === "closed") {
    const [after] = await testDb()
      .select({ name: academicYears.name })
      .from(academicYears)
      .where(and(eq(academicYears.state, "current"), lt(academicYears.name, name)));
    if (after) throw new Error(`a closed year ${name} after the current ${after.name} would block other test files`);
  }
  const [y1, y2] = [m[1], m[2]];
  await testDb()
    .insert(academicYears)
    .values({
      name,
      startDate: `${y1}-09-01`,
      endDate: `${y2}-08-31`,
      term1Start: `${y1}-09-01`,
      term1End: `${y2}-01-31`,
      term2Start: `${y2}-02-01`,
      term2End: `${y2}-06-30`,
      state,
      closedAt: state === "closed" ? new Date().toISOString() : null,
    })
    .onConflictDoNothing();
}
