/**
 * The year-end rollover's rules, pure (docs/product.md#the-year-end-rollover): who is promoted, retained, graduates
 * or leaves, and where each student goes next year. No database: the service reads the closing year and hands it
 * here, the dry run and the apply both answer from `decide`, and the unit and property tests call it directly.
 */
import { GRADES } from "../../lib/school-grades";

export type Outcome = "promoted" | "retained" | "graduated" | "left";
/** What decided a student's outcome: the ladder, the results rule, the office's exception, or the record itself. */
export type DecisionSource = "default" | "rule" | "exception" | "inactive" | "prior";

/** The grade a student moves up to: KG-1 → KG-2 → Primary-1 … Primary-6 → Prep-1 → Prep-2 → Prep-3;
 * Prep-3 → null (graduates); Private stays Private. */
export function nextGradeOf(grade: string): string | null {
  if (grade === "Private") return "Private";
  const i = (GRADES as readonly string[]).indexOf(grade);
  if (i < 0) return grade;
  const next = GRADES[i + 1];
  return next && next !== "Private" ? next : null;
}

/** A student of the closing year: their enrolment there (or, without one, their record's grade and building). */
export interface ClosingStudent {
  studentId: number;
  studentNo: string;
  fullName: string;
  grade: string;
  building: number;
  section: string | null;
  active: boolean;
  /** The closing year holds this student's enrolment (false: the current year's active student without one). */
  enrolled: boolean;
  /** The closing enrolment's outcome already set (a student who left during the year); null while the year runs. */
  priorOutcome: Outcome | null;
}

/** A student's S2 result in the closing year: subjects, and those below the pass mark (absent ones count). */
export interface S2Standing {
  subjects: number;
  failed: number;
}

/** "Retained if the S2 result is below the pass mark (percent of each subject's max) in more than `max_failed` subjects." */
export interface RetentionRule {
  pass_mark_percent: number;
  max_failed: number;
}

/** The office's exception for one student: an outcome, optionally a building and a class section next year. */
export interface RolloverException {
  student_no: string;
  outcome: "promoted" | "retained" | "left";
  building?: number | undefined;
  section?: string | null | undefined;
}

export interface Decision {
  student: ClosingStudent;
  outcome: Outcome;
  source: DecisionSource;
  /** Next year's place; null grade: no enrolment next year (graduated, left). */
  nextGrade: string | null;
  nextBuilding: number | null;
  nextSection: string | null;
  /** The S2 standing the rule read (null: no S2 result). */
  standing: S2Standing | null;
}

/** True when a subject's mark (hundredths; null: absent) is below `passPercent` of its max (hundredths). */
export function belowPass(score: number | null, max: number, passPercent: number): boolean {
  return score === null || score * 100 < passPercent * max;
}

/** The rule's verdict on one standing: retained when more than `max_failed` subjects are below the pass mark. */
export function retainedByRule(rule: RetentionRule, standing: S2Standing | null | undefined): boolean {
  return !!standing && standing.subjects > 0 && standing.failed > rule.max_failed;
}

/** The place next year for `outcome` from `s`; promoted out of Prep-3 graduates. */
function placeOf(s: ClosingStudent, outcome: Outcome, ex: RolloverException | undefined) {
  if (outcome === "left" || outcome === "graduated")
    return { outcome, nextGrade: null, nextBuilding: null, nextSection: null };
  const grade = outcome === "retained" ? s.grade : nextGradeOf(s.grade);
  if (grade === null) return { outcome: "graduated" as const, nextGrade: null, nextBuilding: null, nextSection: null };
  // A retained student keeps their class section; a promoted one gets theirs in the new year, unless the office says.
  const section = ex && ex.section !== undefined ? ex.section : outcome === "retained" ? s.section : null;
  return { outcome, nextGrade: grade, nextBuilding: ex?.building ?? s.building, nextSection: section };
}

/**
 * Each closing student's decision, in the order given. Precedence: an inactive student or one whose enrolment
 * already says "left" leaves; then the office's exception; then the rule (when given); then the ladder ("Private"
 * stays in Private). The retained flag is the closing year's only: next year's enrolment starts with no outcome.
 */
export function decide(
  students: readonly ClosingStudent[],
  opts: {
    exceptions?: readonly RolloverException[];
    rule?: RetentionRule | null;
    standings?: ReadonlyMap<number, S2Standing>;
  } = {},
): Decision[] {
  const byNo = new Map((opts.exceptions ?? []).map((e) => [e.student_no, e]));
  return students.map((s) => {
    const standing = opts.standings?.get(s.studentId) ?? null;
    const base = { student: s, standing };
    if (!s.active || s.priorOutcome === "left") {
      return { ...base, source: s.active ? "prior" : "inactive", ...placeOf(s, "left", undefined) };
    }
    const ex = byNo.get(s.studentNo);
    if (ex) return { ...base, source: "exception", ...placeOf(s, ex.outcome, ex) };
    if (opts.rule && retainedByRule(opts.rule, standing)) {
      return { ...base, source: "rule", ...placeOf(s, "retained", undefined) };
    }
    return { ...base, source: "default", ...placeOf(s, "promoted", undefined) };
  });
}

/** Exceptions naming no student of the closing year (student numbers, in the order given). */
export function unknownExceptions(
  students: readonly ClosingStudent[],
  exceptions: readonly RolloverException[],
): string[] {
  const known = new Set(students.map((s) => s.studentNo));
  return exceptions.filter((e) => !known.has(e.student_no)).map((e) => e.student_no);
}

export interface GradeCounts {
  promoted: number;
  retained: number;
  graduated: number;
  left: number;
  total: number;
}

/** Decisions grouped by the closing grade, in school order (unknown grades last), with their counts. */
export function byGrade(
  decisions: readonly Decision[],
): Array<{ grade: string; counts: GradeCounts; decisions: Decision[] }> {
  const groups = new Map<string, Decision[]>();
  for (const d of decisions) {
    const list = groups.get(d.student.grade);
    if (list) list.push(d);
    else groups.set(d.student.grade, [d]);
  }
  const order = (g: string) => {
    const i = (GRADES as readonly string[]).indexOf(g);
    return i < 0 ? GRADES.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([grade, list]) => ({ grade, counts: countsOf(list), decisions: list }));
}

/** How many decisions of each outcome. */
export function countsOf(decisions: readonly Decision[]): GradeCounts {
  const c: GradeCounts = { promoted: 0, retained: 0, graduated: 0, left: 0, total: decisions.length };
  for (const d of decisions) c[d.outcome]++;
  return c;
}

/** `date` ("YYYY-MM-DD") `years` calendar years later; 29 February becomes 28 February. */
export function shiftYears(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) + years;
  const md = date.slice(5) === "02-29" ? "02-28" : date.slice(5);
  return `${y}-${md}`;
}

/** Default dates of year `toName` from those of `from`: each shifted by the years between their names. */
export function datesAfter<
  T extends Record<"startDate" | "endDate" | "term1Start" | "term1End" | "term2Start" | "term2End", string>,
>(from: T & { name: string }, toName: string) {
  const k = Number(toName.slice(0, 4)) - Number(from.name.slice(0, 4));
  return {
    startDate: shiftYears(from.startDate, k),
    endDate: shiftYears(from.endDate, k),
    term1Start: shiftYears(from.term1Start, k),
    term1End: shiftYears(from.term1End, k),
    term2Start: shiftYears(from.term2Start, k),
    term2End: shiftYears(from.term2End, k),
  };
}

/** The name of the year after `name` ("2026-2027" → "2027-2028"). */
export function followingYearName(name: string): string {
  const y = Number(name.slice(0, 4)) + 1;
  return `${y}-${y + 1}`;
}
