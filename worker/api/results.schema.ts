/**
 * Admin results request schemas and constants (spec §5 "Admin result form", §7 "Admin results", §9 lists;
 * contract "Results"). Shared with the web form (react-hook-form + zodResolver). Imports only zod.
 *
 * Marks and totals have up to 2 decimals (half marks: 45.5 of 50), as JSON numbers or typed text (Arabic-Indic
 * digits, "٫"); the database keeps them in integer hundredths (docs/product.md#results). More decimals, "1e2" or a
 * negative mark are refused (400) with their message, never rounded.
 */
import { z } from "zod";
import { plainText, proseText } from "./text-field";
import { numberField } from "./number-field";
import { reason } from "../reasons";
import { GRADES } from "../lib/school-grades";
import { RESULT_SUBJECTS } from "../lib/subjects";

/** Academic years of the admin form (spec §9). */
export const ACADEMIC_YEARS = ["2023-2024", "2024-2025", "2025-2026", "2026-2027", "2027-2028"] as const;
export const DEFAULT_ACADEMIC_YEAR = "2024-2025";
export type AcademicYear = (typeof ACADEMIC_YEARS)[number];

export const SEMESTERS = ["S1", "S2"] as const;
export type Semester = (typeof SEMESTERS)[number];

/** Default max score of a subject row (spec §9). */
export const DEFAULT_MAX_SCORE = 100;
/** Smallest max score: one hundredth of a mark, the unit marks are stored in. */
export const MIN_MAX_SCORE = 0.01;
/** Upper bound on a subject's max score, to keep typos such as 1000000 out. */
export const MAX_MAX_SCORE = 1000;

/** One of `values`; `required` when missing or empty, `invalid` for anything else. */
const choice = <T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? required : invalid) });

const optionalText = (max: number) =>
  proseText()
    .trim()
    .max(max, `Remarks must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const subjectScoreSchema = z
  .object({
    subject_name: choice(RESULT_SUBJECTS, "Please select a subject", "Unknown subject"),
    score: numberField("marks", { decimals: 2, min: 0, max: MAX_MAX_SCORE, messages: { required: reason("MARKS_REQUIRED") } }),
    max_score: numberField("total", { decimals: 2, min: MIN_MAX_SCORE, max: MAX_MAX_SCORE }).default(DEFAULT_MAX_SCORE),
    /** Empty → "Grade: X" on the admin scale, filled in by the server. */
    remarks: optionalText(200),
  })
  .refine((s) => s.score <= s.max_score, { message: "Marks cannot be more than the total", path: ["score"] });

export const resultBodySchema = z
  .object({
    /** The student's `student_no` (national ID); Arabic-Indic/Persian digits are accepted. */
    student_id: plainText({ error: "Student ID is required" }).trim().min(1, "Student ID is required").max(50),
    academic_year_name: choice(ACADEMIC_YEARS, "Academic Year is required", "Unknown academic year"),
    semester: choice(SEMESTERS, "Semester is required", "Semester must be S1 or S2"),
    /** The grade the result is filed under; omitted → the student's current grade. */
    grade: choice(GRADES, "Grade is required", "Unknown grade").optional(),
    subject_scores: z
      .array(subjectScoreSchema, { error: "Add at least one subject" })
      .min(1, "Add at least one subject")
      .max(RESULT_SUBJECTS.length),
    remarks: optionalText(500),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.subject_scores.forEach((s, i) => {
      if (seen.has(s.subject_name)) {
        ctx.addIssue({ code: "custom", message: `${s.subject_name} is listed more than once`, path: ["subject_scores", i, "subject_name"] });
      }
      seen.add(s.subject_name);
    });
  });

const optionalChoice = (values: readonly string[], label: string, extra: readonly string[] = []) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || values.includes(v) || extra.includes(v), `Unknown ${label}`)
    .transform((v) => (v && !extra.includes(v) ? v : undefined));

/** `GET /api/admin/results` query: empty values and grade "All" mean no filter. */
export const resultListQuerySchema = z.object({
  grade: optionalChoice(GRADES, "grade", ["All"]),
  search: z.string().trim().max(100, "Search is too long").optional(),
  academic_year_name: optionalChoice(ACADEMIC_YEARS, "academic year"),
  semester: optionalChoice(SEMESTERS, "semester"),
});

export const resultIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, "Invalid result id")
    .transform(Number),
});

/** `PUT /api/admin/results/publications`. */
export const publicationBodySchema = z.object({
  academic_year_name: choice(ACADEMIC_YEARS, "Academic Year is required", "Unknown academic year"),
  semester: choice(SEMESTERS, "Semester is required", "Semester must be S1 or S2"),
  is_published: z.boolean({ error: "is_published must be true or false" }),
});

export type SubjectScoreInput = z.input<typeof subjectScoreSchema>;
export type SubjectScore = z.output<typeof subjectScoreSchema>;
export type ResultBodyInput = z.input<typeof resultBodySchema>;
export type ResultBody = z.output<typeof resultBodySchema>;
export type ResultListQuery = z.output<typeof resultListQuerySchema>;
export type PublicationBody = z.output<typeof publicationBodySchema>;
