/**
 * Public exam-result lookup by national ID (spec §2 "Results page", §8 "Public results"; contract "Public results").
 * Only published academic year + semester pairs are returned, newest first; unpaid fees refuse the lookup.
 * Throws ApiError: 404 unknown student or no results; 403 `{resultsNotPublished}`; 403 `{requiresPayment}`.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { feeRecords, resultPublications, resultSubjectScores, results, students } from "../../db/schema";
import type { Db } from "../db";
import { ApiError } from "../errors";

export interface PublicResult {
  full_name: string;
  grade: string;
  academic_year_name: string;
  semester: "S1" | "S2";
  subjects: { subject_name: string; score: number; max_score: number }[];
}

const NOT_FOUND = "Student not found or no results available";

/**
 * Reads everything in ONE round trip (a read batch of three queries keyed by the national ID), because results day
 * is bound by database round trips. Scores are read for published pairs only; the rules are applied afterwards.
 */
export async function lookupPublishedResults(db: Db, studentNo: string): Promise<PublicResult[]> {
  const published = and(eq(resultPublications.academicYearName, results.academicYearName), eq(resultPublications.semester, results.semester));
  const [studentRows, rows, scores] = await db.batch([
    db
      .select({ id: students.id, fullName: students.fullName, total: feeRecords.totalPiastres, paid: feeRecords.paidPiastres })
      .from(students)
      .leftJoin(feeRecords, eq(feeRecords.studentId, students.id))
      .where(eq(students.studentNo, studentNo)),
    db
      .select({ id: results.id, grade: results.grade, year: results.academicYearName, semester: results.semester, published: resultPublications.isPublished })
      .from(results)
      .innerJoin(students, eq(students.id, results.studentId))
      .leftJoin(resultPublications, published)
      .where(eq(students.studentNo, studentNo))
      .orderBy(desc(results.academicYearName), desc(results.semester)),
    db
      .select({ resultId: resultSubjectScores.resultId, name: resultSubjectScores.subjectName, score: resultSubjectScores.score, max: resultSubjectScores.maxScore })
      .from(resultSubjectScores)
      .innerJoin(results, eq(results.id, resultSubjectScores.resultId))
      .innerJoin(students, eq(students.id, results.studentId))
      .innerJoin(resultPublications, and(published, eq(resultPublications.isPublished, true)))
      .where(eq(students.studentNo, studentNo))
      .orderBy(asc(resultSubjectScores.resultId), asc(resultSubjectScores.position), asc(resultSubjectScores.id)),
  ]);
  const student = studentRows[0];
  if (!student) throw new ApiError("NOT_FOUND", NOT_FOUND);
  if (rows.length === 0) throw new ApiError("NOT_FOUND", NOT_FOUND);
  const visible = rows.filter((r) => r.published);
  if (visible.length === 0) throw new ApiError("FORBIDDEN", "Results not yet published", { resultsNotPublished: true });
  if (student.total !== null && (student.paid ?? 0) < student.total) {
    throw new ApiError("FORBIDDEN", "Fees are not fully paid", { requiresPayment: true });
  }
  return visible.map((r) => ({
    full_name: student.fullName,
    grade: r.grade,
    academic_year_name: r.year,
    semester: r.semester,
    subjects: scores.filter((s) => s.resultId === r.id).map((s) => ({ subject_name: s.name, score: s.score, max_score: s.max })),
  }));
}
