/**
 * The per-grade result form (docs/product.md#per-grade-demo): student name, student ID, subject, exam type, marks
 * (≥ 0), total marks (≥ 0.01) and date are required; marks may not exceed the total. Marks take up to 2 decimals
 * like the real results, read by the shared number field (Arabic-Indic digits, "٫"). Client-only (no API); its
 * messages are the API's reasons (worker/reasons.ts), shown in the admin's language by web/lib/reason-text.ts.
 */
import { z } from "zod";
import { numberField } from "@worker/contracts/number-field";
import { MAX_MAX_SCORE, MIN_MAX_SCORE } from "@worker/contracts/results";
import { normalizeNationalId } from "@worker/lib/normalize";
import { RESULT_SUBJECTS } from "@worker/lib/subjects";
import { reason } from "@worker/reasons";
import { EXAM_TYPES } from "./sample-data";

export const demoResultSchema = z
  .object({
    student: z
      .string()
      .trim()
      .min(1, reason("REQUIRED", { field: "student_name" }))
      .max(100, reason("TOO_LONG", { field: "student_name", max: 100 })),
    studentId: z
      .string()
      .overwrite((v) => normalizeNationalId(v))
      .min(1, reason("REQUIRED", { field: "student_id" }))
      .max(30, reason("TOO_LONG", { field: "student_id", max: 30 })),
    subject: z.enum(RESULT_SUBJECTS, { error: reason("RESULT_SUBJECT_REQUIRED") }),
    examType: z.enum(EXAM_TYPES, { error: reason("REQUIRED", { field: "exam_type" }) }),
    marks: numberField("marks", {
      decimals: 2,
      min: 0,
      max: MAX_MAX_SCORE,
      messages: { required: reason("MARKS_REQUIRED") },
    }),
    totalMarks: numberField("total", {
      decimals: 2,
      min: MIN_MAX_SCORE,
      max: MAX_MAX_SCORE,
      messages: { required: reason("TOTAL_REQUIRED") },
    }),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, reason("REQUIRED", { field: "exam_date" })),
  })
  .refine((v) => v.marks <= v.totalMarks, { path: ["marks"], message: reason("MARKS_ABOVE_TOTAL") });

/** What the inputs hold (all text; "" = empty). */
export interface DemoResultFields {
  student: string;
  studentId: string;
  subject: string;
  examType: string;
  marks: string;
  totalMarks: string;
  date: string;
}

/** The parsed form values. */
export type DemoResultValues = z.output<typeof demoResultSchema>;
