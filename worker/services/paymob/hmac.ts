/**
 * Paymob's HMAC of a transaction callback (docs/product.md#online-payments): HMAC-SHA512, keyed with the account's
 * HMAC secret, over the values of 20 fields of the transaction (`obj` of the Transaction Processed callback)
 * concatenated in Paymob's documented order without separators, as lowercase hex; Paymob sends it as `?hmac=`.
 * Booleans are written `true`/`false`, numbers in decimal, a missing or null value as nothing.
 * Dependency-free (Web Crypto): the Worker, the local stand-in (scripts/lib/paymob-standin.ts) and the unit test
 * use this one module.
 */

/** The fields, in the order Paymob concatenates them (dotted: nested in `order` and `source_data`). */
export const PAYMOB_HMAC_FIELDS = [
  "amount_cents",
  "created_at",
  "currency",
  "error_occured",
  "has_parent_transaction",
  "id",
  "integration_id",
  "is_3d_secure",
  "is_auth",
  "is_capture",
  "is_refunded",
  "is_standalone_payment",
  "is_voided",
  "order.id",
  "owner",
  "pending",
  "source_data.pan",
  "source_data.sub_type",
  "source_data.type",
  "success",
] as const;

/** The value at a dotted path of `obj`, as Paymob writes it into the string. */
function valueAt(obj: Record<string, unknown>, path: string): string {
  let v: unknown = obj;
  for (const key of path.split(".")) v = v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined;
  if (v === undefined || v === null) return "";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "object") return "";
  return String(v);
}

/** The string Paymob signs: the 20 values of `obj` concatenated in order. */
export function hmacString(obj: Record<string, unknown>): string {
  return PAYMOB_HMAC_FIELDS.map((f) => valueAt(obj, f)).join("");
}

const encoder = new TextEncoder();

function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-512" }, false, [usage]);
}

/** The lowercase hex HMAC-SHA512 of `obj` with `secret` (what the stand-in sends as `?hmac=`). */
export async function signPaymob(obj: Record<string, unknown>, secret: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), encoder.encode(hmacString(obj)));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** 64 bytes from 128 hex digits (either case); null for anything else. */
function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-fA-F]{128}$/.test(hex)) return null;
  const out = new Uint8Array(64);
  for (let i = 0; i < 64; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * True when `hmac` is Paymob's HMAC of `obj` with `secret`. The comparison is Web Crypto's `verify`, which takes the
 * same time whatever the first differing byte (no early exit a forger could time). False for an empty secret.
 */
export async function verifyPaymob(
  obj: Record<string, unknown>,
  hmac: string | null | undefined,
  secret: string,
): Promise<boolean> {
  const given = hexBytes(hmac ?? "");
  if (!given || !secret) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(secret, "verify"), given, encoder.encode(hmacString(obj)));
}
