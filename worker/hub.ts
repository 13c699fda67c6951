/**
 * EventHub: a Durable Object that holds every open admin event stream, so that an event published from any
 * Worker isolate reaches every stream (contract "Dashboard and live events"). One instance, named "global".
 *
 * - `GET /subscribe?topics=a,b` → `text/event-stream` with header `X-Hub-Client` (the stream's id); a
 *   `: keepalive` comment every KEEPALIVE_MS.
 * - `POST /unsubscribe?id=…` drops a stream. The Worker calls it when its client goes away, because a client's
 *   cancel does not reach the Durable Object's writer across the fetch boundary.
 * - `POST /publish` `{ event, data }` → `{ delivered }` (streams whose topics include `event`).
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "./env";

export const LIVE_EVENTS = ["students_changed", "fees_changed", "news_updated", "seats_changed"] as const;
export type LiveEvent = (typeof LIVE_EVENTS)[number];

/** Keepalive interval in ms; the contract asks for at least one comment every 15 s. */
export const KEEPALIVE_MS = 10_000;

interface Client {
  id: string;
  topics: Set<string>;
  writer: WritableStreamDefaultWriter<Uint8Array>;
  timer: ReturnType<typeof setInterval>;
}

const encoder = new TextEncoder();

export class EventHub extends DurableObject<Env> {
  private clients = new Map<string, Client>();

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/subscribe") return this.subscribe(url, request.signal);
    if (url.pathname === "/publish" && request.method === "POST") {
      const { event, data } = (await request.json()) as { event: string; data: unknown };
      return Response.json({ delivered: await this.broadcast(event, data) });
    }
    if (url.pathname === "/unsubscribe" && request.method === "POST") {
      const client = this.clients.get(url.searchParams.get("id") ?? "");
      if (client) this.drop(client);
      return Response.json({ ok: true });
    }
    if (url.pathname === "/stats") return Response.json({ clients: this.clients.size });
    return new Response("not found", { status: 404 });
  }

  private subscribe(url: URL, signal: AbortSignal): Response {
    const topics = new Set((url.searchParams.get("topics") ?? "").split(",").filter(Boolean));
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const client: Client = {
      id: crypto.randomUUID(),
      topics,
      writer,
      timer: setInterval(() => this.send(client, ": keepalive\n\n"), KEEPALIVE_MS),
    };
    this.clients.set(client.id, client);
    signal.addEventListener("abort", () => this.drop(client));
    this.send(client, `retry: 3000\n: connected\n\n`);
    return new Response(readable, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        Connection: "keep-alive",
        "X-Hub-Client": client.id,
      },
    });
  }

  private async broadcast(event: string, data: unknown): Promise<number> {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    let delivered = 0;
    for (const client of this.clients.values()) {
      if (!client.topics.has(event)) continue;
      this.send(client, frame);
      delivered++;
    }
    return delivered;
  }

  private send(client: Client, text: string) {
    client.writer.write(encoder.encode(text)).catch(() => this.drop(client));
  }

  private drop(client: Client) {
    if (!this.clients.delete(client.id)) return;
    clearInterval(client.timer);
    client.writer.close().catch(() => {});
  }
}
