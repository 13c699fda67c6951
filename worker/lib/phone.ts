/**
 * Guardians' mobile numbers (docs/product.md#guardians-and-messages): what an Egyptian office types → E.164.
 * Accepted: `01xxxxxxxxx`, `+20…`, `0020…`, `20…` with 12 digits, Arabic-Indic and Persian digits, spaces, dashes,
 * dots, brackets and invisible direction marks; a foreign mobile in international form (`+966…`, `00966…`).
 * Validation is libphonenumber-js's (mobile metadata: the number must be a mobile number of its country, since
 * messages go by WhatsApp or SMS). Shared by the Worker's schemas and the console's forms.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { normalizeDigits } from "./normalize";

/** Characters people put between digits: spaces (any), dashes, dots, slashes, brackets, direction marks. */
const SEPARATORS = /[\s\u00a0\u2000-\u200f\u2010-\u2015\u2212\u202a-\u202e\u2066-\u2069\u061c\ufeff().\-/]/g;

/**
 * A typed number → its E.164 form (`"+201001234567"`), or null when it is not a readable mobile number. Without a
 * country code the number is read as Egyptian. `parsePhone("٠١٠٠ ١٢٣ ٤٥٦٧")` → `"+201001234567"`.
 */
export function parsePhone(typed: string): string | null {
  if (typeof typed !== "string" || typed.length > 40) return null;
  let s = normalizeDigits(typed).replace(SEPARATORS, "");
  if (s.startsWith("00")) s = `+${s.slice(2)}`;
  else if (/^20\d{10}$/.test(s)) s = `+${s}`;
  if (!/^\+?\d{6,16}$/.test(s)) return null;
  const parsed = parsePhoneNumberFromString(s, "EG");
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  if (type !== undefined && type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") return null;
  return parsed.number;
}

/** True when `typed` reads as a mobile number (see `parsePhone`). */
export const isPhone = (typed: string): boolean => parsePhone(typed) !== null;

/** The last digits of a typed number for a search (`"0100 123"` → `"100123"`): digits only, a leading 0/00/+20 dropped. */
export function phoneSearchDigits(typed: string): string {
  const digits = normalizeDigits(typed).replace(/\D/g, "");
  return digits.replace(/^(0020|20|0)/, "");
}
