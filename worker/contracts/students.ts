/**
 * Students request schemas (docs/product.md#students; grades and buildings in #limits), shared with the web forms.
 * Through the guardians contract it loads the phone-number metadata: a page that needs only list parameters imports
 * them from ./list-params, which this module re-exports.
 */
import { z } from "zod";
import { plainText } from "./text-field";
import { guardianJsonSchema, guardiansSchema } from "./guardians";
import {
  BUILDINGS,
  DEFAULT_LIST_PAGE_SIZE,
  filterValue,
  gradeFilter,
  isValidStudentNo,
  LIST_PAGE_SIZES,
  limitParam,
  listSearchSchema,
  pageParam,
  type Pagination,
  paginationSchema,
  searchSchema,
  sortByParam,
  sortOrderParam,
  studentNoSchema,
  toGrade,
  typedWholeNumber,
} from "./list-params";

export {
  BUILDINGS,
  DEFAULT_LIST_PAGE_SIZE,
  filterValue,
  gradeFilter,
  isValidStudentNo,
  LIST_PAGE_SIZES,
  limitParam,
  listSearchSchema,
  pageParam,
  type Pagination,
  paginationSchema,
  searchSchema,
  sortByParam,
  sortOrderParam,
  studentNoSchema,
  toGrade,
};
import { GRADES } from "../lib/school-grades";
import { normalizeDigits } from "../lib/normalize";
import { reason, type Field } from "../reasons";

export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

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
