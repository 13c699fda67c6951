/** Public teacher-selection schemas (contract "Teacher selection, public"; spec §3 "Save payload"). Imports only zod. */
import { z } from "zod";
import { normalizeNationalId } from "../lib/normalize";

/** A student number as typed: trimmed, Arabic-Indic/Persian digits converted, letters/digits only. */
export const studentNoSchema = z
  .string({ error: "Student ID is required" })
  .transform(normalizeNationalId)
  .pipe(z.string().min(1, "Student ID is required").max(20, "Invalid student ID").regex(/^[A-Za-z0-9]+$/, "Invalid student ID"));

export const studentParamSchema = z.object({ id: studentNoSchema });

const positiveId = z.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id").max(Number.MAX_SAFE_INTEGER);

export const selectBodySchema = z.object({
  student_id: z.union([studentNoSchema, z.number().int().positive().transform(String)]),
  selections: z
    .array(z.object({ teacher_id: positiveId, subject_id: positiveId }), { error: "At least one selection is required" })
    .min(1, "At least one selection is required")
    .max(10, "Too many selections"),
});
export type SelectBody = z.infer<typeof selectBodySchema>;
