/**
 * Normalising what people type as IDs and numbers (product rules: "Arabic-Indic and Persian digits are accepted
 * wherever an ID or number is typed"; docs/product.md#public-results: trimmed, digits converted as typed).
 * Dependency-free: shared by the Worker, the zod schemas and the web pages (public and admin).
 */

const ARABIC_INDIC_ZERO = 0x0660; // ٠ … ٩ = U+0660 … U+0669
const PERSIAN_ZERO = 0x06f0; // ۰ … ۹ = U+06F0 … U+06F9
const FULL_WIDTH_ZERO = 0xff10; // ０ … ９ = U+FF10 … U+FF19 (East Asian keyboards and some phone keypads)

/**
 * Converts Arabic-Indic (٠-٩), Persian/Extended Arabic-Indic (۰-۹) and full-width (０-９) digits to ASCII 0-9; every
 * other character is left as it is. `normalizeDigits("٣١٠۰1")` → `"31001"`.
 */
export function normalizeDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (ch) => {
    const code = ch.charCodeAt(0);
    const zero = code >= FULL_WIDTH_ZERO ? FULL_WIDTH_ZERO : code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
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
 * Bidirectional embedding, override and isolate controls (LRE…RLO U+202A-U+202E, LRI…PDI U+2066-U+2069): they
 * reorder the characters around them, so a stored name such as "\u202eدمحأ" displays as another name ("Trojan
 * Source"). Nothing typed into a form of this product needs them: the pages isolate every value themselves.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** Direction marks (LRM U+200E, RLM U+200F, ALM U+061C): invisible, they make two names that look equal differ. */
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * Free text as stored (docs/product.md#security-and-privacy): bidirectional controls removed; direction marks removed
 * too unless `keepMarks` (prose such as news content, where a writer places an RLM after Latin text on purpose).
 * Every free-text field of the API's zod schemas passes through here (worker/contracts/text-field.ts).
 * `stripBidiControls("\u202eAli\u202c")` → `"Ali"`.
 */
export function stripBidiControls(text: string, keepMarks = false): string {
  const out = text.replace(BIDI_CONTROLS, "");
  return keepMarks ? out : out.replace(DIRECTION_MARKS, "");
}

/** Harakat U+064B-U+065F, superscript alef U+0670, tatweel U+0640: ignored by the search. */
export const SEARCH_STRIPPED = /[\u064b-\u065f\u0670\u0640]/g;
/** Letter variants the search treats as equal: [from, to]. */
export const SEARCH_FOLDS = [
  ["أ", "ا"],
  ["إ", "ا"],
  ["آ", "ا"],
  ["ى", "ي"],
  ["ة", "ه"],
] as const;

/**
 * The comparable form of a search text (docs/product.md#languages-and-numbers, the admin tables' search): invisible marks removed, Arabic-Indic
 * and Persian digits → ASCII, NFKC, lower-cased, Arabic diacritics and tatweel removed, أ/إ/آ → ا, ى → ي, ة → ه,
 * runs of whitespace → one space, trimmed. Used by the console's client-side tables and by the paged list
 * endpoints, which compare it with `students.search_name`: the stored names folded the same way by the database
 * (db/migrations/0002_students_search_name_triggers.sql).
 */
export function foldSearchText(text: string): string {
  let folded = normalizeNationalId(text).normalize("NFKC").toLocaleLowerCase("en").replace(SEARCH_STRIPPED, "");
  for (const [from, to] of SEARCH_FOLDS) folded = folded.replaceAll(from, to);
  return folded.replace(/\s+/g, " ").trim();
}
