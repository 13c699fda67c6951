/**
 * The model of the teacher's grade × subject picker (docs/product.md#staff-and-roles): a set of ticked cells, whole
 * rows (a grade) and columns (a subject) ticked or cleared at once, and the list the API takes back in school order
 * (grades as GRADES, subjects as RESULT_SUBJECTS), each pair once. Pure, so the rules are unit-tested.
 */
import { GRADES, type Grade } from "@worker/lib/school-grades";
import { RESULT_SUBJECTS, type ResultSubject } from "@worker/lib/subjects";

/** One class a teacher teaches (the shape of the API's `assignments`). */
export interface Assignment {
  grade: Grade;
  subject_name: ResultSubject;
}

/** The ticked cells, by `cellKey`. */
export type Ticked = ReadonlySet<string>;

/** The key of one cell. */
export const cellKey = (grade: Grade, subject: ResultSubject) => `${grade}|${subject}`;

/** The ticked cells of a list (unknown grades or subjects are dropped). */
export function tickedOf(assignments: readonly { grade: string; subject_name: string }[]): Ticked {
  const out = new Set<string>();
  for (const a of assignments) {
    const grade = GRADES.find((g) => g === a.grade);
    const subject = RESULT_SUBJECTS.find((s) => s === a.subject_name);
    if (grade && subject) out.add(cellKey(grade, subject));
  }
  return out;
}

/** The list the API takes: every ticked cell once, grades then subjects in school order. */
export function assignmentsOf(ticked: Ticked): Assignment[] {
  const out: Assignment[] = [];
  for (const grade of GRADES)
    for (const subject_name of RESULT_SUBJECTS)
      if (ticked.has(cellKey(grade, subject_name))) out.push({ grade, subject_name });
  return out;
}

/** `ticked` with one cell switched. */
export function toggleCell(ticked: Ticked, grade: Grade, subject: ResultSubject): Ticked {
  const next = new Set(ticked);
  const key = cellKey(grade, subject);
  if (!next.delete(key)) next.add(key);
  return next;
}

/** Whether none, some or all of `keys` are ticked (a header checkbox's state). */
export type LineState = "none" | "some" | "all";

function stateOf(ticked: Ticked, keys: readonly string[]): LineState {
  const n = keys.filter((k) => ticked.has(k)).length;
  return n === 0 ? "none" : n === keys.length ? "all" : "some";
}

/** Ticks every key, or clears them all when every one is ticked already. */
function switchLine(ticked: Ticked, keys: readonly string[]): Ticked {
  const next = new Set(ticked);
  if (stateOf(ticked, keys) === "all") for (const k of keys) next.delete(k);
  else for (const k of keys) next.add(k);
  return next;
}

const gradeKeys = (grade: Grade) => RESULT_SUBJECTS.map((s) => cellKey(grade, s));
const subjectKeys = (subject: ResultSubject) => GRADES.map((g) => cellKey(g, subject));

/** The state of a grade's row. */
export const gradeState = (ticked: Ticked, grade: Grade) => stateOf(ticked, gradeKeys(grade));
/** The state of a subject's column. */
export const subjectState = (ticked: Ticked, subject: ResultSubject) => stateOf(ticked, subjectKeys(subject));
/** Every subject of a grade ticked, or all cleared when they all were. */
export const toggleGrade = (ticked: Ticked, grade: Grade) => switchLine(ticked, gradeKeys(grade));
/** A subject in every grade ticked, or all cleared when it was in every grade. */
export const toggleSubject = (ticked: Ticked, subject: ResultSubject) => switchLine(ticked, subjectKeys(subject));

/** The grades with at least one ticked subject, in school order (for a compact summary). */
export function gradesOf(ticked: Ticked): Grade[] {
  return GRADES.filter((g) => gradeState(ticked, g) !== "none");
}
