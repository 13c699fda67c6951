/**
 * Fee plans, instalments, discounts and school settings (docs/product.md#fee-plans): request bodies shared with the
 * console's forms and the answers the routes are type-checked against. Imports only zod and dependency-free modules.
 * Amounts are EGP numbers (or typed text, Arabic-Indic digits accepted) with at most 2 decimals; due dates are school
 * days "YYYY-MM-DD" (Africa/Cairo).
 */
import { z } from "zod";
import { GRADES } from "../lib/school-grades";
import { academicYearBounds, isIsoDate } from "../lib/fee-schedule";
import { plainText } from "./text-field";
import { reason } from "../reasons";
import { toGrade } from "./list-params";
import { egpAmount } from "./fees";
import { ROW_ACTIONS, rowErrorSchema, rowSummarySchema } from "./row-outcome";
import { egpToPiastres } from "../money";
import { ABSENT_RULES, DEFAULT_ABSENT_RULE } from "../lib/absent-mark";

/** At most this many lines per plan and instalments per line (monthly collection is 12). */
export const MAX_PLAN_LINES = 10;
export const MAX_LINE_INSTALMENTS = 12;
/** At most this many instalments in a student's own schedule, all lines together. */
export const MAX_CUSTOM_INSTALMENTS = 24;

const dueDate = z.string({ error: reason("DUE_DATE_INVALID") }).refine(isIsoDate, reason("DUE_DATE_INVALID"));

const instalmentInput = z.object({
  no: z.coerce.number({ error: reason("PLAN_INSTALMENT_ORDER") }).int(reason("PLAN_INSTALMENT_ORDER")),
  due_date: dueDate,
  amount: egpAmount("amount"),
});

/** A fee line's name ("Tuition", "Bus"), up to 60 characters. */
const lineName = plainText({ error: reason("REQUIRED", { field: "line_name" }) })
  .trim()
  .min(1, reason("REQUIRED", { field: "line_name" }))
  .max(60, reason("TOO_LONG", { field: "line_name", max: 60 }));

/** A line's English name, printed on English documents (docs/product.md#fee-plans); empty or absent: the Arabic one. */
const lineNameEn = plainText()
  .trim()
  .max(60, reason("TOO_LONG", { field: "line_name", max: 60 }))
  .optional()
  .transform((v) => v || null);

const lineInput = z.object({
  /** The line's Arabic name (printed on Arabic documents, and on English ones when `name_en` is empty). */
  name: lineName,
  name_en: lineNameEn,
  /** Optional: when given, the instalments must add up to it exactly (in piastres). */
  total: egpAmount("line_total").optional(),
  instalments: z
    .array(instalmentInput, { error: reason("PLAN_INSTALMENTS_REQUIRED", { max: MAX_LINE_INSTALMENTS }) })
    .min(1, reason("PLAN_INSTALMENTS_REQUIRED", { max: MAX_LINE_INSTALMENTS }))
    .max(MAX_LINE_INSTALMENTS, reason("PLAN_INSTALMENTS_REQUIRED", { max: MAX_LINE_INSTALMENTS })),
});

/**
 * `POST/PUT /api/admin/fee-plans` body. Checks, with the path of the field at fault: the year's form; line names
 * unique; instalments numbered 1…n with non-decreasing due dates; each due date inside the academic year
 * (1 September - 31 August); a line's instalments adding up exactly, in piastres, to its `total` when one is given.
 */
export const feePlanInputSchema = z
  .object({
    academic_year_name: z
      .string({ error: reason("PLAN_YEAR_INVALID") })
      .trim()
      .refine((v) => academicYearBounds(v) !== null, reason("PLAN_YEAR_INVALID")),
    grade: z.preprocess(
      (v) => (typeof v === "string" ? (toGrade(v) ?? v) : v),
      z.enum(GRADES, {
        error: (iss) =>
          iss.input === undefined || iss.input === "" ? reason("GRADE_REQUIRED") : reason("GRADE_UNKNOWN"),
      }),
    ),
    lines: z
      .array(lineInput, { error: reason("PLAN_LINES_REQUIRED") })
      .min(1, reason("PLAN_LINES_REQUIRED"))
      .max(MAX_PLAN_LINES, reason("PLAN_LINES_TOO_MANY", { max: MAX_PLAN_LINES })),
  })
  .superRefine((plan, ctx) => {
    const bounds = academicYearBounds(plan.academic_year_name);
    const seen = new Set<string>();
    plan.lines.forEach((line, li) => {
      const key = line.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["lines", li, "name"],
          message: reason("PLAN_LINE_REPEATED", { line: line.name.replace(/[|=]/g, " ") }),
        });
      seen.add(key);
      line.instalments.forEach((inst, ii) => {
        const prev = line.instalments[ii - 1];
        if (inst.no !== ii + 1 || (prev && inst.due_date < prev.due_date)) {
          ctx.addIssue({
            code: "custom",
            path: ["lines", li, "instalments", ii, "no"],
            message: reason("PLAN_INSTALMENT_ORDER"),
          });
        }
        if (bounds && (inst.due_date < bounds.start || inst.due_date > bounds.end)) {
          ctx.addIssue({
            code: "custom",
            path: ["lines", li, "instalments", ii, "due_date"],
            message: reason("DUE_DATE_OUTSIDE_YEAR", { start: bounds.start, end: bounds.end }),
          });
        }
      });
      if (line.total !== undefined) {
        const sum = line.instalments.reduce((s, i) => s + egpToPiastres(i.amount), 0);
        if (sum !== egpToPiastres(line.total)) {
          ctx.addIssue({
            code: "custom",
            path: ["lines", li, "total"],
            message: reason("PLAN_SUM_MISMATCH", {
              line: line.name.replace(/[|=]/g, " "),
              sum: (sum / 100).toFixed(2),
              total: line.total.toFixed(2),
            }),
          });
        }
      }
    });
  });
export type FeePlanInput = z.output<typeof feePlanInputSchema>;
/** The plan as a form sends it, before parsing: EGP amounts as typed (Arabic-Indic digits accepted). */
export type FeePlanBodyInput = z.input<typeof feePlanInputSchema>;

const instalmentJson = z.object({
  no: z.number().int(),
  due_date: z.string().describe("YYYY-MM-DD, school day"),
  amount: z.number().describe("EGP"),
});

/** A plan as the API returns it; `total` and each line's `total` in EGP. */
export const feePlanJsonSchema = z.object({
  id: z.number().int(),
  academic_year_name: z.string(),
  grade: z.string(),
  total: z.number().describe("EGP: the sum of every instalment"),
  lines: z.array(
    z.object({
      name: z.string().describe("Arabic name"),
      name_en: z.string().nullable().describe("English name; null: the Arabic name serves both"),
      total: z.number().describe("EGP"),
      instalments: z.array(instalmentJson),
    }),
  ),
  applied_count: z.number().int().describe("Fee records carrying this plan's schedule"),
  updated_at: z.string(),
});
export type FeePlanJson = z.output<typeof feePlanJsonSchema>;

/** `GET /api/admin/fee-plans?academic_year_name=&grade=` query. */
export const listFeePlansQuerySchema = z.object({
  academic_year_name: z.string().max(9).optional(),
  grade: z.string().max(20).optional(),
});

/**
 * The dry-run answer shape shared with bulk import (docs/product.md#bulk-import): one row per active student of the
 * grade (`row` 1-based in name order, `key` the student number), with the figures before and after for the preview.
 */
export const applyRowSchema = z.object({
  row: z.number().int(),
  action: z.enum(ROW_ACTIONS),
  key: z.string(),
  full_name: z.string(),
  total_before: z.number().nullable().describe("EGP; null when the student had no fee record"),
  total_after: z.number().describe("EGP, after the student's discount"),
  paid: z.number().describe("EGP, kept and allocated oldest instalment first"),
  note: z.enum(["custom_schedule"]).optional().describe("Why a record is left unchanged"),
  errors: z.array(rowErrorSchema),
});
export const applyResultSchema = z.object({
  dry_run: z.boolean(),
  summary: rowSummarySchema,
  rows: z.array(applyRowSchema),
});
export type ApplyRow = z.output<typeof applyRowSchema>;
export type ApplyResult = z.output<typeof applyResultSchema>;

/**
 * `PUT /api/fees/{student_no}/schedule` body: a student's own schedule (docs/product.md#fee-plans), instalments
 * `{line, due_date, amount}` in any order (numbered per line by due date); amounts are what the family owes (no
 * discount is applied on top). Applying a plan leaves such a record alone until the schedule is removed (DELETE).
 */
export const customScheduleSchema = z.object({
  instalments: z
    .array(
      z.object({
        line: lineName,
        line_en: lineNameEn,
        due_date: dueDate,
        amount: egpAmount("amount"),
      }),
      { error: reason("PLAN_INSTALMENTS_REQUIRED", { max: MAX_CUSTOM_INSTALMENTS }) },
    )
    .min(1, reason("PLAN_INSTALMENTS_REQUIRED", { max: MAX_CUSTOM_INSTALMENTS }))
    .max(MAX_CUSTOM_INSTALMENTS, reason("PLAN_INSTALMENTS_REQUIRED", { max: MAX_CUSTOM_INSTALMENTS })),
});
export type CustomScheduleInput = z.output<typeof customScheduleSchema>;

/** `PUT /api/fees/{student_no}/discount` body: an amount (EGP) or a percent (0-100, 2 decimals), with a reason; 0 clears it. */
export const discountInputSchema = z
  .object({
    kind: z.enum(["amount", "percent"], { error: reason("DISCOUNT_KIND_INVALID") }),
    value: egpAmount("discount"),
    reason: plainText()
      .trim()
      .max(200, reason("TOO_LONG", { field: "discount_reason", max: 200 }))
      .optional()
      .default(""),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && v.value > 100)
      ctx.addIssue({ code: "custom", path: ["value"], message: reason("NUMBER_MAX", { field: "discount", max: 100 }) });
    if (v.value > 0 && !v.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: reason("DISCOUNT_REASON_REQUIRED") });
  });
export type DiscountInput = z.output<typeof discountInputSchema>;

/**
 * School settings (docs/product.md#fee-plans, #results): each key with its allowed values and default. The absent
 * rule (`excluded` or `zero`) decides whether an absent subject counts in a result's total (worker/lib/absent-mark.ts).
 */
export const RESULTS_FEE_RULES = ["fully_paid", "no_overdue"] as const;
export type ResultsFeeRule = (typeof RESULTS_FEE_RULES)[number];
export const settingsJsonSchema = z.object({
  results_fee_rule: z.enum(RESULTS_FEE_RULES),
  results_absent_rule: z.enum(ABSENT_RULES),
});
export type SchoolSettings = z.output<typeof settingsJsonSchema>;
export const DEFAULT_SETTINGS: SchoolSettings = {
  results_fee_rule: "fully_paid",
  results_absent_rule: DEFAULT_ABSENT_RULE,
};
/** `PUT /api/admin/settings` body: any subset of the settings. */
export const settingsInputSchema = z.object({
  results_fee_rule: z
    .enum(RESULTS_FEE_RULES, {
      error: reason("SETTING_VALUE_INVALID", { field: "results_fee_rule", values: RESULTS_FEE_RULES.join(" or ") }),
    })
    .optional(),
  results_absent_rule: z
    .enum(ABSENT_RULES, {
      error: reason("SETTING_VALUE_INVALID", { field: "results_absent_rule", values: ABSENT_RULES.join(" or ") }),
    })
    .optional()
    .describe("excluded (default): an absent subject is left out of the total and the percentage; zero: counted as 0"),
});
