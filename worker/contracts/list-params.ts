/**
 * The fields and query parameters the API's lists and many request bodies share (docs/product.md#students,
 * #limits): student numbers, grades and buildings, list filters, search, paging, sorting and the pagination answer.
 * Apart from the students' own contract so that a page's contract needs no guardian, and the browser no phone
 * metadata, to page a list (docs/decisions/0051).
 */
import { z } from "zod";
import { parseGrade } from "../lib/grade-labels";
import type { Grade } from "../lib/school-grades";
import { foldSearchText, normalizeNationalId } from "../lib/normalize";
import { parseTypedNumber } from "../lib/typed-number";
import { reason, type Field } from "../reasons";

/** Student buildings 1-6 (docs/product.md#limits). */
export const BUILDINGS = [1, 2, 3, 4, 5, 6] as const;

/**
 * The grade a text names: the list's names in any case ("prep-3" → "Prep-3") and every label the product writes
 * ("الصف الثالث الإعدادي"; docs/product.md#accepted-grade-labels); undefined when unknown.
 */
export const toGrade = (value: string): Grade | undefined => parseGrade(value);

/** A list's grade filter: "", "All" and "الكل" mean none; else any grade label (parseGrade), or UNKNOWN_VALUE. */
export const gradeFilter = () =>
  z
    .string()
    .trim()
    .refine((v) => isNoGrade(v) || parseGrade(v) !== undefined, reason("UNKNOWN_VALUE", { field: "grade" }))
    .transform((v) => (isNoGrade(v) ? undefined : parseGrade(v)))
    .optional();

/** "", "All" or "الكل": no grade filter. */
const isNoGrade = (v: string) => v === "" || v.toLowerCase() === "all" || v === "الكل";

/**
 * Whether a normalised `student_no` is acceptable: an Egyptian national ID (exactly 14 digits), or a passport
 * number for foreign students (5-20 letters/digits; when made of digits only, at most 10, so that a national ID
 * with a digit missing or added is refused instead of being taken for a passport).
 */
export function isValidStudentNo(v: string): boolean {
  if (/^\d+$/.test(v)) return v.length === 14 || (v.length >= 5 && v.length <= 10);
  return /^[A-Z0-9]{5,20}$/.test(v);
}

const str = (v: unknown) => (typeof v === "string" ? v : v == null ? v : String(v));

/** `student_no`: trimmed, digits normalised, passport letters upper-cased, then `isValidStudentNo`. */
export const studentNoSchema = z.preprocess(
  (v) => (typeof v === "string" ? normalizeNationalId(v).toUpperCase() : str(v)),
  z
    .string({ error: reason("STUDENT_NO_REQUIRED") })
    .min(1, reason("STUDENT_NO_REQUIRED"))
    .refine(isValidStudentNo, reason("STUDENT_NO_FORMAT")),
);

/**
 * Typed text → a whole number for a schema (the shared reader: Arabic-Indic digits yes, "1e2" no); "" → undefined
 * (missing), unreadable text → NaN, which the number schema refuses with its own message.
 */
export const typedWholeNumber = (v: unknown) => {
  if (typeof v !== "string") return v;
  const r = parseTypedNumber(v, { decimals: 0 });
  return r.ok ? r.value : r.problem === "empty" ? undefined : Number.NaN;
};

/** A list filter: one of `values` (case-insensitive); "" and "All" mean no filter (→ undefined). */
export const filterValue = <T extends string>(values: readonly T[], field: Field) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine(
      (v) => v === "" || v === "all" || values.some((x) => x.toLowerCase() === v),
      reason("UNKNOWN_VALUE", { field }),
    )
    .transform((v) => values.find((x) => x.toLowerCase() === v))
    .optional();

/** Free-text search: at most 100 characters, invisible marks removed, digits normalised. */
export const searchSchema = z
  .string()
  .max(100, reason("SEARCH_TOO_LONG"))
  .transform((v) => normalizeNationalId(v) || undefined)
  .optional();

/** List search for the paged admin lists: at most 100 characters, folded with `foldSearchText` ("" → no search). */
export const listSearchSchema = z
  .string()
  .max(100, reason("SEARCH_TOO_LONG"))
  .transform((v) => foldSearchText(v) || undefined)
  .optional();

/** Rows per page of the admin lists (docs/product.md#limits); the first is the default. */
export const LIST_PAGE_SIZES = [15, 20, 30, 50] as const;
export const DEFAULT_LIST_PAGE_SIZE = 15;

/** `page`: 1-based page number (digits normalised). Optional: without `page`/`limit` the list is not paged. */
export const pageParam = z
  .preprocess(
    typedWholeNumber,
    z
      .number({ error: reason("PAGE_INVALID") })
      .int(reason("PAGE_INVALID"))
      .min(1, reason("PAGE_INVALID"))
      .max(1_000_000, reason("PAGE_TOO_LARGE"))
      .optional(),
  )
  .describe("1-based page number (default 1 when limit is given)");

/** `limit`: one of the admin page sizes 15, 20, 30, 50. */
export const limitParam = z
  .preprocess(
    typedWholeNumber,
    z
      .number({ error: reason("LIMIT_INVALID") })
      .refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n), reason("LIMIT_INVALID"))
      .optional(),
  )
  .describe("Rows per page: 15, 20, 30 or 50. With page and/or limit the answer is one page plus pagination");

/** `sortOrder`: asc or desc (any case); default asc when `sortBy` is given. */
export const sortOrderParam = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === "" || v === "asc" || v === "desc", reason("SORT_ORDER_INVALID"))
  .transform((v) => (v === "desc" ? ("desc" as const) : v === "asc" ? ("asc" as const) : undefined))
  .optional()
  .describe("asc (default) or desc");

/** A `sortBy` over `fields` (exact API field names); "" means the default order. */
export const sortByParam = <T extends string>(fields: readonly T[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => v === "" || (fields as readonly string[]).includes(v),
      reason("SORT_BY_INVALID", { fields: fields.join(", ") }),
    )
    .transform((v) => (v === "" ? undefined : (v as T)))
    .optional()
    .describe(`Sort column, one of ${fields.join(", ")} (default: newest first)`);

/** `{page, limit, total, totalPages}` of a paged list (docs/product.md#students); totalPages ≥ 1. */
export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.output<typeof paginationSchema>;
