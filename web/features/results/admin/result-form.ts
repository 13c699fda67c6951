/**
 * The admin result form's values and their conversion to the API body (docs/product.md#results). Inputs hold the
 * text exactly as typed (Arabic-Indic digits, "٫", half marks such as 7.5); nothing is rewritten while typing. The
 * resolver validates the body with the API's own `resultBodySchema`, whose number fields read that text
 * (worker/lib/typed-number.ts), so "1e2", "-5" or "7.555" get their message on the same paths as the server's
 * (`subject_scores.2.score`, …). Each subject's remarks are "Grade: X" on the admin scale. A student absent from a
 * subject's exam has "غ" (or "غائب", "abs", worker/lib/absent-mark.ts) typed as the marks: the schema reads it as
 * `absent: true`, and the row shows "Absent" instead of a letter (docs/product.md#results).
 */
import type { FieldErrors, Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { DEFAULT_MAX_SCORE, resultBodySchema, type ResultBody } from "@worker/contracts/results";
import { adminLetterGrade, gradeRemark, percentage } from "@worker/lib/letter-grades";
import { normalizeNationalId } from "@worker/lib/normalize";
import { parseTypedNumber } from "@worker/lib/typed-number";
import { ABSENT_MARK, isAbsentMark } from "@worker/lib/absent-mark";
import type { ResultJson } from "@worker/contracts/results";
import { RESULT_SUBJECTS, type ResultSubject } from "@worker/lib/subjects";

/** One subject row as typed. */
export interface SubjectRowValues {
  subject_name: string;
  score: string;
  max_score: string;
}

/** The whole form as typed. */
export interface ResultFormValues {
  academic_year_name: string;
  student_id: string;
  semester: string;
  subject_scores: SubjectRowValues[];
  remarks: string;
}

/** A new empty subject row (total defaults to 100). */
export const emptySubjectRow = (): SubjectRowValues => ({
  subject_name: "",
  score: "",
  max_score: String(DEFAULT_MAX_SCORE),
});

/**
 * The subjects a new row may take: not yet in a row and, for a scoped writer (`mayMark`: a teacher's subjects in the
 * result's grade), theirs; a row of any other subject would be read-only for them.
 */
export function addableSubjects(
  rows: readonly (Partial<SubjectRowValues> | undefined)[],
  mayMark?: (subject: string) => boolean,
): ResultSubject[] {
  const used = new Set(rows.map((r) => r?.subject_name));
  return RESULT_SUBJECTS.filter((s) => !used.has(s) && (!mayMark || mayMark(s)));
}

/** Whether "Add Subject" is offered: more addable subjects than rows still without one. */
export function canAddSubjectRow(
  rows: readonly (Partial<SubjectRowValues> | undefined)[],
  mayMark?: (subject: string) => boolean,
): boolean {
  return addableSubjects(rows, mayMark).length > rows.filter((r) => !r?.subject_name).length;
}

/**
 * Form values for a new result (its year `defaultYear`: the current academic year of the data,
 * docs/product.md#academic-years-and-rollover), or for editing `result`; an absent subject's marks read
 * `absentText` ("غ"; "abs" on English pages).
 */
export function formValuesOf(
  result: ResultJson | null | undefined,
  defaultYear: string,
  absentText: string = ABSENT_MARK,
): ResultFormValues {
  if (!result)
    return {
      academic_year_name: defaultYear,
      student_id: "",
      semester: "",
      subject_scores: [emptySubjectRow()],
      remarks: "",
    };
  return {
    academic_year_name: result.academic_year_name,
    student_id: result.student_no,
    semester: result.semester,
    subject_scores: result.subject_scores.length
      ? result.subject_scores.map((s) => ({
          subject_name: s.subject_name,
          score: s.score === null ? absentText : String(s.score),
          max_score: String(s.max_score),
        }))
      : [emptySubjectRow()],
    remarks: result.remarks ?? "",
  };
}

/** A typed mark or total as a number (≤ 2 decimals), or undefined while it is empty or not a valid mark. */
const markOf = (v: string | undefined): number | undefined => {
  const r = parseTypedNumber(v ?? "", { decimals: 2 });
  return r.ok ? r.value : undefined;
};

/**
 * The letter grade of a typed row on the admin scale, "absent" for an absent mark, or null while marks/total are
 * incomplete or invalid.
 */
export function rowLetter(score: string, max: string): string | null {
  if (isAbsentMark(score)) return "absent";
  const s = markOf(score);
  const m = markOf(max);
  if (s === undefined || m === undefined || m <= 0 || s > m) return null;
  return adminLetterGrade(percentage(s, m));
}

/** Typed values → the API body (without `grade`, which the dialog adds). Marks stay text; the schema reads them. */
export function toBody(v: ResultFormValues): Record<string, unknown> {
  return {
    student_id: normalizeNationalId(v.student_id ?? "").toUpperCase(),
    academic_year_name: v.academic_year_name || undefined,
    semester: v.semester || undefined,
    subject_scores: v.subject_scores.map((r) => {
      const score = markOf(r.score);
      const max = markOf(r.max_score);
      return {
        subject_name: r.subject_name || undefined,
        score: r.score ?? "",
        max_score: r.max_score ?? "",
        remarks: score !== undefined && max !== undefined && max > 0 ? gradeRemark(score, max) : null,
      };
    }),
    remarks: v.remarks?.trim() ? v.remarks.trim() : null,
  };
}

/**
 * The body of a scoped writer (a teacher, docs/product.md#staff-and-roles): rows of subjects they may not mark go as
 * stored in `editing` (remarks included), and the overall remarks as stored (none on a new result), so what the
 * server keeps read-only for them is sent unchanged.
 */
export function keepReadOnly(
  body: ResultBody,
  editing: ResultJson | null | undefined,
  mayMark: (subject: string) => boolean,
): ResultBody {
  const stored = new Map((editing?.subject_scores ?? []).map((s) => [s.subject_name, s]));
  return {
    ...body,
    subject_scores: body.subject_scores.map((r) => {
      const s = stored.get(r.subject_name);
      if (mayMark(r.subject_name) || !s) return r;
      return { ...r, score: s.score, max_score: s.max_score, remarks: s.remarks, absent: s.absent };
    }),
    remarks: editing?.remarks ?? null,
  };
}

const bodyResolver = zodResolver(resultBodySchema);

/** The form's resolver: converts to the body, validates with `resultBodySchema`, returns the body on success. */
export const resultFormResolver: Resolver<ResultFormValues, unknown, ResultBody> = async (values, context, options) => {
  const res = await bodyResolver(toBody(values) as never, context, options as never);
  return res as
    | { values: ResultBody; errors: Record<string, never> }
    | { values: Record<string, never>; errors: FieldErrors<ResultFormValues> };
};
