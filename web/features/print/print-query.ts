/**
 * The query values of the print routes (docs/product.md#printing), checked with the API's own schemas so a print
 * link accepts exactly what the results list accepts; a refusal is the ApiError of the schema's reason.
 */
import type { z } from "zod";
import { resultIdParamSchema, resultListQuerySchema, type Semester } from "@worker/contracts/results";
import { ApiError } from "@worker/errors";
import type { Grade } from "@worker/lib/school-grades";
import { normalizeNationalId } from "@worker/lib/normalize";
import { receiptWidthOf, type ReceiptWidth } from "./admin/print-links";
import { invalidInput } from "@worker/validate";

function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const out = schema.safeParse(input);
  if (out.success) return out.data;
  throw invalidInput(out.error);
}

/** `?grade=&academic_year_name=&semester=&include_drafts=1` of the batch; year and semester are required. */
export function batchQuery(url: URL): {
  grade?: Grade;
  academicYear: string;
  semester: Semester;
  includeDrafts: boolean;
} {
  const q = parsed(resultListQuerySchema, {
    grade: url.searchParams.get("grade") ?? undefined,
    academic_year_name: url.searchParams.get("academic_year_name") ?? undefined,
    semester: url.searchParams.get("semester") ?? undefined,
  });
  if (!q.academic_year_name || !q.semester) throw new ApiError("PRINT_TERM_REQUIRED");
  return {
    grade: q.grade as Grade | undefined,
    academicYear: q.academic_year_name,
    semester: q.semester as Semester,
    includeDrafts: url.searchParams.get("include_drafts") === "1",
  };
}

/** The `:resultId` of one report card. */
export const resultIdOf = (id: string | undefined): number => parsed(resultIdParamSchema, { id }).id;

/** A receipt number or student ID from the path, normalised like every typed ID (digits, marks, case). */
export const pathId = (value: string | undefined): string => normalizeNationalId(value ?? "").toUpperCase();

/** Receipt paper: `?width=80mm` for a thermal roll, A5 otherwise. */
export const receiptPaperOf = (url: URL): ReceiptWidth => receiptWidthOf(url.searchParams.get("width"));
