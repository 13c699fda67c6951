/**
 * The year-end rollover's request and answer schemas (docs/product.md#the-year-end-rollover): a dry run, the apply,
 * its progress and its undo. Imports only zod and dependency-free modules, so the console's wizard shares them.
 */
import { z } from "zod";
import { reason } from "../reasons";
import { academicYearNameSchema } from "./academic-years";
import { BUILDINGS, studentNoSchema } from "./list-params";
import { plainText } from "./text-field";

export const ROLLOVER_OUTCOMES = ["promoted", "retained", "graduated", "left"] as const;
/** The outcomes the office can set by hand (graduating is the ladder's: Prep-3 promoted). */
export const EXCEPTION_OUTCOMES = ["promoted", "retained", "left"] as const;
export const DECISION_SOURCES = ["default", "rule", "exception", "inactive", "prior"] as const;
/** Pass mark of the retention rule when none is given: the percent below which a subject is failed (public F). */
export const DEFAULT_PASS_MARK_PERCENT = 50;
/** At most this many exceptions in one request (a whole school's). */
export const MAX_EXCEPTIONS = 25_000;

export const rolloverExceptionSchema = z.object({
  student_no: studentNoSchema,
  outcome: z.enum(EXCEPTION_OUTCOMES, { error: reason("UNKNOWN_VALUE", { field: "status" }) }),
  building: z.coerce
    .number()
    .int()
    .refine((b) => (BUILDINGS as readonly number[]).includes(b), reason("BUILDING_RANGE"))
    .optional(),
  section: plainText()
    .trim()
    .max(20, reason("TOO_LONG", { field: "remarks", max: 20 }))
    .transform((v) => v || null)
    .nullable()
    .optional(),
});
export type RolloverExceptionInput = z.infer<typeof rolloverExceptionSchema>;

export const retentionRuleSchema = z.object({
  pass_mark_percent: z.coerce.number().int().min(1).max(100).default(DEFAULT_PASS_MARK_PERCENT),
  max_failed: z.coerce.number().int().min(0).max(30),
});

/**
 * `POST /api/admin/rollover/dry-run` and `/apply` body: the year to close (default: the current one) and the next
 * year (default: the one after it).
 */
export const rolloverRequestSchema = z.object({
  from_year: academicYearNameSchema.optional(),
  to_year: academicYearNameSchema.optional(),
  rule: retentionRuleSchema.nullable().optional(),
  exceptions: z.array(rolloverExceptionSchema).max(MAX_EXCEPTIONS).default([]),
});
export type RolloverRequest = z.infer<typeof rolloverRequestSchema>;

const countsSchema = z.object({
  promoted: z.number().int(),
  retained: z.number().int(),
  graduated: z.number().int(),
  left: z.number().int(),
  total: z.number().int(),
});

const studentDecisionSchema = z.object({
  student_id: z.number().int(),
  student_no: z.string(),
  full_name: z.string(),
  grade: z.string(),
  building: z.number().int(),
  section: z.string().nullable(),
  outcome: z.enum(ROLLOVER_OUTCOMES),
  source: z.enum(DECISION_SOURCES),
  next_grade: z.string().nullable(),
  next_building: z.number().int().nullable(),
  next_section: z.string().nullable(),
  s2_subjects: z.number().int().nullable().describe("Subjects of the S2 result (null: no S2 result)"),
  s2_failed: z.number().int().nullable().describe("Subjects below the pass mark, absent ones included"),
});
export type StudentDecision = z.infer<typeof studentDecisionSchema>;

export const rolloverRunSchema = z.object({
  id: z.number().int(),
  from_year: z.string(),
  to_year: z.string(),
  state: z.enum(["running", "applied", "undone"]),
  created_year: z.boolean(),
  total: z.number().int(),
  done: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  undone_at: z.string().nullable(),
  by: z.string(),
  counts: countsSchema,
  undoable: z.boolean().describe("False once a payment or a result is written in the new year"),
});
export type RolloverRunJson = z.infer<typeof rolloverRunSchema>;

/** The dry run: per closing grade its counts and students; grades with no fee plan next year; unknown exceptions. */
export const rolloverPreviewSchema = z.object({
  from_year: z.string(),
  to_year: z.string(),
  to_year_exists: z.boolean(),
  totals: countsSchema,
  grades: z.array(
    z.object({
      grade: z.string(),
      next_grade: z.string().nullable(),
      counts: countsSchema,
      students: z.array(studentDecisionSchema),
    }),
  ),
  missing_plans: z.array(z.string()).describe("Next grades with no fee plan in the next year: their accounts are 0"),
  unknown_exceptions: z.array(z.string()).describe("Exceptions' student numbers not in the closing year"),
  run: rolloverRunSchema.nullable().describe("This year's running or applied rollover, if any"),
});
export type RolloverPreview = z.infer<typeof rolloverPreviewSchema>;

export const rolloverStatusSchema = z.object({
  current_year: z.string().nullable().describe("The closing year: from_year, or by default the current one"),
  next_year: z.string().nullable(),
  run: rolloverRunSchema.nullable(),
  closable_years: z
    .array(z.string())
    .describe("Years a rollover can close, newest first: each year whose following year is not closed"),
});
export type RolloverStatus = z.infer<typeof rolloverStatusSchema>;

export const rolloverStatusQuerySchema = z.object({ from_year: academicYearNameSchema.optional() });
export const rolloverUndoSchema = z.object({ run_id: z.coerce.number().int().positive() });
