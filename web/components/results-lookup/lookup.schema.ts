/**
 * The /results search form (spec §5 "Public results search"): one national ID, trimmed, Arabic-Indic and Persian
 * digits converted. Mirrors the API's param rule (worker/api/public-results.ts: 1–20 ASCII letters/digits) so the
 * form refuses what the server would refuse. Messages are i18n keys under `publicResults.form.errors.`.
 */
// zod/mini: the same engine with a tree-shakable API, so this public page does not ship all of zod (~20 KB gzip).
import { z } from "zod/mini";
import { normalizeDigits, normalizeNationalId } from "../../../worker/lib/normalize";

/** The longest ID the API accepts; also the field's `maxLength`. */
export const NATIONAL_ID_MAX = 20;

export const lookupSchema = z.object({
  nationalId: z.pipe(
    z.pipe(z.string(), z.transform(normalizeNationalId)),
    z
      .string()
      .check(
        z.minLength(1, "publicResults.form.errors.required"),
        z.maxLength(NATIONAL_ID_MAX, "publicResults.form.errors.tooLong"),
        z.regex(/^[A-Za-z0-9]+$/, "publicResults.form.errors.invalid"),
      ),
  ),
});

export type LookupFormInput = z.input<typeof lookupSchema>;
export type LookupFormOutput = z.output<typeof lookupSchema>;

// Whitespace anywhere (a pasted "3100 1310 …") and the invisible direction/zero-width marks copied from Arabic text.
const DROPPED = /[\s\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/g;

/**
 * What the field shows after a keystroke or paste: spaces and invisible marks dropped, ٠-٩ / ۰-۹ turned into 0-9.
 * `caret` (the selection end before the change) is mapped to the same logical place in the new value, so typing
 * in the middle does not throw the cursor to the end. Digit conversion keeps lengths; only dropped marks shift it.
 */
export function normalizeAsTyped(value: string, caret: number | null): { value: string; caret: number | null } {
  const clean = (s: string) => normalizeDigits(s.replace(DROPPED, ""));
  return { value: clean(value), caret: caret === null ? null : clean(value.slice(0, caret)).length };
}
