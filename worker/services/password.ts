/**
 * Password hashing: PBKDF2-HMAC-SHA256 over HMAC-SHA256(pepper, password), with a 16-byte random salt.
 * PBKDF2_ITERATIONS must stay ≤ 100,000: production Workers refuse more ("iteration counts above 100000 are
 * not supported"), so a higher value would break login only in production (test/unit/password.test.ts).
 * Runs in workerd and Node 24 (WebCrypto on both).
 */
import { equalBytes } from "../lib/tokens";

export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const enc = new TextEncoder();

export function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function fromBase64(b64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
}

async function pepperedKey(password: string, pepper: string): Promise<CryptoKey> {
  if (!pepper) throw new Error("PASSWORD_PEPPER is not configured");
  const hmacKey = await crypto.subtle.importKey("raw", enc.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const peppered = await crypto.subtle.sign("HMAC", hmacKey, enc.encode(password));
  return crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
}

async function derive(
  password: string,
  pepper: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const key = await pepperedKey(password, pepper);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

/** Hashes a password as `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`. */
export async function hashPassword(password: string, pepper: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  if (iterations > PBKDF2_ITERATIONS) throw new Error(`PBKDF2 iterations must be ≤ ${PBKDF2_ITERATIONS}`);
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, pepper, salt, iterations);
  return `pbkdf2-sha256$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** Constant-time check of `password` against an encoded hash. A malformed hash verifies as false. */
export async function verifyPassword(password: string, encoded: string, pepper: string): Promise<boolean> {
  const [scheme, iter, saltB64, hashB64] = encoded.split("$");
  const iterations = Number(iter);
  if (scheme !== "pbkdf2-sha256" || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS)
    return false;
  const expected = fromBase64(hashB64 ?? "");
  const actual = await derive(password, pepper, fromBase64(saltB64 ?? ""), iterations);
  return equalBytes(actual, expected);
}

/** A fixed hash for unknown usernames, so a miss costs the same PBKDF2 work as a wrong password. */
export const DUMMY_HASH = `pbkdf2-sha256$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
