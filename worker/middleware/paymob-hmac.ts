/**
 * The check in front of Paymob's Transaction Processed callback (docs/product.md#online-payments; SECURITY.md): the
 * `?hmac=` must be Paymob's HMAC-SHA512 of the body's transaction with `PAYMOB_HMAC_SECRET`, compared in constant
 * time (worker/services/paymob/hmac.ts), BEFORE the body is validated or anything is read from or written to the
 * database. Missing, malformed or wrong → 401 PAYMOB_HMAC_INVALID and a logged warning (no body, no secret in it).
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { verifyPaymob } from "../services/paymob/hmac";

/** The callback's transaction: `obj` of the body, when the body is a JSON object holding one. */
function transactionOf(text: string): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(text);
    const obj = body && typeof body === "object" ? (body as Record<string, unknown>).obj : null;
    return obj && typeof obj === "object" && !Array.isArray(obj) ? (obj as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Refuses a callback whose HMAC does not verify; the body stays readable for the validator after it. */
export const requirePaymobHmac = createMiddleware<AppEnv>(async (c, next) => {
  const hmac = c.req.query("hmac");
  const obj = transactionOf(await c.req.text());
  const secret = c.env.PAYMOB_HMAC_SECRET ?? "";
  if (!obj || !(await verifyPaymob(obj, hmac, secret))) {
    console.warn(
      JSON.stringify({
        msg: "paymob callback refused",
        why: !hmac ? "no hmac" : !obj ? "no transaction in the body" : !secret ? "no HMAC secret set" : "wrong hmac",
        request_id: c.get("requestId"),
      }),
    );
    throw new ApiError("PAYMOB_HMAC_INVALID");
  }
  await next();
});
