/**
 * The one-field national-ID searches of /results and /current-students (docs/product.md#public-results,
 * #teacher-selection): what the field shows as it is typed, and the check before a search. Mirrors the
 * API's rule (worker/api/public-results.ts param, worker/contracts/public-selection.ts `studentNoSchema`: 1–20
 * ASCII letters/digits after normalisation); the server's zod schemas stay the source of truth. Plain code rather
 * than zod + react-hook-form so these pages stay within their JavaScript budget
 * (docs/decisions/0012-public-page-weight.md).
 */
import { normalizeDigits, normalizeNationalId } from "@worker/lib/normalize";

/** The longest ID the API accepts; also the field's `maxLength`. */
export const NATIONAL_ID_MAX = 20;

/** Why an ID was refused; the pages map it to `<page>.form.errors.<reason>`. */
export type NationalIdError = "required" | "tooLong" | "invalid";

/**
 * The typed value → the ID to search (invisible marks removed, ٠-٩ / ۰-۹ converted, trimmed), or the first rule it
 * breaks, checked in this order: required, tooLong, invalid (only ASCII letters and digits).
 */
export function checkNationalId(typed: string): { ok: true; id: string } | { ok: false; error: NationalIdError } {
  const id = normalizeNationalId(typed);
  if (id.length < 1) return { ok: false, error: "required" };
  if (id.length > NATIONAL_ID_MAX) return { ok: false, error: "tooLong" };
  if (!/^[A-Za-z0-9]+$/.test(id)) return { ok: false, error: "invalid" };
  return { ok: true, id };
}

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

/**
 * An `onChange` step for the ID fields: rewrites the input in place (keeping the caret) and returns the new value
 * for the component's state. Converting in the field itself means the visitor sees ASCII digits at once.
 */
export function normalizeInputInPlace(el: HTMLInputElement): string {
  const next = normalizeAsTyped(el.value, el.selectionEnd);
  if (next.value !== el.value) {
    el.value = next.value;
    if (next.caret !== null && document.activeElement === el) el.setSelectionRange(next.caret, next.caret);
  }
  return next.value;
}
