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

/** The callback's `type` and transaction (`obj`), when the body is a JSON object. */
function callbackOf(text: string): { type: unknown; obj: Record<string, unknown> | null } | null {
  try {
    const body: unknown = JSON.parse(text);
    if (!body || typeof body !== "object" || Array.isArray(body)) return null;
    const { type, obj } = body as Record<string, unknown>;
    const isObj = obj && typeof obj === "object" && !Array.isArray(obj);
    return { type, obj: isObj ? (obj as Record<string, unknown>) : null };
  } catch {
    return null;
  }
}

/**
 * Refuses a callback whose HMAC does not verify; the body stays readable for the validator after it. A callback of
 * another type (`TOKEN` when card saving is on) is answered 200 "ignored" before anything is read or written, so
 * Paymob does not retry it for ever; it is signed over other fields, and the school acts on none of them.
 */
export const requirePaymobHmac = createMiddleware<AppEnv>(async (c, next) => {
  const hmac = c.req.query("hmac");
  const body = callbackOf(await c.req.text());
  if (typeof body?.type === "string" && body.type !== "TRANSACTION") {
    console.info(JSON.stringify({ msg: "paymob callback ignored", type: body.type.slice(0, 40) }));
    return c.json({ received: true as const, outcome: "ignored" as const }, 200);
  }
  const obj = body?.obj ?? null;
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
