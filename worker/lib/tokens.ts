export { newToken } from "../../shared/new-token";

type HmacHash = "SHA-256" | "SHA-512";
const encoder = new TextEncoder();
const toHex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
const hmacKey = (hash: HmacHash, secret: string, usage: "sign" | "verify") =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash }, false, [usage]);

/** SHA-256 of `input` (UTF-8) as lowercase hex. */
export async function sha256Hex(input: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(input)));
}

/**
 * HMAC(`secret`, `message`) as lowercase hex, SHA-256 unless told: a keyed hash for values that must be compared but
 * never stored readable (a client address: a plain hash of an IPv4 address is reversed by trying all 2³² of them), and
 * the signatures the local stand-ins send.
 */
export async function hmacHex(secret: string, message: string, hash: HmacHash = "SHA-256"): Promise<string> {
  return toHex(await crypto.subtle.sign("HMAC", await hmacKey(hash, secret, "sign"), encoder.encode(message)));
}

/**
 * True when `givenHex` (either case) is the HMAC of `message` with `secret`. The one way signatures are checked: Web
 * Crypto's `verify` takes the same time whatever the first differing byte (no early exit a forger could time).
 * False for an empty secret and for anything that is not exactly the digest's length in hex.
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
  return crypto.subtle.verify("HMAC", await hmacKey(hash, secret, "verify"), given, encoder.encode(message));
}
