/**
 * The Staff form's "Generate" button (docs/product.md#staff-and-roles): a temporary password read aloud or copied
 * by hand without mistakes. Letters and digits that cannot be confused (no 0/O, 1/l/I), in groups of four split by
 * "-", from the browser's cryptographic random numbers. 4 groups: 19 characters, over 80 bits.
 */
/** The characters used: no look-alikes. */
export const PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

const GROUPS = 4;
const GROUP_LENGTH = 4;

/** A random index below `n` without modulo bias, from `random` (fills a Uint32Array, like crypto.getRandomValues). */
function uniformIndex(n: number, random: (a: Uint32Array) => Uint32Array): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    const v = random(buf)[0]!;
    if (v < limit) return v % n;
  }
}

/** A new temporary password such as "h7Kq-WmX3-pa9R-tYcE": 19 characters, more than the 12 the server asks for. */
export function generateTemporaryPassword(
  random: (a: Uint32Array) => Uint32Array = (a) => crypto.getRandomValues(a),
): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => PASSWORD_ALPHABET[uniformIndex(PASSWORD_ALPHABET.length, random)]).join(
      "",
    ),
  );
  return groups.join("-");
}
