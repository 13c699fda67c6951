/**
 * Normalising what people type as IDs and numbers (product rules: "Arabic-Indic and Persian digits are accepted
 * wherever an ID or number is typed"; spec §5 "Public results search": trimmed, digits converted as typed).
 * Dependency-free: shared by the Worker, the zod schemas and the web pages (public and admin).
 */

const ARABIC_INDIC_ZERO = 0x0660; // ٠ … ٩ = U+0660 … U+0669
const PERSIAN_ZERO = 0x06f0; // ۰ … ۹ = U+06F0 … U+06F9

/**
 * Converts Arabic-Indic (٠-٩) and Persian/Extended Arabic-Indic (۰-۹) digits to ASCII 0-9; every other character
 * is left as it is. `normalizeDigits("٣١٠۰1")` → `"31001"`.
 */
export function normalizeDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (ch) => {
    const code = ch.charCodeAt(0);
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_INDIC_ZERO);
  });
}

/*
 * Invisible direction marks (LRM, RLM, ALM, LRE…PDF, LRI…PDI) and zero-width characters ride along when an ID is
 * copied from Arabic text; `trim()` does not remove them, and they would make an otherwise correct ID not match.
 */
const INVISIBLES = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/g;

/**
 * A national ID (or passport number) as typed → the stored form: invisible marks removed, digits converted to
 * ASCII, surrounding whitespace trimmed. Letters are kept as typed (callers decide on case).
 * `normalizeNationalId(" ٣١٠٠١٣١٠١١٩٤٦١ ")` → `"31001310119461"`.
 */
export function normalizeNationalId(s: string): string {
  return normalizeDigits(s.replace(INVISIBLES, "")).trim();
}

/**
 * A typed number (e.g. an EGP amount) → a string `Number()` can read: digits converted, the Arabic decimal
 * separator (٫ U+066B) read as ".", invisible marks and surrounding whitespace removed. Thousands separators are
 * NOT removed ("1,5" stays invalid rather than silently becoming 15).
 */
export function normalizeNumberInput(s: string): string {
  return normalizeNationalId(s).replace(/\u066b/g, ".");
}
