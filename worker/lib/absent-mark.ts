/**
 * An absent student's mark (docs/product.md#results): a subject's mark is a number or the state "absent". Offices
 * write it "غ", "غائب", "abs" or "absent"; this reads every such spelling (case, spaces, dots and Arabic letter
 * variants ignored) wherever a mark is typed or imported, and writes it back as "غ" (the Results export), so an
 * exported sheet imports as it is. Dependency-free: the zod schemas, the import and the console share it.
 */
import { foldSearchText } from "./normalize";

/** What the Results export writes for an absent subject, and what the form shows for one. */
export const ABSENT_MARK = "غ";

/** The spellings, folded by `foldAbsent` (ة → ه, ئ → ي, no spaces or dots). */
const ABSENT_WORDS = new Set(["غ", "غايب", "غايبه", "غياب", "abs", "absent"]);

/** A mark's text folded for comparison: search folding, then ئ → ي and no spaces, dots, dashes or brackets. */
const foldAbsent = (text: string) =>
  foldSearchText(text)
    .replaceAll("ئ", "ي")
    .replace(/[\s.\-_()[\]"'«»]+/g, "");

/** Whether `value` is an absent mark as typed ("غ", "غائب", "غائبة", "ABS", " absent. "); numbers never are. */
export function isAbsentMark(value: unknown): boolean {
  return typeof value === "string" && ABSENT_WORDS.has(foldAbsent(value));
}

/**
 * The school setting `results_absent_rule` (docs/product.md#results): an absent subject is left out of the total
 * and the percentage (`excluded`, the default), or counted as 0 of its max (`zero`).
 */
export const ABSENT_RULES = ["excluded", "zero"] as const;
export type AbsentRule = (typeof ABSENT_RULES)[number];
export const DEFAULT_ABSENT_RULE: AbsentRule = "excluded";
