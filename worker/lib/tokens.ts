type HmacHash = "SHA-256" | "SHA-512";
const encoder = new TextEncoder();
const toHex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
const hmacKey = (hash: HmacHash, secret: string) =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash }, false, ["sign"]);
const hmacBytes = async (hash: HmacHash, secret: string, message: string) =>
  new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(hash, secret), encoder.encode(message)));

/**
 * True when `a` and `b` hold the same bytes, in a time that depends on their length only (no early exit at the first
 * differing byte that a forger could time). The one comparison of secrets: signatures and password hashes.
 */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** SHA-256 of `input` (UTF-8) as lowercase hex. */
export async function sha256Hex(input: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(input))));
}

/**
 * HMAC(`secret`, `message`) as lowercase hex, SHA-256 unless told: a keyed hash for values that must be compared but
 * never stored readable (a client address: a plain hash of an IPv4 address is reversed by trying all 2³² of them), and
 * the signatures the local stand-ins send.
 */
export async function hmacHex(secret: string, message: string, hash: HmacHash = "SHA-256"): Promise<string> {
  return toHex(await hmacBytes(hash, secret, message));
}

/**
 * True when `givenHex` (either case) is the HMAC of `message` with `secret`, compared by `equalBytes`: the one way
 * signatures are checked. False for an empty secret and for anything that is not exactly the digest's length in hex.
 */
export async function verifyHmacHex(
  secret: string | undefined,
  message: string,
  givenHex: string,
  hash: HmacHash = "SHA-256",
): Promise<boolean> {
  const bytes = hash === "SHA-256" ? 32 : 64;
  if (!secret || givenHex.length !== bytes * 2 || !/^[0-9a-fA-F]+$/.test(givenHex)) return false;
  const given = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) given[i] = Number.parseInt(givenHex.slice(i * 2, i * 2 + 2), 16);
  return equalBytes(await hmacBytes(hash, secret, message), given);
}
