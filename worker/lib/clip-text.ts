/**
 * Values the API echoes back from a refused input (the `key` of a bulk-import row, docs/product.md#bulk-import) are
 * cut to a short prefix: an answer must not grow with what a client sent (a 9 MB ID gave a 9 MB answer).
 * Dependency-free.
 */

/** Longest echoed value, characters (an ID is 14, a results key ≈ 30, a teacher's name and subject ≈ 60). */
export const ECHO_MAX_CHARS = 64;

/** `text` when it has at most `max` characters (code points), else its first `max` followed by "…". */
export function clipText(text: string, max = ECHO_MAX_CHARS): string {
  if (text.length <= max) return text;
  // A code point is at most two UTF-16 units: the first 2 × max + 1 units hold more than `max` of them, if any.
  const head = Array.from(text.slice(0, max * 2 + 1));
  return head.length <= max ? text : `${head.slice(0, max).join("")}…`;
}
