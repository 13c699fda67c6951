/**
 * Request schemas of the course-selection admin API: subjects, teachers, periods (spec §3 "Selection subject",
 * "Teacher", "Selection period"; §5 "Subject form", "Teacher form", "Period form"; §9 limits; contract "Course
 * selection, admin"). Shared with the admin web forms; imports only zod and the dependency-free digit normaliser.
 *
 * Input conventions:
 * - Integers may arrive as numbers or as strings typed in a form (Arabic-Indic/Persian digits accepted); empty
 *   means "missing"; fractions and out-of-range values are refused (no silent rounding or clamping).
 * - Booleans are JSON `true`/`false` only ("false" as a string is refused, never read as true).
 * - Period dates are ISO 8601 date-times WITH a zone: `Z` or an offset, seconds optional
 *   (`2025-09-01T08:00Z`, `2025-09-01T10:00:00+03:00`). A bare `YYYY-MM-DDTHH:mm` is refused, because its zone is
 *   unknown: the admin form converts its `datetime-local` value (the admin's local time) with
 *   `new Date(value).toISOString()` before sending. The server stores and returns UTC (`…T08:00:00.000Z`).
 * - Update schemas (PUT) take the same fields; a field with a create-time default may be omitted on PUT, and
 *   then keeps its stored value (so a partial client cannot, say, deactivate the live period by accident).
 */
import { z } from "zod";
import { plainText, proseText } from "./text-field";
import { normalizeDigits } from "../lib/normalize";
import { numberField } from "./number-field";
import { reason } from "../reasons";
import { studentNoSchema } from "./public-selection.schema";

/** Subject `max_selections` (spec §9). */
export const SUBJECT_MAX_SELECTIONS = { min: 1, max: 10, default: 5 } as const;
/** Period `max_subjects` (spec §9). */
export const PERIOD_MAX_SUBJECTS = { min: 1, max: 10, default: 5 } as const;
/** Seats per teacher session (spec §9 "Teacher capacity"). */
export const TEACHER_CAPACITY = { min: 0, max: 35, default: 35 } as const;
/** Teacher buildings (spec §9 "Buildings": teachers 5 and 6, default 5). */
export const TEACHER_BUILDINGS = ["5", "6"] as const;
export type TeacherBuilding = (typeof TEACHER_BUILDINGS)[number];
export const DEFAULT_TEACHER_BUILDING: TeacherBuilding = "5";
/** The period form's placeholder (spec §5 "Period form"). */
export const PERIOD_NAME_PLACEHOLDER = "Academic Year 2024-2025 - Semester 1";

const requiredText = (label: string, max: number) =>
  plainText({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A whole number in [min, max] from a number or typed text; WHOLE_BETWEEN for every failure but "missing". */
const intField = (field: "max_selections" | "capacity_1" | "capacity_2" | "max_subjects", min: number, max: number) => {
  const message = reason("WHOLE_BETWEEN", { field, min, max });
  return numberField(field, { decimals: 0, min, max, messages: { invalid: message, negative: message, decimals: message, min: message, max: message } });
};

const boolField = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** Route `:id`: a positive integer. */
export const selectionIdParamSchema = z.object({
  id: z.preprocess((v) => (typeof v === "string" ? normalizeDigits(v) : v), z.coerce.number().int("Invalid id").positive("Invalid id").max(Number.MAX_SAFE_INTEGER, "Invalid id")),
});

// ---------------------------------------------------------------- subjects

const subjectFields = {
  name: requiredText("Name", 100),
  description: proseText({ error: "Description must be text" })
    .trim()
    .max(1_000, "Description must be at most 1000 characters")
    .nullish()
    .transform((v) => v || null),
  max_selections: intField("max_selections", SUBJECT_MAX_SELECTIONS.min, SUBJECT_MAX_SELECTIONS.max),
};

/** Body of POST /api/admin/selection/subjects. `is_active` defaults to true, `max_selections` to 5. */
export const subjectCreateSchema = z.object({
  ...subjectFields,
  max_selections: subjectFields.max_selections.default(SUBJECT_MAX_SELECTIONS.default),
  is_active: boolField("Status").default(true),
});
export type SubjectCreateInput = z.infer<typeof subjectCreateSchema>;

/** Body of PUT /api/admin/selection/subjects/:id; omitted `description`/`max_selections`/`is_active` are kept. */
export const subjectUpdateSchema = z.object({
  name: subjectFields.name,
  description: proseText({ error: "Description must be text" })
    .trim()
    .max(1_000, "Description must be at most 1000 characters")
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  max_selections: subjectFields.max_selections.optional(),
  is_active: boolField("Status").optional(),
});
export type SubjectUpdateInput = z.infer<typeof subjectUpdateSchema>;

// ---------------------------------------------------------------- teachers

const buildingField = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? normalizeDigits(v).trim() : v),
  z.enum(TEACHER_BUILDINGS, { error: "Building must be 5 or 6" }),
);
const capacityField = (session: 1 | 2) => intField(`capacity_${session}`, TEACHER_CAPACITY.min, TEACHER_CAPACITY.max);

/**
 * Body of POST /api/admin/selection/teachers. `subject_name` names the teacher's subject, which must be active
 * (checked by the server: 400 "Subject must be an active subject"). Defaults: building "5", capacities 35,
 * active. `teacher_code` is generated by the server.
 */
export const teacherCreateSchema = z.object({
  full_name: requiredText("Full name", 150),
  building_no: buildingField.default(DEFAULT_TEACHER_BUILDING),
  subject_name: requiredText("Subject", 100),
  session_1_capacity: capacityField(1).default(TEACHER_CAPACITY.default),
  session_2_capacity: capacityField(2).default(TEACHER_CAPACITY.default),
  is_active: boolField("Status").default(true),
});
export type TeacherCreateInput = z.infer<typeof teacherCreateSchema>;

/** Body of PUT /api/admin/selection/teachers/:id; omitted building, capacities or status are kept. */
export const teacherUpdateSchema = z.object({
  full_name: requiredText("Full name", 150),
  building_no: buildingField.optional(),
  subject_name: requiredText("Subject", 100),
  session_1_capacity: capacityField(1).optional(),
  session_2_capacity: capacityField(2).optional(),
  is_active: boolField("Status").optional(),
});
export type TeacherUpdateInput = z.infer<typeof teacherUpdateSchema>;

// ---------------------------------------------------------------- periods

const ZONE_MESSAGE = "must be a date-time with a time zone, e.g. 2025-09-01T08:00:00Z";

/** An ISO date-time with `Z` or an offset → ISO UTC with milliseconds (`toISOString`), years 2000-2099. */
const dateTimeField = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === "string" ? v.trim() || undefined : v),
      z.union([z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true, precision: -1 })], {
        error: (iss) => (iss.input === undefined || iss.input === null ? `${label} is required` : `${label} ${ZONE_MESSAGE}`),
      }),
    )
    .transform((v) => new Date(v).toISOString())
    .refine((v) => v >= "2000-01-01" && v < "2100-01-01", `${label} is out of range`);

const periodFields = {
  period_name: requiredText("Period name", 200),
  start_date: dateTimeField("Start date"),
  end_date: dateTimeField("End date"),
  max_subjects: intField("max_subjects", PERIOD_MAX_SUBJECTS.min, PERIOD_MAX_SUBJECTS.max),
};

const endAfterStart = { message: "End date must be after start date", path: ["end_date"] };

/**
 * Body of POST /api/admin/selection/periods. Defaults: inactive, changes allowed, max_subjects 5. Creating an
 * active period deactivates the others. `end_date` must be after `start_date`.
 */
export const periodCreateSchema = z
  .object({
    ...periodFields,
    max_subjects: periodFields.max_subjects.default(PERIOD_MAX_SUBJECTS.default),
    is_active: boolField("Status").default(false),
    allow_changes: boolField("Allow changes").default(true),
  })
  .refine((p) => p.end_date > p.start_date, endAfterStart);
export type PeriodCreateInput = z.infer<typeof periodCreateSchema>;

/** Body of PUT /api/admin/selection/periods/:id; omitted max_subjects, is_active or allow_changes are kept. */
export const periodUpdateSchema = z
  .object({
    ...periodFields,
    max_subjects: periodFields.max_subjects.optional(),
    is_active: boolField("Status").optional(),
    allow_changes: boolField("Allow changes").optional(),
  })
  .refine((p) => p.end_date > p.start_date, endAfterStart);
export type PeriodUpdateInput = z.infer<typeof periodUpdateSchema>;

/** Body of PUT /api/admin/selection/periods/:id/toggle: the period's new active flag. */
export const periodToggleSchema = z.object({ is_active: boolField("is_active") });

/** `DELETE /api/admin/selection/delete-all` body: the student whose selections are removed. */
export const deleteAllBodySchema = z.object({ student_id: studentNoSchema });
