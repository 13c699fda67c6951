/**
 * Public teacher-selection schemas (docs/product.md#teacher-selection): the request schemas, and the answer schemas
 * that type the routes' answers and, as types only, the page. Imports only zod, the digit normaliser and the reason
 * catalogue.
 */
import { z } from "zod";
import { normalizeNationalId } from "../lib/normalize";
import { reason } from "../reasons";

/** A student number as typed: trimmed, Arabic-Indic/Persian digits converted, letters/digits only. */
export const studentNoSchema = z
  .string({ error: reason("SELECTION_STUDENT_ID_REQUIRED") })
  .transform(normalizeNationalId)
  .pipe(
    z
      .string()
      .min(1, reason("SELECTION_STUDENT_ID_REQUIRED"))
      .max(20, reason("SELECTION_STUDENT_ID_INVALID"))
      .regex(/^[A-Za-z0-9]+$/, reason("SELECTION_STUDENT_ID_INVALID")),
  );

export const studentParamSchema = z.object({
  id: studentNoSchema.describe("The student's national ID (or passport number)"),
});

const invalidId = reason("SELECTION_ID_INVALID");
const positiveId = z
  .number({ error: invalidId })
  .int(invalidId)
  .positive(invalidId)
  .max(Number.MAX_SAFE_INTEGER, invalidId);

/** `POST /student/select` body: one teacher per subject (1-10 choices). */
export const selectBodySchema = z.object({
  student_id: z.union([studentNoSchema, z.number().int().positive().transform(String)]),
  selections: z
    .array(z.object({ teacher_id: positiveId, subject_id: positiveId }), { error: reason("SELECTIONS_REQUIRED") })
    .min(1, reason("SELECTIONS_REQUIRED"))
    .max(10, reason("SELECTIONS_TOO_MANY")),
});
export type SelectBody = z.infer<typeof selectBodySchema>;

// ---------------------------------------------------------------- answers

/** `GET /student/{id}` → `data`: what the page shows of the student (no other personal data). */
export const studentCardSchema = z.object({ student_no: z.string(), full_name: z.string(), current_grade: z.string() });
export type StudentCard = z.output<typeof studentCardSchema>;

/** One saved choice; `selection_date` is ISO 8601 UTC. */
export const savedSelectionSchema = z.object({
  subject_id: z.number().int(),
  subject_name: z.string(),
  teacher_id: z.number().int(),
  teacher_name: z.string(),
  session_number: z.number().int().describe("1 or 2"),
  selection_date: z.string(),
});
export type SavedSelection = z.output<typeof savedSelectionSchema>;

/** `GET /student/{id}/selections` → `data`: the saved choices and what the student may still do. */
export const selectionStateSchema = z.object({
  has_selections: z.boolean(),
  selections: z.array(savedSelectionSchema),
  canUpdate: z.boolean(),
  updateDeadline: z.string().nullable().describe("ISO 8601 UTC: min(period end, first save + 7 days)"),
  hasUpdated: z.boolean(),
  periodClosed: z.boolean(),
});
export type SelectionState = z.output<typeof selectionStateSchema>;

/** Seats left per session of one teacher; `recommended_session` is the one a save would get now (null = full). */
export const seatCountsSchema = z.object({
  teacher_id: z.number().int(),
  session_1_available: z.number().int(),
  session_2_available: z.number().int(),
  recommended_session: z
    .union([z.literal(1), z.literal(2)])
    .nullable()
    .describe("More free seats; 1 on a tie; null when full"),
});
export type SeatCounts = z.output<typeof seatCountsSchema>;

/** `GET /teachers/{id}` → one of `teachers`: an active teacher of an active subject, with its seats. */
export const teacherOptionSchema = seatCountsSchema.extend({
  teacher_code: z.string(),
  teacher_name: z.string(),
  building_no: z.string(),
  subject_id: z.number().int(),
  subject_name: z.string(),
});
export type TeacherOption = z.output<typeof teacherOptionSchema>;

/** `POST /student/select` → 201 created or 200 updated (the one allowed update). */
export const selectResultSchema = z.object({
  success: z.literal(true),
  action: z.enum(["created", "updated"]),
  hasUpdated: z.boolean(),
  message: z.string(),
});
export type SelectResult = z.output<typeof selectResultSchema>;
