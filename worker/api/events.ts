/**
 * Admin live-event streams (docs/product.md#live-events), bearer token in the Authorization header only.
 * The stream itself is held by the EventHub Durable Object, which closes it when its token is revoked or expires.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { LiveEvent } from "../hub";
import { subscribe } from "../services/events";

export function streamHandler(events: readonly LiveEvent[]) {
  return async (c: Context<AppEnv>) => {
    const body = await subscribe(c.env, c.executionCtx, events, c.get("admin").sessionId);
    return new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
      },
    });
  };
}
