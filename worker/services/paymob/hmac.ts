/**
 * Paymob's HMAC of a transaction callback (docs/product.md#online-payments): HMAC-SHA512, keyed with the account's
 * HMAC secret, over the values of 20 fields of the transaction (`obj` of the Transaction Processed callback)
 * concatenated in Paymob's documented order without separators, as lowercase hex; Paymob sends it as `?hmac=`.
 * Booleans are written `true`/`false`, numbers in decimal, a missing or null value as nothing.
 * Web Crypto only (worker/lib/tokens.ts): the Worker, the local stand-in (scripts/lib/paymob-standin.ts) and the unit
 * test use this one module.
 */
import { hmacHex, verifyHmacHex } from "../../lib/tokens";

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

/** The lowercase hex HMAC-SHA512 of `obj` with `secret` (what the stand-in sends as `?hmac=`). */
export function signPaymob(obj: Record<string, unknown>, secret: string): Promise<string> {
  return hmacHex(secret, hmacString(obj), "SHA-512");
}

/** True when `hmac` is Paymob's HMAC of `obj` with `secret`, checked in constant time. False for an empty secret. */
export function verifyPaymob(obj: Record<string, unknown>, hmac: string | null | undefined, secret: string) {
  return verifyHmacHex(secret, hmacString(obj), hmac ?? "", "SHA-512");
}
