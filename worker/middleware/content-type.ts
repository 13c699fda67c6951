/**
 * Request bodies of the API are JSON (docs/product.md#api-errors): a body sent with any other `Content-Type`, or
 * none, is refused with 415 UNSUPPORTED_MEDIA_TYPE before a route reads it. Without this, the route's JSON
 * validator skipped such a body and the handler failed on the missing input with a 500 and a logged stack: anyone
 * could flood the error log and raise false alarms.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";

/** Whether a `Content-Type` value names JSON (`application/json`, any parameters such as a charset). */
export function isJsonType(value: string | undefined): boolean {
  return (value ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";
}

/** Whether the request carries a body: a non-zero `Content-Length`, or a body stream without one (chunked). */
function hasBody(req: Request): boolean {
  const length = req.headers.get("Content-Length");
  return length !== null ? Number(length) !== 0 : req.body !== null;
}

/** Throws 415 UNSUPPORTED_MEDIA_TYPE for a request with a body that is not declared as JSON. */
export const requireJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (hasBody(c.req.raw) && !isJsonType(c.req.header("Content-Type"))) throw new ApiError("UNSUPPORTED_MEDIA_TYPE");
  await next();
};
