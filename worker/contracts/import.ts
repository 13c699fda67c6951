/**
 * Bulk import request and answer schemas (docs/product.md#bulk-import). Each kind's rows pass the very schema of the
 * single-record create endpoint (students, fees, results, teachers), so an imported row and a typed one obey the
 * same rules; the only additions are what a sheet needs: a fee row without a paid amount paid 0, the academic year
 * of a fee, student (enrolment) or results row from its own column, else the dialog's choice (`options`), else the
 * current year, a results row's semester likewise, and a teacher row's optional `teacher_code` to match on.
 * Imports only zod and dependency-free modules (shared with the console).
 */
import { z } from "zod";
import { createFeeSchema } from "./fees";
import { resultBodySchema } from "./results";
import { teacherCreateSchema } from "./selection-admin";
import { createStudentSchema, type CreateStudentInput } from "./students";
import { checkGuardianCells, guardianColumnsShape, guardiansFromCells } from "./guardian-columns";
import { SEMESTERS } from "./results";
import { academicYearNameSchema } from "./academic-years";
import { reason } from "../reasons";
import { normalizeNationalId } from "../lib/normalize";
import { ROW_ACTIONS, rowErrorSchema, rowSummarySchema } from "./row-outcome";

export type { RowError as ImportRowError } from "./row-outcome";

export const IMPORT_KINDS = ["students", "fees", "results", "teachers"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The kinds whose rows belong to an academic year (`academic_year_name`): fee accounts, enrolments, results. */
export const YEAR_KINDS: readonly ImportKind[] = ["students", "fees", "results"];

/** Most rows in one import request (more → 413 IMPORT_TOO_MANY_ROWS). */
export const MAX_IMPORT_ROWS = 5_000;

/**
 * Body limit of the import routes, bytes: 5,000 of the widest rows a sheet produces with room to spare. The widest is
 * a results row with all 14 subjects, marks and totals (≈ 1.1 KB as JSON); a student row at every field's full
 * length in Arabic is ≈ 0.9 KB. 2 KiB a row → 10 MiB; every other route keeps 1 MB (docs/product.md#limits).
 */
export const IMPORT_MAX_BODY_BYTES = MAX_IMPORT_ROWS * 2 * 1024;

/** A cell that was left empty or missing: "not given". */
export const isBlank = (x: unknown): boolean => x === "" || x === null || x === undefined;

/**
 * An academic-year cell as a person types it: invisible marks dropped, Arabic-Indic digits as ASCII, "2026/2027" or
 * "2026–2027" as "2026-2027"; anything else is left for the schema to refuse (ACADEMIC_YEAR_INVALID).
 */
export function yearCell(v: unknown): unknown {
  if (typeof v !== "string") return v;
  return normalizeNationalId(v).replace(/^(\d{4})\s*[/\\\u2013\u2014_-]\s*(\d{4})$/, "$1-$2");
}

/** Missing or empty cells are "not given": the create schema's default (if any) applies. */
const withoutBlanks = (v: unknown) =>
  v && typeof v === "object" && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter(([, x]) => !isBlank(x)))
    : v;

/** One row of each kind: the create endpoint's schema (not a copy) after blank cells are dropped. */
export const importRowSchemas = {
  // Students also take a sheet's guardian columns (guardian_1_phone …), read into `guardians`.
  students: z.preprocess(
    withoutBlanks,
    createStudentSchema
      .extend(guardianColumnsShape)
      // The year of the row's enrolment (grade, building, section); the current year when none is named.
      .extend({ academic_year_name: academicYearNameSchema.optional() })
      .superRefine(checkGuardianCells)
      .transform((row): CreateStudentInput & { academic_year_name?: string } => {
        const { rest, guardians } = guardiansFromCells(row);
        return { ...(rest as CreateStudentInput), ...(guardians ? { guardians } : {}) };
      }),
  ),
  fees: z.preprocess((v) => ({ paid_amount: 0, ...(withoutBlanks(v) as object) }), createFeeSchema),
  results: z.preprocess(withoutBlanks, resultBodySchema),
  teachers: z.preprocess(
    withoutBlanks,
    teacherCreateSchema.extend({
      teacher_code: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9][A-Z0-9-]{0,19}$/, reason("UNKNOWN_VALUE", { field: "teacher_code" }))
        .optional(),
    }),
  ),
} as const;

export type ImportRow<K extends ImportKind> = z.output<(typeof importRowSchemas)[K]>;

export const importKindParamSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: reason("IMPORT_KIND_UNKNOWN") }).describe("students, fees, results or teachers"),
});

export const importQuerySchema = z.object({
  dry_run: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true")
    .describe("1: validate and preview only, nothing is written"),
});

/** `{rows, options?}`. Rows are checked one by one by the kind's schema (errors per row, never a 400 for the body). */
export const importBodySchema = z.object({
  rows: z
    .array(z.record(z.string(), z.unknown()))
    .describe(`At most ${MAX_IMPORT_ROWS} rows with the create body's fields`),
  options: z
    .object({
      academic_year_name: academicYearNameSchema
        .optional()
        .describe(
          'Students (their enrolment), fees and results: the year ("YYYY-YYYY", an existing year) of rows that name none; default the current year',
        ),
      semester: z.enum(SEMESTERS).optional().describe("Results: the semester of rows that name none"),
    })
    .optional(),
});
export type ImportBody = z.output<typeof importBodySchema>;

export const importRowResultSchema = z.object({
  row: z.number().int().describe("1-based data row of the sheet (the row under the headers is 1)"),
  action: z.enum(ROW_ACTIONS),
  key: z
    .string()
    .describe("What the row is matched on: the student's ID, ID/year/semester, the teacher's code or name"),
  errors: z.array(rowErrorSchema),
  grade: z
    .string()
    .optional()
    .describe("The grade the row's grade cell was read as (KG-1 … Private), when it has one and it was read"),
});
export type ImportRowResult = z.output<typeof importRowResultSchema>;

/** The answer of a dry run and of a commit (also the body of a commit refused for row errors, with the error shape). */
export const importAnswerSchema = z.object({
  dry_run: z.boolean(),
  summary: rowSummarySchema,
  rows: z.array(importRowResultSchema),
  request_id: z.string().optional().describe("Commit: the request id its audit rows carry"),
});
export type ImportAnswer = z.output<typeof importAnswerSchema>;
