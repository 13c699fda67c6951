/**
 * Admin live-event streams (docs/product.md#live-events), bearer token in the Authorization header only.
 * The stream itself is held by the EventHub Durable Object, which closes it when its token is revoked or expires.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { LiveEvent } from "../hub";
import { errors } from "../openapi";
import { can, type Permission } from "../permissions";
import type { StaffRole } from "../../common/staff-roles";
import { guarded } from "../route-permission";
import { subscribe } from "../services/events";

/**
 * The read permission of the list each event reloads: a stream carries an event only to people who may read that list
 * (docs/product.md#live-events), so its ids and times reach no one else.
 */
export const EVENT_PERMISSION = {
  students_changed: "students.read",
  fees_changed: "fees.read",
  news_updated: "news.read",
  seats_changed: "selection.read",
} as const satisfies Record<LiveEvent, Permission>;

/** `events` less those whose list `role` may not read. */
export function eventsFor(role: StaffRole, events: readonly LiveEvent[]): LiveEvent[] {
  return events.filter((e) => can(role, EVENT_PERMISSION[e]));
}

/**
 * The OpenAPI route of a stream at `path` (relative to its sub-app) that carries `events`, open to the roles holding
 * `permission` (docs/product.md#staff-and-roles), each event only to those holding its `EVENT_PERMISSION`. An event
 * says only which list to reload (`{at, entity, id}`).
 */
export function streamRoute(path: string, events: readonly LiveEvent[], permission: Permission) {
  const needs = events.map((e) => `${e}: ${EVENT_PERMISSION[e]}`).join(", ");
  return createRoute(
    guarded(permission, {
      method: "get",
      path,
      tags: ["Live events"],
      summary: `Server-sent events: ${events.join(", ")}`,
      description:
        `Each event goes only to readers of its list (${needs}). ` +
        "Its data is `{at, entity, id}`; the console reloads what it shows. " +
        "The stream closes when its token is revoked or expires.",
      responses: {
        200: { description: "A text/event-stream", content: { "text/event-stream": { schema: z.string() } } },
        ...errors(401),
      },
    }),
  );
}

/**
 * The handler of a stream of `events` for the signed-in person (a `text/event-stream` Response, never cached), left
 * with the events whose list their role may read (`eventsFor`); a role change closes the stream (it reconnects).
 */
export function streamHandler(events: readonly LiveEvent[]) {
  return async (c: Context<AppEnv>) => {
    const { role, sessionId } = c.var.ctx.actor;
    const body = await subscribe(c.env, c.executionCtx, eventsFor(role, events), sessionId);
    // Through the context, so the headers set before the handler (X-Request-Id, Access-Control-Expose-Headers) are kept.
    return c.body(body, 200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    });
  };
}
