/** Direct-to-database fixtures for API tests (unique student numbers; money in piastres). */
import { env } from "cloudflare:workers";
import { feeRecords, resultPublications, resultSubjectScores, results, students } from "../../db/schema";
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
