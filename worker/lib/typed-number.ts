/**
 * The one reader of typed numbers (docs/product.md#languages-and-numbers): every number field of the console
 * (marks and totals, EGP amounts, capacities, max selections, page numbers) and the API schemas turn text into a
 * number here. Dependency-free: shared by the Worker's zod schemas and the web forms.
 *
 * Accepted: ASCII, Arabic-Indic (٠-٩), Persian (۰-۹) and full-width (０-９) digits; "." or the Arabic decimal
 * separator "٫" (U+066B) or a full-width "．";
 * a leading "+" or "-" (U+2212 too); ".5" and "5."; invisible direction marks and surrounding spaces are ignored.
 * With `grouping` (money fields) thousands separators are accepted when they group by three: "12,000", "١٢٬٠٠٠",
 * "12 000", "1,234,567.50"; "1,5" is refused rather than read as 15 or 1.5. Refused: exponents ("1e2"), hex,
 * "Infinity", several signs or separators, letters. Trailing zeros past the allowed decimals are fine ("7.50" in a
 * whole-number field is not, "35.0" is).
 */
import { normalizeNationalId } from "./normalize";

/**
 * Why a text is not an acceptable number. `empty` is left to the caller (required or optional); `tooLarge` is
 * more than 13 integer digits, past any limit the product has (callers report it as their maximum).
 */
export type TypedNumberProblem = "empty" | "invalid" | "negative" | "decimals" | "tooLarge";

export interface TypedNumberRules {
  /** Most decimals kept (0 = whole numbers); at most 2, which hundredths and piastres can store exactly. */
  decimals: 0 | 1 | 2;
  /** Thousands separators allowed (money fields). Default false. */
  grouping?: boolean;
  /** Negative numbers allowed. Default false. */
  negative?: boolean;
}

export type TypedNumber =
  /** `value` is the number; `hundredths` the same number × 100 as an exact integer (4550 for 45.5). */
  { ok: true; value: number; hundredths: number } | { ok: false; problem: TypedNumberProblem };

/** Thousands separators: comma, Arabic comma and Arabic thousands separator, apostrophe, and the space family. */
const GROUP_CHARS = ",\u060c\u066c'\u0020\u00a0\u2009\u202f";
const GROUP_CLASS = `[${GROUP_CHARS}]`;
const PLAIN = /^(\d*)(?:\.(\d*))?$/;
const GROUPED = new RegExp(`^(\\d{1,3}(?:(${GROUP_CLASS})\\d{3})(?:\\2\\d{3})*)(?:\\.(\\d*))?$`);
/** Beyond this many integer digits hundredths would leave the exactly representable integers. */
const MAX_INTEGER_DIGITS = 13;

const fail = (problem: TypedNumberProblem): TypedNumber => ({ ok: false, problem });

/**
 * Typed text → number under `rules`. Never rounds and never drops characters: anything it cannot read exactly is
 * refused with its `problem`. `parseTypedNumber("٧٫٥", { decimals: 2 })` → `{ ok: true, value: 7.5, hundredths: 750 }`;
 * `parseTypedNumber("1e2", …)` → `invalid`; `parseTypedNumber("-5", …)` → `negative`.
 */
export function parseTypedNumber(text: string, rules: TypedNumberRules): TypedNumber {
  let s = normalizeNationalId(text).replace(/[\u066b\uff0e]/g, ".");
  if (s === "") return fail("empty");
  let negative = false;
  if (/^[+\-\u2212]/.test(s)) {
    negative = s[0] !== "+";
    s = s.slice(1);
  }
  let intPart: string;
  let fraction: string;
  const plain = PLAIN.exec(s);
  if (plain) {
    [, intPart = "", fraction = ""] = plain;
  } else {
    const grouped = rules.grouping ? GROUPED.exec(s) : null;
    if (!grouped) return fail("invalid");
    intPart = grouped[1]!.replace(new RegExp(GROUP_CLASS, "g"), "");
    fraction = grouped[3] ?? "";
  }
  if (intPart === "" && fraction === "") return fail("invalid");
  const kept = fraction.replace(/0+$/, "");
  if (kept.length > rules.decimals) return fail("decimals");
  const digits = intPart.replace(/^0+/, "");
  if (digits.length > MAX_INTEGER_DIGITS) return fail(negative && !rules.negative ? "negative" : "tooLarge");
  const hundredths = Number((digits || "0") + kept.padEnd(2, "0"));
  if (hundredths === 0) return { ok: true, value: 0, hundredths: 0 };
  if (negative && !rules.negative) return fail("negative");
  const sign = negative ? -1 : 1;
  return { ok: true, value: (sign * hundredths) / 100, hundredths: sign * hundredths };
}

/**
 * A number from JSON (or a typed string) checked under the same rules: non-finite → `invalid`, more decimals
 * than allowed → `decimals` (tolerating binary floating point: 0.1 + 0.2 has 2 decimals), negative when not
 * allowed → `negative`. `null`, `undefined` and "" → `empty`; other types → `invalid`.
 */
export function readTypedNumber(input: unknown, rules: TypedNumberRules): TypedNumber {
  if (typeof input === "string") return parseTypedNumber(input, rules);
  if (input === null || input === undefined) return fail("empty");
  if (typeof input !== "number" || !Number.isFinite(input)) return fail("invalid");
  if (input < 0 && !rules.negative) return fail("negative");
  if (Math.abs(input) >= 10 ** MAX_INTEGER_DIGITS) return fail("tooLarge");
  const scaled = input * 10 ** rules.decimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) return fail("decimals");
  const hundredths = Math.round(input * 100);
  return { ok: true, value: hundredths / 100 || 0, hundredths: hundredths || 0 };
}

/** Integer hundredths (or piastres) → the number the API speaks: 4550 → 45.5. */
export const fromHundredths = (hundredths: number): number => Math.round(hundredths) / 100;

/** A number with ≤ 2 decimals → exact integer hundredths (or piastres): 45.5 → 4550, 0.1 + 0.2 → 30. */
export const toHundredths = (value: number): number => Math.round(value * 100);
