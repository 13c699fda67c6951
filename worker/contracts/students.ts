/**
 * Students request schemas (docs/product.md#students; grades and buildings in #limits). Shared with the
 * web forms; imports only zod and the dependency-free normaliser and grade list.
 */
import { z } from "zod";
import { plainText } from "./text-field";
import { guardianJsonSchema, guardiansSchema } from "./guardians";
import { GRADES, type Grade } from "../lib/school-grades";
import { parseGrade } from "../lib/grade-labels";
import { foldSearchText, normalizeDigits, normalizeNationalId } from "../lib/normalize";
import { parseTypedNumber } from "../lib/typed-number";
import { reason, type Field } from "../reasons";

export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

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

/** A required free text of at most `max` characters (REQUIRED, TOO_LONG). */
const requiredText = (field: Field, max: number) =>
  plainText({ error: reason("REQUIRED", { field }) })
    .trim()
    .min(1, reason("REQUIRED", { field }))
    .max(max, reason("TOO_LONG", { field, max }));

const gradeSchema = z.preprocess(
  (v) => (typeof v === "string" ? (toGrade(v) ?? v) : v),
  z.enum(GRADES, {
    error: (iss) => (iss.input === undefined || iss.input === "" ? reason("GRADE_REQUIRED") : reason("GRADE_UNKNOWN")),
  }),
);

/**
 * Typed text → a whole number for a schema (the shared reader: Arabic-Indic digits yes, "1e2" no); "" → undefined
 * (missing), unreadable text → NaN, which the number schema refuses with its own message.
 */
const typedWholeNumber = (v: unknown) => {
  if (typeof v !== "string") return v;
  const r = parseTypedNumber(v, { decimals: 0 });
  return r.ok ? r.value : r.problem === "empty" ? undefined : Number.NaN;
};

const buildingSchema = z.preprocess(
  typedWholeNumber,
  z
    // Empty → required; text that is not a whole number ("A", "2b") → the range, never "required".
    .number({ error: (iss) => (iss.input === undefined ? reason("BUILDING_REQUIRED") : reason("BUILDING_RANGE")) })
    .int(reason("BUILDING_RANGE"))
    .min(1, reason("BUILDING_RANGE"))
    .max(6, reason("BUILDING_RANGE")),
);

const religionSchema = plainText()
  .trim()
  .max(50, reason("TOO_LONG", { field: "religion", max: 50 }))
  .nullish()
  .transform((v) => v || null);

const genderSchema = z.enum(GENDERS, { error: reason("GENDER_INVALID") });

/**
 * A class section in the current year ("3/2"): up to 10 letters, digits, "/" or "-"; Arabic-Indic digits stored as
 * ASCII ("٣/٢" → "3/2"); empty → none.
 */
const sectionSchema = z
  .string({ error: reason("SECTION_INVALID") })
  .trim()
  .regex(/^[\p{L}\p{N}/\- ]{0,10}$/u, reason("SECTION_INVALID"))
  .nullish()
  .transform((v) => (v ? normalizeDigits(v) : null))
  .describe('The class section in the current year, e.g. "3/2"; omitted on an update: kept');

/** `POST /api/students` body (API names). Defaults: `is_active` true, `gender` "male" (docs/product.md#students). */
export const createStudentSchema = z.object({
  student_no: studentNoSchema,
  full_name: requiredText("name", 200),
  nationality: requiredText("nationality", 100),
  religion: religionSchema,
  current_grade: gradeSchema,
  building_no: buildingSchema,
  gender: genderSchema.default("male"),
  is_active: z.boolean({ error: reason("NOT_BOOLEAN", { field: "is_active" }) }).default(true),
  /** 0-3 guardians (docs/product.md#guardians-and-messages); on an update, omitted = kept. */
  guardians: guardiansSchema.optional(),
  /** The current year's enrolment's section (docs/product.md#academic-years-and-rollover). */
  section: sectionSchema.optional(),
});

/**
 * `PUT /api/students/{id}` body: the same fields; `gender` and `is_active` keep their stored values when omitted
 * (a partial client must not silently re-activate a student).
 */
export const updateStudentSchema = createStudentSchema.extend({
  gender: genderSchema.optional(),
  is_active: z.boolean({ error: reason("NOT_BOOLEAN", { field: "is_active" }) }).optional(),
});

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

/** Columns the Students table sorts on (API field names). Without `sortBy`: newest first. */
export const STUDENT_SORT_FIELDS = [
  "full_name",
  "student_no",
  "nationality",
  "religion",
  "current_grade",
  "building_no",
  "gender",
  "is_active",
  "created_at",
] as const;
export type StudentSortField = (typeof STUDENT_SORT_FIELDS)[number];

/**
 * `GET /api/students` query: all optional; "" and "All" mean no filter. Search over name and student number
 * (`foldSearchText`, worker/lib/normalize.ts). With `page` or `limit` the answer is one page plus `pagination` (page defaults to 1, limit
 * to 15); without them every matching student (CSV export, global search).
 */
export const listStudentsQuerySchema = z.object({
  search: listSearchSchema,
  grade: gradeFilter(),
  gender: filterValue(GENDERS, "gender"),
  status: filterValue(["active", "inactive"] as const, "status"),
  building: filterValue(["1", "2", "3", "4", "5", "6"] as const, "building"),
  page: pageParam,
  limit: limitParam,
  sortBy: sortByParam(STUDENT_SORT_FIELDS),
  sortOrder: sortOrderParam,
});

/** `{page, limit, total, totalPages}` of a paged list (docs/product.md#students); totalPages ≥ 1. */
export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.output<typeof paginationSchema>;

/** A student as the API returns it (docs/product.md#students). Timestamps are ISO 8601 UTC. */
export const studentJsonSchema = z.object({
  id: z.number().int(),
  student_no: z.string().describe("14-digit national ID or passport number"),
  full_name: z.string(),
  nationality: z.string(),
  religion: z.string().nullable(),
  current_grade: z.string().describe("One of KG-1 … Private"),
  building_no: z.number().int(),
  gender: z.enum(GENDERS),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  section: z.string().nullable().describe("The current year's enrolment's class section, e.g. \"3/2\"; null: none"),
  guardians: z.array(guardianJsonSchema).describe("0-3, in the office's order"),
});
export type StudentJson = z.output<typeof studentJsonSchema>;

/** One year of a student (docs/product.md#academic-years-and-rollover): `GET /api/students/{id}/enrolments`. */
export const enrolmentJsonSchema = z.object({
  academic_year_name: z.string(),
  year_state: z.enum(["upcoming", "current", "closed"]),
  grade: z.string(),
  building_no: z.number().int(),
  section: z.string().nullable(),
  outcome: z.enum(["promoted", "retained", "graduated", "left"]).nullable(),
});
export type EnrolmentJson = z.output<typeof enrolmentJsonSchema>;

/** `GET /api/students`: every matching student, or one page of them with `pagination` when asked for a page. */
export const studentListSchema = z.object({
  students: z.array(studentJsonSchema),
  pagination: paginationSchema.optional(),
});

/** The student form of the console, with its documented form names (docs/product.md#students). */
export const studentFormSchema = z.object({
  studentId: studentNoSchema,
  name: requiredText("name", 200),
  nationality: requiredText("nationality", 100),
  religion: religionSchema,
  grade: gradeSchema,
  building: buildingSchema,
  status: z.enum(["active", "inactive"]).default("active"),
  gender: genderSchema.default("male"),
  /** The current year's class section; empty clears it. */
  section: sectionSchema,
});

export type CreateStudentInput = z.output<typeof createStudentSchema>;
export type UpdateStudentInput = z.output<typeof updateStudentSchema>;
export type ListStudentsQuery = z.output<typeof listStudentsQuerySchema>;
export type StudentFormValues = z.output<typeof studentFormSchema>;

/** Form values (the form names) → the API body. */
export function studentFormToBody(f: StudentFormValues): CreateStudentInput {
  return {
    student_no: f.studentId,
    full_name: f.name,
    nationality: f.nationality,
    religion: f.religion,
    current_grade: f.grade,
    building_no: f.building,
    gender: f.gender,
    is_active: f.status === "active",
    section: f.section,
  };
}
