/** Demo exam results of one academic year (S1 and S2) for active students in Primary-1..Prep-3. */
import type { results, resultSubjectScores } from "../../db/schema";
import type { Rng } from "./rng";
import type { SampleStudents, StudentRow } from "./build-students";
import { gradeRemark } from "../../worker/lib/letter-grades";

export type ResultRow = typeof results.$inferInsert & { id: number };
export type ScoreRow = typeof resultSubjectScores.$inferInsert;

interface SubjectSpec {
  name: string;
  max: number;
}

const LOWER_PRIMARY: readonly SubjectSpec[] = [
  { name: "Mathematics", max: 100 },
  { name: "English", max: 100 },
  { name: "Science", max: 100 },
  { name: "Art", max: 50 },
  { name: "Music", max: 50 },
  { name: "Physical Education", max: 50 },
];
const UPPER_PRIMARY: readonly SubjectSpec[] = [
  { name: "Mathematics", max: 100 },
  { name: "English", max: 100 },
  { name: "Science", max: 100 },
  { name: "History", max: 100 },
  { name: "Geography", max: 100 },
  { name: "Art", max: 50 },
  { name: "Music", max: 50 },
  { name: "Physical Education", max: 50 },
];
const PREP: readonly SubjectSpec[] = [
  { name: "Mathematics", max: 100 },
  { name: "English", max: 100 },
  { name: "Science", max: 100 },
  { name: "History", max: 100 },
  { name: "Geography", max: 100 },
  { name: "Computer Science", max: 100 },
  { name: "Art", max: 50 },
];

/** Subjects (names from the admin results list) and max scores for a grade, or null if the grade has no results. */
export function subjectsForGrade(grade: string): readonly SubjectSpec[] | null {
  if (/^Primary-[1-3]$/.test(grade)) return LOWER_PRIMARY;
  if (/^Primary-[4-6]$/.test(grade)) return UPPER_PRIMARY;
  if (/^Prep-[1-3]$/.test(grade)) return PREP;
  return null;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * Builds result rows (ids `baseId + 1 ..`) and per-subject score rows. Each student has an ability in
 * [0.45, 0.98] (≈ N(0.75, 0.11)) plus a per-subject affinity and per-exam noise. Subjects out of 50 are marked
 * in half marks (37.5), as Egyptian exams are; marks are stored in hundredths. The `resultsNotPublished` sample
 * gets only an S2 result.
 */
export function buildResults(
  rng: Rng,
  students: readonly StudentRow[],
  baseId: number,
  samples: SampleStudents,
  year: string,
) {
  const resultRows: ResultRow[] = [];
  const scoreRows: ScoreRow[] = [];
  for (const s of students) {
    const subjects = subjectsForGrade(s.currentGrade);
    if (!subjects || !s.isActive) continue;
    const ability = clamp(rng.normal(0.75, 0.11), 0.45, 0.98);
    const affinity = subjects.map(() => rng.normal(0, 0.05));
    for (const semester of ["S1", "S2"] as const) {
      const drift = rng.normal(0, 0.03);
      const noises = subjects.map(() => rng.normal(0, 0.05));
      if (semester === "S1" && s.id === samples.resultsNotPublished.id) continue;
      const id = baseId + resultRows.length + 1;
      resultRows.push({
        id,
        studentId: s.id,
        academicYearName: year,
        semester,
        grade: s.currentGrade,
        remarks: null,
      });
      subjects.forEach((subj, position) => {
        const bonus = subj.max === 50 ? 0.06 : 0;
        const pct = clamp(ability + affinity[position] + drift + noises[position] + bonus, 0, 1);
        const step = subj.max === 50 ? 2 : 1;
        const score = Math.round(subj.max * pct * step) / step;
        scoreRows.push({
          resultId: id,
          position,
          subjectName: subj.name,
          scoreHundredths: Math.round(score * 100),
          maxScoreHundredths: subj.max * 100,
          remarks: gradeRemark(score, subj.max),
        });
      });
    }
  }
  return { results: resultRows, scores: scoreRows };
}
