/**
 * The demo school's two years, relative to the day the seed runs (docs/product.md#academic-years-and-rollover): last
 * year, closed, and this year, current, in the default dates; who was enrolled last year (a grade lower: today's
 * KG-1 and the four sample students joined this year); and both years' enrolments.
 */
import type { academicYears, enrolments } from "../../db/schema";
import { academicYearOf } from "../../worker/lib/fee-schedule";
import { GRADES } from "../../worker/lib/school-grades";
import { defaultYearDates } from "../../worker/services/academic-years/dates";
import type { SampleStudents, StudentRow } from "./build-students";

/** Last year's and this year's names ("YYYY-YYYY") for the school day of `now`. */
export function seedYears(now: Date): { last: string; current: string } {
  const current = academicYearOf(now);
  const y = Number(current.slice(0, 4));
  return { last: `${y - 1}-${y}`, current };
}

/** The `academic_years` row of `name` in the default dates, `closed` at `now` or current. */
export function yearRow(name: string, state: "closed" | "current", now: Date): typeof academicYears.$inferInsert {
  const d = defaultYearDates(name);
  return {
    name,
    startDate: d.start_date,
    endDate: d.end_date,
    term1Start: d.term1_start,
    term1End: d.term1_end,
    term2Start: d.term2_start,
    term2End: d.term2_end,
    state,
    closedAt: state === "closed" ? now.toISOString() : null,
  };
}

/** The students as they were last year: one grade lower; today's KG-1, the private class and the samples were not. */
export function lastYearStudents(students: readonly StudentRow[], samples: SampleStudents): StudentRow[] {
  const sampleIds = new Set(Object.values(samples).map((s) => s.id));
  return students.flatMap((s) => {
    const i = GRADES.indexOf(s.currentGrade as (typeof GRADES)[number]);
    if (i <= 0 || s.currentGrade === "Private" || sampleIds.has(s.id)) return [];
    return [{ ...s, currentGrade: GRADES[i - 1]!, isActive: true }];
  });
}

/** Both years' enrolments: last year's promoted, this year's running (a student no longer active has left). */
export function buildEnrolments(
  students: readonly StudentRow[],
  last: readonly StudentRow[],
  years: { last: string; current: string },
): Array<typeof enrolments.$inferInsert> {
  return [
    ...last.map((s) => ({
      studentId: s.id,
      academicYearName: years.last,
      grade: s.currentGrade,
      buildingNo: s.buildingNo,
      outcome: "promoted" as const,
    })),
    ...students.map((s) => ({
      studentId: s.id,
      academicYearName: years.current,
      grade: s.currentGrade,
      buildingNo: s.buildingNo,
      outcome: s.isActive ? null : ("left" as const),
    })),
  ];
}
