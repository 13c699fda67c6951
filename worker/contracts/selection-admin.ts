/**
 * Request and answer schemas of the course-selection admin API: subjects, teachers, periods, the summary
 * (docs/product.md#course-selection, #selection-periods, #limits). The request schemas are shared with the admin web
 * forms; the answer schemas type the routes' answers and, as types only, the console. Imports only zod, the
 * dependency-free digit normaliser and the reason catalogue (every message is a `reason()`, worker/reasons.ts).
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
import { reason, type Field } from "../reasons";
import { studentNoSchema } from "./public-selection";

/** Subject `max_selections` (docs/product.md#limits). */
export const SUBJECT_MAX_SELECTIONS = { min: 1, max: 10, default: 5 } as const;
/** Period `max_subjects` (docs/product.md#limits). */
export const PERIOD_MAX_SUBJECTS = { min: 1, max: 10, default: 5 } as const;
/** Seats per teacher session (docs/product.md#limits). */
export const TEACHER_CAPACITY = { min: 0, max: 35, default: 35 } as const;
/** Teacher buildings: 5 and 6, default 5 (docs/product.md#limits). */
export const TEACHER_BUILDINGS = ["5", "6"] as const;
export type TeacherBuilding = (typeof TEACHER_BUILDINGS)[number];
export const DEFAULT_TEACHER_BUILDING: TeacherBuilding = "5";

/** A required free text of at most `max` characters (REQUIRED, TOO_LONG). */
const requiredText = (field: Field, max: number) =>
  plainText({ error: reason("REQUIRED", { field }) })
    .trim()
    .min(1, reason("REQUIRED", { field }))
    .max(max, reason("TOO_LONG", { field, max }));

/** A whole number in [min, max] from a number or typed text; WHOLE_BETWEEN for every failure but "missing". */
const intField = (field: "max_selections" | "capacity_1" | "capacity_2" | "max_subjects", min: number, max: number) => {
  const message = reason("WHOLE_BETWEEN", { field, min, max });
  return numberField(field, {
    decimals: 0,
    min,
    max,
    messages: { invalid: message, negative: message, decimals: message, min: message, max: message },
  });
};

const boolField = (field: Field) => z.boolean({ error: reason("NOT_BOOLEAN", { field }) });

const invalidId = reason("SELECTION_ID_INVALID");

/** Route `{id}`: a positive integer (digits normalised). */
export const selectionIdParamSchema = z.object({
  id: z.preprocess(
    (v) => (typeof v === "string" ? normalizeDigits(v) : v),
    z.coerce.number({ error: invalidId }).int(invalidId).positive(invalidId).max(Number.MAX_SAFE_INTEGER, invalidId),
  ),
});

// ---------------------------------------------------------------- subjects

const subjectFields = {
  name: requiredText("name", 100),
  description: proseText({ error: reason("SUBJECT_DESCRIPTION_NOT_TEXT") })
    .trim()
    .max(1_000, reason("TOO_LONG", { field: "description", max: 1_000 }))
    .nullish()
    .transform((v) => v || null),
  max_selections: intField("max_selections", SUBJECT_MAX_SELECTIONS.min, SUBJECT_MAX_SELECTIONS.max),
};

/** Body of POST /api/admin/selection/subjects. `is_active` defaults to true, `max_selections` to 5. */
export const subjectCreateSchema = z.object({
  ...subjectFields,
  max_selections: subjectFields.max_selections.default(SUBJECT_MAX_SELECTIONS.default),
  is_active: boolField("active").default(true),
});
export type SubjectCreateInput = z.infer<typeof subjectCreateSchema>;

/** Body of PUT /api/admin/selection/subjects/:id; omitted `description`/`max_selections`/`is_active` are kept. */
export const subjectUpdateSchema = z.object({
  name: subjectFields.name,
  description: proseText({ error: reason("SUBJECT_DESCRIPTION_NOT_TEXT") })
    .trim()
    .max(1_000, reason("TOO_LONG", { field: "description", max: 1_000 }))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  max_selections: subjectFields.max_selections.optional(),
  is_active: boolField("active").optional(),
});
export type SubjectUpdateInput = z.infer<typeof subjectUpdateSchema>;

// ---------------------------------------------------------------- teachers

const buildingField = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? normalizeDigits(v).trim() : v),
  z.enum(TEACHER_BUILDINGS, { error: reason("TEACHER_BUILDING_INVALID") }),
);
const capacityField = (session: 1 | 2) => intField(`capacity_${session}`, TEACHER_CAPACITY.min, TEACHER_CAPACITY.max);

/**
 * Body of POST /api/admin/selection/teachers. `subject_name` names the teacher's subject, which must be active
 * (checked by the server: 400 SUBJECT_NOT_ACTIVE). Defaults: building "5", capacities 35,
 * active. `teacher_code` is generated by the server.
 */
export const teacherCreateSchema = z.object({
  full_name: requiredText("full_name", 150),
  building_no: buildingField.default(DEFAULT_TEACHER_BUILDING),
  subject_name: requiredText("subject", 100),
  session_1_capacity: capacityField(1).default(TEACHER_CAPACITY.default),
  session_2_capacity: capacityField(2).default(TEACHER_CAPACITY.default),
  is_active: boolField("active").default(true),
});
export type TeacherCreateInput = z.infer<typeof teacherCreateSchema>;

/** Body of PUT /api/admin/selection/teachers/:id; omitted building, capacities or status are kept. */
export const teacherUpdateSchema = z.object({
  full_name: requiredText("full_name", 150),
  building_no: buildingField.optional(),
  subject_name: requiredText("subject", 100),
  session_1_capacity: capacityField(1).optional(),
  session_2_capacity: capacityField(2).optional(),
  is_active: boolField("active").optional(),
});
export type TeacherUpdateInput = z.infer<typeof teacherUpdateSchema>;

// ---------------------------------------------------------------- periods

/** An ISO date-time with `Z` or an offset → ISO UTC with milliseconds (`toISOString`), years 2000-2099. */
const dateTimeField = (field: "start_date" | "end_date") =>
  z
    .preprocess(
      (v) => (typeof v === "string" ? v.trim() || undefined : v),
      z.union([z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true, precision: -1 })], {
        error: (iss) =>
          iss.input === undefined || iss.input === null
            ? reason("REQUIRED", { field })
            : reason("PERIOD_DATE_NO_ZONE", { field }),
      }),
    )
    .transform((v) => new Date(v).toISOString())
    .refine((v) => v >= "2000-01-01" && v < "2100-01-01", reason("PERIOD_DATE_OUT_OF_RANGE", { field }));

const periodFields = {
  period_name: requiredText("period_name", 200),
  start_date: dateTimeField("start_date"),
  end_date: dateTimeField("end_date"),
  max_subjects: intField("max_subjects", PERIOD_MAX_SUBJECTS.min, PERIOD_MAX_SUBJECTS.max),
};

const endAfterStart = { message: reason("PERIOD_END_BEFORE_START"), path: ["end_date"] };

/**
 * Body of POST /api/admin/selection/periods. Defaults: inactive, changes allowed, max_subjects 5. Creating an
 * active period deactivates the others. `end_date` must be after `start_date`.
 */
export const periodCreateSchema = z
  .object({
    ...periodFields,
    max_subjects: periodFields.max_subjects.default(PERIOD_MAX_SUBJECTS.default),
    is_active: boolField("active").default(false),
    allow_changes: boolField("allow_changes").default(true),
  })
  .refine((p) => p.end_date > p.start_date, endAfterStart);
export type PeriodCreateInput = z.infer<typeof periodCreateSchema>;

/** Body of PUT /api/admin/selection/periods/:id; omitted max_subjects, is_active or allow_changes are kept. */
export const periodUpdateSchema = z
  .object({
    ...periodFields,
    max_subjects: periodFields.max_subjects.optional(),
    is_active: boolField("active").optional(),
    allow_changes: boolField("allow_changes").optional(),
  })
  .refine((p) => p.end_date > p.start_date, endAfterStart);
export type PeriodUpdateInput = z.infer<typeof periodUpdateSchema>;

/** Body of PUT /api/admin/selection/periods/:id/toggle: the period's new active flag. */
export const periodToggleSchema = z.object({ is_active: boolField("is_active") });

/** `DELETE /api/admin/selection/delete-all` body: the student whose selections are removed. */
export const deleteAllBodySchema = z.object({ student_id: studentNoSchema });

// ---------------------------------------------------------------- answers

/** A selection subject as the API returns it. Timestamps are ISO 8601 UTC. */
export const subjectJsonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  max_selections: z.number().int().describe("1-10"),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SubjectJson = z.output<typeof subjectJsonSchema>;

/** A teacher as the API returns it: its subject's name (null without one) and the seats taken per session. */
export const teacherJsonSchema = z.object({
  id: z.number().int(),
  teacher_code: z.string().describe("Generated, T-00042 style"),
  full_name: z.string(),
  building_no: z.enum(TEACHER_BUILDINGS),
  subject_id: z.number().int().nullable(),
  subject_name: z.string().nullable(),
  session_1_capacity: z.number().int().describe("0-35 seats"),
  session_2_capacity: z.number().int().describe("0-35 seats"),
  seats_taken_1: z.number().int(),
  seats_taken_2: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TeacherJson = z.output<typeof teacherJsonSchema>;

/** A selection period as the API returns it; every date is ISO 8601 UTC. */
export const periodJsonSchema = z.object({
  id: z.number().int(),
  period_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  is_active: z.boolean(),
  allow_changes: z.boolean(),
  max_subjects: z.number().int().describe("1-10"),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PeriodJson = z.output<typeof periodJsonSchema>;

/** One row of the admin summary: a subject × teacher × session with the student numbers in it. */
export const summaryRowSchema = z.object({
  subject_name: z.string(),
  teacher_name: z.string(),
  session_number: z.number().int().describe("1 or 2"),
  total_selections: z.number().int(),
  student_ids: z.array(z.string()).describe("Student numbers (national IDs)"),
});
export type SummaryRow = z.output<typeof summaryRowSchema>;

/**
 * An active subject without an active teacher with a free seat: `active_teachers` 0 = not asked of students; more
 * = asked, but every seat is taken.
 */
export const uncoveredSubjectSchema = z.object({
  subject_id: z.number().int(),
  subject_name: z.string(),
  active_teachers: z.number().int(),
  seats_left: z.number().int(),
});
export type UncoveredSubject = z.output<typeof uncoveredSubjectSchema>;
