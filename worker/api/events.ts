/**
 * Admin live-event streams (docs/product.md#live-events), bearer token in the Authorization header only.
 * The stream itself is held by the EventHub Durable Object, which closes it when its token is revoked or expires.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { LiveEvent } from "../hub";
import { errors } from "../openapi";
import type { Permission } from "../permissions";
import { guarded } from "../route-permission";
import { subscribe } from "../services/events";

/**
 * The OpenAPI route of a stream at `path` (relative to its sub-app) that carries `events`, open to the roles holding
 * `permission` (docs/product.md#staff-and-roles). The events carry no data, only which list to reload.
 */
export function streamRoute(path: string, events: readonly LiveEvent[], permission: Permission) {
  return createRoute(
    guarded(permission, {
      method: "get",
      path,
      tags: ["Live events"],
      summary: `Server-sent events: ${events.join(", ")}`,
      description:
        "Each event's data is `{}`; the console reloads what it shows. The stream closes when its token is revoked or expires.",
      responses: {
        200: { description: "A text/event-stream", content: { "text/event-stream": { schema: z.string() } } },
        ...errors(401),
      },
    }),
  );
}

/** The handler of a stream of `events` for the signed-in admin (a `text/event-stream` Response, never cached). */
export function streamHandler(events: readonly LiveEvent[]) {
  return async (c: Context<AppEnv>) => {
    const body = await subscribe(c.env, c.executionCtx, events, c.var.ctx.actor.sessionId);
    // Through the context, so the headers set before the handler (X-Request-Id, Access-Control-Expose-Headers) are kept.
    return c.body(body, 200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    });
  };
}
