/**
 * The national-ID field of /current-students (spec §5 "Teacher selection search"): trimmed, Arabic-Indic and Persian
 * digits converted as typed. Mirrors the API's rule (worker/api/public-selection.schema.ts `studentNoSchema`: 1–20
 * ASCII letters/digits) so the page refuses what the server would. Messages are i18n keys under `selection.form.errors.`.
 */
import { z } from "zod";
import { normalizeDigits, normalizeNationalId } from "@worker/lib/normalize";

/** The longest ID the API accepts; also the field's `maxLength`. */
export const STUDENT_ID_MAX = 20;

export const selectionLookupSchema = z.object({
  studentId: z
    .string()
    .transform(normalizeNationalId)
    .pipe(
      z
        .string()
        .min(1, "selection.form.errors.required")
        .max(STUDENT_ID_MAX, "selection.form.errors.tooLong")
        .regex(/^[A-Za-z0-9]+$/, "selection.form.errors.invalid"),
    ),
});

export type SelectionLookupInput = z.input<typeof selectionLookupSchema>;
export type SelectionLookupOutput = z.output<typeof selectionLookupSchema>;

// Whitespace anywhere (a pasted "3100 4191 …") and the invisible direction/zero-width marks copied from Arabic text.
const DROPPED = /[\s\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/g;

/**
 * What the field shows after a keystroke or paste: spaces and invisible marks dropped, ٠-٩ / ۰-۹ turned into 0-9.
 * `caret` (the selection end before the change) is mapped to the same place in the new value.
 */
export function normalizeAsTyped(value: string, caret: number | null): { value: string; caret: number | null } {
  const clean = (s: string) => normalizeDigits(s.replace(DROPPED, ""));
  return { value: clean(value), caret: caret === null ? null : clean(value.slice(0, caret)).length };
}
