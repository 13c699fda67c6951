/**
 * The request id (docs/product.md#api-errors, #audit-log): every request gets the server's own random id, sent back
 * as `X-Request-Id`, written to audit rows and to error logs. A client's `X-Request-Id` is never used as the id:
 * audit rows are evidence, and a client must not be able to choose what they say. A client's id that is short
 * visible ASCII is only echoed back as `X-Client-Request-Id`, so a caller can still match answers to its own logs.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

/** The longest client id echoed back, characters. */
export const CLIENT_REQUEST_ID_MAX = 64;

/** A client's `X-Request-Id` when it is 1-64 visible ASCII characters; else undefined (dropped). */
export function clientRequestId(value: string | undefined): string | undefined {
  return value && value.length <= CLIENT_REQUEST_ID_MAX && /^[\x21-\x7e]+$/.test(value) ? value : undefined;
}

/** Sets `requestId` (a fresh UUID) and the `X-Request-Id` / `X-Client-Request-Id` answer headers. */
export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = crypto.randomUUID();
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  const client = clientRequestId(c.req.header("X-Request-Id"));
  if (client) c.header("X-Client-Request-Id", client);
  await next();
};
