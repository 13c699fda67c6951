/**
 * The per-grade result form (spec §3 "Result (per-grade demo, client-only)", §5 "Per-grade result form"): student
 * name, student ID, subject, exam type, marks (≥ 0), total marks (≥ 0.01) and date are required; marks may not
 * exceed the total. Marks take up to 2 decimals like the real results (docs/product.md#per-grade-demo), read by the
 * shared number field (Arabic-Indic digits, "٫"). Client-only (no API).
 */
import { z } from "zod";
import { numberField } from "@worker/api/number-field";
import { MAX_MAX_SCORE, MIN_MAX_SCORE } from "@worker/api/results.schema";
import { normalizeNationalId } from "@worker/lib/normalize";
import { RESULT_SUBJECTS } from "@worker/lib/subjects";
import { EXAM_TYPES } from "./sample-data";

/** Validation texts (English); the form shows them through `gradeDemo.results.errors.<key>`. */
export const DEMO_RESULT_MESSAGES = {
  studentRequired: "Student name is required",
  studentIdRequired: "Student ID is required",
  subjectRequired: "Subject is required",
  examTypeRequired: "Exam type is required",
  marksRequired: "Marks are required",
  marksMax: "Marks cannot exceed the total marks",
  totalRequired: "Total marks are required",
  dateRequired: "Date is required",
  tooLong: "Too long",
} as const;
const M = DEMO_RESULT_MESSAGES;

/** The `gradeDemo.results.errors.*` key of a validation text, if it is one of ours. */
export function demoResultMessageKey(message: string | undefined): string | undefined {
  return (Object.keys(M) as (keyof typeof M)[]).find((k) => M[k] === message);
}

export const demoResultSchema = z
  .object({
    student: z.string().trim().min(1, M.studentRequired).max(100, M.tooLong),
    studentId: z
      .string()
      .overwrite((v) => normalizeNationalId(v))
      .min(1, M.studentIdRequired)
      .max(30, M.tooLong),
    subject: z.enum(RESULT_SUBJECTS, { error: M.subjectRequired }),
    examType: z.enum(EXAM_TYPES, { error: M.examTypeRequired }),
    marks: numberField("Marks", { decimals: 2, min: 0, max: MAX_MAX_SCORE, messages: { required: M.marksRequired } }),
    totalMarks: numberField("Total", { decimals: 2, min: MIN_MAX_SCORE, max: MAX_MAX_SCORE, messages: { required: M.totalRequired } }),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, M.dateRequired),
  })
  .refine((v) => v.marks <= v.totalMarks, { path: ["marks"], message: M.marksMax });

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
