/**
 * Admin results request and answer schemas and their lists (docs/product.md#results, #results-publishing). The
 * request schemas are shared with the web form (react-hook-form + zodResolver); their messages are reasons
 * (worker/reasons.ts). Imports only zod and dependency-free modules.
 *
 * Marks and totals have up to 2 decimals (half marks: 45.5 of 50), as JSON numbers or typed text (Arabic-Indic
 * digits, "٫"); the database keeps them in integer hundredths (docs/product.md#results). More decimals, "1e2" or a
 * negative mark are refused (400) with their reason, never rounded.
 */
import { z } from "zod";
import { plainText, proseText } from "./text-field";
import { numberField } from "./number-field";
import { reason } from "../reasons";
import { GRADES } from "../lib/school-grades";
import { foldSearchText } from "../lib/normalize";
import { RESULT_SUBJECTS } from "../lib/subjects";
import { parseGrade } from "../lib/grade-labels";
import { isAbsentMark } from "../lib/absent-mark";
import { isAcademicYearName } from "./academic-years";

export const SEMESTERS = ["S1", "S2"] as const;
export type Semester = (typeof SEMESTERS)[number];

/** Default max score of a subject row (docs/product.md#results). */
export const DEFAULT_MAX_SCORE = 100;
/** Smallest max score: one hundredth of a mark, the unit marks are stored in. */
export const MIN_MAX_SCORE = 0.01;
/** Upper bound on a subject's max score, to keep typos such as 1000000 out. */
export const MAX_MAX_SCORE = 1000;

/** One of `values`; the reason `required` when missing or empty, `invalid` for anything else (`reason()` texts). */
const choice = <T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? required : invalid),
  });

const optionalText = (max: number) =>
  proseText()
    .trim()
    .max(max, reason("TOO_LONG", { field: "remarks", max }))
    .nullish()
    .transform((v) => (v ? v : null));

/** A subject's marks: 0 … 1000 with up to 2 decimals, as a number or typed text. */
export const scoreField = numberField("marks", {
  decimals: 2,
  min: 0,
  max: MAX_MAX_SCORE,
  messages: { required: reason("MARKS_REQUIRED") },
});

/** A subject's max score (its total): 0.01 … 1000 with up to 2 decimals. */
export const maxScoreField = numberField("total", {
  decimals: 2,
  min: MIN_MAX_SCORE,
  max: MAX_MAX_SCORE,
  messages: { required: reason("TOTAL_REQUIRED") },
});

/**
 * A mark typed as an absent word ("غ", "غائب", "abs", worker/lib/absent-mark.ts) is the same as `absent: true`
 * with no score; an absent row's empty score is no score. `absent: false` keeps the text (refused as a number).
 */
function readAbsentMark(v: unknown): unknown {
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const row = v as Record<string, unknown>;
  if (row.absent !== false && isAbsentMark(row.score)) return { ...row, score: null, absent: true };
  if (row.absent === true && row.score === "") return { ...row, score: null };
  return v;
}

/**
 * One subject row (docs/product.md#results): marks (0 … max, ≤ 2 decimals) or absent. Absent is `absent: true`
 * with `score` null or omitted (or an absent word as the typed mark); an absent row with marks is refused
 * (ABSENT_WITH_MARKS), a present one without marks too (MARKS_REQUIRED). Output: `score` null exactly when absent.
 */
export const subjectScoreSchema = z.preprocess(
  readAbsentMark,
  z
    .object({
      subject_name: choice(RESULT_SUBJECTS, reason("RESULT_SUBJECT_REQUIRED"), reason("RESULT_SUBJECT_UNKNOWN")),
      score: scoreField
        .nullish()
        .describe('The marks; null (or omitted) when absent. Typed text may also be "غ", "غائب", "abs" or "absent"'),
      max_score: maxScoreField.default(DEFAULT_MAX_SCORE),
      /** The student missed the subject's exam: no marks, shown "غائب / Absent". */
      absent: z
        .boolean({ error: reason("NOT_BOOLEAN", { field: "absent" }) })
        .default(false)
        .describe("The student was absent: no marks (score null), shown as Absent"),
      /** Empty → "Grade: X" on the admin scale (none for an absent row), filled in by the server. */
      remarks: optionalText(200),
    })
    .superRefine((s, ctx) => {
      const has = s.score !== null && s.score !== undefined;
      if (s.absent && has) ctx.addIssue({ code: "custom", message: reason("ABSENT_WITH_MARKS"), path: ["score"] });
      else if (!s.absent && !has) ctx.addIssue({ code: "custom", message: reason("MARKS_REQUIRED"), path: ["score"] });
      else if (has && s.score! > s.max_score)
        ctx.addIssue({ code: "custom", message: reason("MARKS_ABOVE_TOTAL"), path: ["score"] });
    })
    .transform((s) => ({ ...s, score: s.absent ? null : (s.score ?? null) })),
);

/**
 * An academic year's name, "YYYY-YYYY" (two consecutive years); whether the year exists is the service's check
 * (ACADEMIC_YEAR_UNKNOWN): the years are data (docs/product.md#academic-years-and-rollover).
 */
const academicYear = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? reason("ACADEMIC_YEAR_REQUIRED")
        : reason("ACADEMIC_YEAR_INVALID"),
  })
  .trim()
  .min(1, reason("ACADEMIC_YEAR_REQUIRED"))
  .refine(isAcademicYearName, reason("ACADEMIC_YEAR_INVALID"));
const semester = choice(SEMESTERS, reason("SEMESTER_REQUIRED"), reason("SEMESTER_INVALID"));

export const resultBodySchema = z
  .object({
    /** The student's `student_no` (national ID); Arabic-Indic/Persian digits are accepted. */
    student_id: plainText({ error: reason("REQUIRED", { field: "student_id" }) })
      .trim()
      .min(1, reason("REQUIRED", { field: "student_id" }))
      .max(50, reason("TOO_LONG", { field: "student_id", max: 50 })),
    academic_year_name: academicYear,
    semester,
    /** The grade the result is filed under; omitted → the student's current grade. */
    grade: z
      .preprocess(
        (v) => (typeof v === "string" ? (parseGrade(v) ?? v) : v),
        choice(GRADES, reason("GRADE_REQUIRED"), reason("GRADE_UNKNOWN")),
      )
      .optional(),
    subject_scores: z
      .array(subjectScoreSchema, { error: reason("RESULT_SUBJECTS_REQUIRED") })
      .min(1, reason("RESULT_SUBJECTS_REQUIRED"))
      .max(RESULT_SUBJECTS.length),
    remarks: optionalText(500),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.subject_scores.forEach((s, i) => {
      if (seen.has(s.subject_name)) {
        ctx.addIssue({
          code: "custom",
          message: reason("RESULT_SUBJECT_REPEATED", { subject: s.subject_name }),
          path: ["subject_scores", i, "subject_name"],
        });
      }
      seen.add(s.subject_name);
    });
  });

/** A list filter: one of `values` (or of `extra`, which means no filter, as "" does); else the reason `unknown`. */
const optionalChoice = (values: readonly string[], unknown: string, extra: readonly string[] = []) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || values.includes(v) || extra.includes(v), unknown)
    .transform((v) => (v && !extra.includes(v) ? v : undefined));

/** `GET /api/admin/results` query: empty values and grade "All" mean no filter. */
export const resultListQuerySchema = z.object({
  grade: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || v === "All" || v === "الكل" || parseGrade(v) !== undefined, reason("GRADE_UNKNOWN"))
    .transform((v) => (v && v !== "All" && v !== "الكل" ? parseGrade(v) : undefined))
    .describe("One of KG-1 … Private; All or empty: every grade"),
  search: z
    .string()
    .trim()
    .max(100, reason("RESULT_SEARCH_TOO_LONG"))
    .optional()
    // The one search rule of every admin list (docs/decisions/0015-stored-search-name.md): folded like the stored name.
    .transform((v) => (v ? foldSearchText(v) || undefined : undefined))
    .describe("Contains, over the student's name and ID (Arabic letter variants and digits folded)"),
  academic_year_name: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isAcademicYearName(v), reason("ACADEMIC_YEAR_INVALID"))
    .transform((v) => v || undefined)
    .describe('"YYYY-YYYY": one of the academic years (GET /api/admin/academic-years); empty: every year'),
  semester: optionalChoice(SEMESTERS, reason("UNKNOWN_VALUE", { field: "semester" })).describe("S1 or S2"),
});

export const resultIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, reason("RESULT_ID_INVALID"))
    .transform(Number),
});

/** `PUT /api/admin/results/publications`. */
export const publicationBodySchema = z.object({
  academic_year_name: academicYear,
  semester,
  is_published: z.boolean({ error: reason("NOT_BOOLEAN", { field: "is_published" }) }),
});

/**
 * One subject row of a result as the API returns it: marks with up to 2 decimals, or `absent` with `score` null;
 * `remarks` "Grade: X" by default.
 */
export const subjectScoreJsonSchema = z.object({
  subject_name: z.string(),
  score: z.number().nullable().describe("null when absent"),
  max_score: z.number(),
  remarks: z.string().nullable(),
  absent: z.boolean().describe("The student was absent from the subject's exam (no marks)"),
});

/** A result as the admin API returns it (docs/product.md#results). Timestamps are ISO 8601 UTC. */
export const resultJsonSchema = z.object({
  id: z.number().int(),
  result_id: z.number().int().describe("Same as id"),
  student_no: z.string().describe("The student's national ID or passport number"),
  full_name: z.string(),
  academic_year_name: z.string(),
  semester: z.enum(SEMESTERS),
  current_grade: z.string().describe("The grade the result is filed under"),
  subject_scores: z.array(subjectScoreJsonSchema),
  remarks: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Whether parents may see one academic year + semester (docs/product.md#results-publishing). */
export const publicationJsonSchema = z.object({
  academic_year_name: z.string(),
  semester: z.enum(SEMESTERS),
  is_published: z.boolean(),
  published_at: z.string().nullable().describe("ISO 8601 UTC; null while unpublished"),
});

export type SubjectScoreInput = z.input<typeof subjectScoreSchema>;
export type SubjectScore = z.output<typeof subjectScoreSchema>;
export type ResultBodyInput = z.input<typeof resultBodySchema>;
export type ResultBody = z.output<typeof resultBodySchema>;
export type ResultListQuery = z.output<typeof resultListQuerySchema>;
export type PublicationBody = z.output<typeof publicationBodySchema>;
export type SubjectScoreJson = z.output<typeof subjectScoreJsonSchema>;
export type ResultJson = z.output<typeof resultJsonSchema>;
export type PublicationJson = z.output<typeof publicationJsonSchema>;
