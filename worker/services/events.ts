/** Publishing live events to the EventHub Durable Object (contract "Dashboard and live events"). */
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

/** Opens an SSE stream on the hub for the given events; the Response is handed straight to the client. */
export function subscribe(env: Env, events: readonly LiveEvent[], signal: AbortSignal): Promise<Response> {
  const url = `https://hub/subscribe?topics=${events.join(",")}`;
  return hub(env).fetch(url, { signal });
}
