/**
 * The public results lookup's request and answer schemas (docs/product.md#public-results). Imports only zod and the
 * dependency-free normaliser; the public page takes its types from here.
 */
import { z } from "zod";
import { normalizeNationalId } from "../lib/normalize";
import { reason } from "../reasons";
import { SEMESTERS } from "./results";
import { ABSENT_RULES } from "../lib/absent-mark";

/** `{nationalId}`: digits normalised (Arabic-Indic, Persian), invisible marks and spaces dropped; 1-20 letters/digits. */
export const nationalIdParamSchema = z.object({
  nationalId: z
    .string()
    .transform(normalizeNationalId)
    .pipe(
      z
        .string()
        .min(1, reason("NATIONAL_ID_REQUIRED"))
        .max(20, reason("NATIONAL_ID_INVALID"))
        .regex(/^[A-Za-z0-9]+$/, reason("NATIONAL_ID_INVALID")),
    ),
});

/**
 * One published academic year + semester of a student: marks with up to 2 decimals (null and `absent` for a subject
 * the student missed), subjects in form order, and the school's rule for absent subjects in the total.
 */
export const publicResultJsonSchema = z.object({
  full_name: z.string(),
  grade: z.string().describe("The grade the result is filed under"),
  academic_year_name: z.string(),
  semester: z.enum(SEMESTERS),
  subjects: z.array(
    z.object({
      subject_name: z.string(),
      score: z.number().nullable().describe("null when absent"),
      max_score: z.number(),
      absent: z.boolean().describe("The student was absent from the subject's exam (shown as Absent)"),
    }),
  ),
  absent_rule: z
    .enum(ABSENT_RULES)
    .describe("excluded: absent subjects are left out of the total and the percentage; zero: counted as 0"),
});
export type PublicResultJson = z.output<typeof publicResultJsonSchema>;

/** `GET /api/student/results/{nationalId}`: the published terms, newest year first, S2 before S1. */
export const publicResultsSchema = z.object({ success: z.literal(true), data: z.array(publicResultJsonSchema) });
