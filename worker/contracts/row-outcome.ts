/**
 * What a dry run says about each row, shared by the bulk import and applying a fee plan (docs/product.md#bulk-import,
 * #fee-plans): the action per row, the refused fields with their reasons, and the summary the console shows.
 * Imports only zod and the reasons catalogue.
 */
import { z } from "zod";
import { englishOf, type Reason, type ReasonParams } from "../reasons";

export const ROW_ACTIONS = ["create", "update", "unchanged", "error"] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];

/** One refused field of a row: `code` is the reason (worker/reasons.ts), `message` its English text. */
export const rowErrorSchema = z.object({
  field: z.string().describe('The API field (e.g. student_no, subject_scores.2.score), or "" for the whole row'),
  code: z.string().describe("The reason (worker/reasons.ts)"),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type RowError = z.output<typeof rowErrorSchema>;

export const rowSummarySchema = z.object({
  total: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
});
export type RowSummary = z.output<typeof rowSummarySchema>;

/** The summary of `rows`: how many of each action. */
export function summarizeRows(rows: ReadonlyArray<{ action: RowAction }>): RowSummary {
  const summary = { total: rows.length, create: 0, update: 0, unchanged: 0, errors: 0 };
  for (const r of rows) summary[r.action === "error" ? "errors" : r.action] += 1;
  return summary;
}

/** A row error of `reason` on `field`, with its English text. */
export function rowError(field: string, reason: Reason, params?: ReasonParams): RowError {
  return { field, code: reason, message: englishOf(reason, params), ...(params ? { params } : {}) };
}
