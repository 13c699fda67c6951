/**
 * The Reports charts' request and answer schemas (docs/product.md#reports). Money in EGP, shares in percent with up
 * to 2 decimals, days "YYYY-MM-DD" (Cairo). Imports only zod and dependency-free modules, so the console shares them.
 */
import { z } from "zod";
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from "../../db/schema/enums";
import { OVERDUE_AGES, PAYMENT_SOURCES } from "../lib/report-buckets";
import { academicYearNameSchema } from "./academic-years";
import { DEFAULT_PASS_MARK_PERCENT } from "./rollover";

export { PAYMENT_SOURCES };

/** `?academic_year=`: the year the charts follow (default the current one). */
export const reportQuerySchema = z.object({
  academic_year: academicYearNameSchema.optional().describe("The year the chart follows; default the current year"),
});

/** The results charts also take the pass mark (percent of each subject's max; default the rollover's, 50). */
export const resultsReportQuerySchema = reportQuerySchema.extend({
  pass_mark: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(DEFAULT_PASS_MARK_PERCENT)
    .describe("Pass mark, percent of a subject's max (1-100, default 50)"),
});

export const reportYearSchema = z
  .object({
    name: z.string(),
    previous: z.string().describe("The year before, whose figures are compared"),
    start_date: z.string(),
    end_date: z.string(),
    term1_start: z.string(),
    term2_start: z.string(),
  })
  .describe("The year the chart follows");

const egp = z.number().describe("EGP");
const byKeys = <K extends string, V extends z.ZodType>(keys: readonly K[], value: V) =>
  z.object(Object.fromEntries(keys.map((k) => [k, value])) as Record<K, V>);

export const collectionReportSchema = z.object({
  year: reportYearSchema,
  months: z.array(
    z.object({
      month: z.string().describe('"YYYY-MM" of the chosen year; last year\'s figures are of the month a year earlier'),
      this_year: egp,
      this_year_cumulative: egp.nullable().describe("null after the current month"),
      this_year_percent: z.number().nullable().describe("Cumulative share of what the year's accounts owe"),
      last_year: egp,
      last_year_cumulative: egp,
      last_year_percent: z.number(),
    }),
  ),
  this_year_due: egp,
  last_year_due: egp,
  this_year_collected: egp,
  last_year_collected: egp,
});

export const overdueReportSchema = z.object({
  year: reportYearSchema,
  today: z.string().describe("The school day the ages are counted from"),
  grades: z.array(
    z.object({
      grade: z.string(),
      amounts: byKeys(OVERDUE_AGES, egp),
      overdue_students: z.number().int(),
      overdue_total: egp,
    }),
  ),
  totals: byKeys(OVERDUE_AGES, egp),
  overdue_total: egp,
  overdue_students: z.number().int(),
});

export const sourcesReportSchema = z.object({
  year: reportYearSchema,
  weeks: z.array(
    z.object({
      week: z.string().describe("The week's first day"),
      amounts: byKeys(PAYMENT_SOURCES, egp),
      count: z.number().int(),
    }),
  ),
  totals: byKeys(PAYMENT_SOURCES, egp),
  credits: z.object({ amount: egp, count: z.number().int() }).describe("Online credits awaiting refund"),
});

const term = z.enum(["S1", "S2"]);

export const resultsReportSchema = z.object({
  year: reportYearSchema,
  pass_mark: z.number().int(),
  subjects: z.array(
    z.object({
      semester: term,
      subject: z.string(),
      bins: z.array(z.number().int()).describe("Present marks per 10 % of the max; 100 % in the last bin"),
      present: z.number().int(),
      absent: z.number().int(),
      below_pass: z.number().int(),
    }),
  ),
  grades: z.array(
    z.object({
      semester: term,
      grade: z.string(),
      students: z.number().int(),
      passed: z.number().int(),
      rate: z.number().nullable(),
      absent_marks: z.number().int(),
      previous_rate: z.number().nullable(),
      change: z.number().nullable().describe("Percentage points against the term before"),
    }),
  ),
});

export const messagesReportSchema = z.object({
  year: reportYearSchema,
  days: z.array(
    z.object({
      day: z.string(),
      channel: z.enum(MESSAGE_CHANNELS),
      counts: byKeys(MESSAGE_STATUSES, z.number().int()),
    }),
  ),
  totals: byKeys(MESSAGE_CHANNELS, byKeys(MESSAGE_STATUSES, z.number().int())),
});

export type CollectionReportJson = z.infer<typeof collectionReportSchema>;
export type OverdueReportJson = z.infer<typeof overdueReportSchema>;
export type SourcesReportJson = z.infer<typeof sourcesReportSchema>;
export type ResultsReportJson = z.infer<typeof resultsReportSchema>;
export type MessagesReportJson = z.infer<typeof messagesReportSchema>;
