/**
 * Opaque random tokens, here so that the database schema (a payment's receipt token default, db/schema/payments.ts)
 * makes them without importing worker/; worker/lib/tokens.ts re-exports it beside the hashes.
 */

/** Opaque session tokens: 32 random bytes, base64url. Only their SHA-256 (hex) is stored. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
