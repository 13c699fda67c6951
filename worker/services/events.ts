/** Publishing live events to the EventHub Durable Object (docs/product.md#live-events). */
import type { Env } from "../env";
import type { LiveEvent } from "../hub";

function hub(env: Env) {
  return env.EVENT_HUB.get(env.EVENT_HUB.idFromName("global"));
}

/**
 * Sends `event` with data `{ at, entity, id }` to every open stream subscribed to it.
 * Returns the number of streams reached. Never throws: a lost event must not fail the mutation behind it.
 */
export async function publish(env: Env, event: LiveEvent, entity: string, id: string | number | null): Promise<number> {
  try {
    const res = await hub(env).fetch("https://hub/publish", {
      method: "POST",
      body: JSON.stringify({ event, data: { at: new Date().toISOString(), entity, id } }),
    });
    return ((await res.json()) as { delivered: number }).delivered;
  } catch (err) {
    console.error(JSON.stringify({ msg: "publish failed", event, err: String(err) }));
    return 0;
  }
}

/**
 * Closes the open streams of the given admin sessions (tokens just revoked by logout or a password change).
 * Returns how many closed. Never throws: the hub's keepalive re-check closes them anyway within KEEPALIVE_MS.
 */
export async function closeStreams(env: Env, sessions: number[]): Promise<number> {
  if (sessions.length === 0) return 0;
  try {
    const res = await hub(env).fetch("https://hub/revoke", { method: "POST", body: JSON.stringify({ sessions }) });
    return ((await res.json()) as { closed: number }).closed;
  } catch (err) {
    console.error(JSON.stringify({ msg: "closing event streams failed", err: String(err) }));
    return 0;
  }
}

/**
 * Opens an SSE stream on the hub for the given events, on behalf of admin session `sessionId`, and returns a body for
 * the client. When the client goes away (its body is cancelled), the hub is told to drop the stream
 * (`ctx.waitUntil`), so none pile up; when the hub closes it (token revoked or expired), the body ends.
 */
export async function subscribe(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  events: readonly LiveEvent[],
  sessionId: number,
): Promise<ReadableStream<Uint8Array>> {
  const stub = hub(env);
  const upstream = await stub.fetch(`https://hub/subscribe?topics=${events.join(",")}&session=${sessionId}`);
  const id = upstream.headers.get("X-Hub-Client") ?? "";
  const reader = upstream.body!.getReader();
  const unsubscribe = () =>
    stub.fetch(`https://hub/unsubscribe?id=${encodeURIComponent(id)}`, { method: "POST" }).then(
      () => undefined,
      () => undefined,
    );
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        ctx.waitUntil(unsubscribe());
      } else controller.enqueue(value);
    },
    cancel() {
      reader.cancel().catch(() => {});
      ctx.waitUntil(unsubscribe());
    },
  });
}
