/**
 * EventHub: a Durable Object that holds every open admin event stream, so that an event published from any
 * Worker isolate reaches every stream (docs/product.md#live-events). One instance, named "global".
 *
 * - `GET /subscribe?topics=a,b&session=N` → `text/event-stream` with header `X-Hub-Client` (the stream's id); a
 *   `: keepalive` comment every KEEPALIVE_MS. `session` is the admin session (token) that opened the stream.
 * - `POST /unsubscribe?id=…` drops a stream. The Worker calls it when its client goes away, because a client's
 *   cancel does not reach the Durable Object's writer across the fetch boundary.
 * - `POST /publish` `{ event, data }` → `{ delivered }` (streams whose topics include `event`).
 * - `POST /revoke` `{ sessions: number[] }` → `{ closed }`: closes the streams of revoked tokens (logout, password
 *   change). `POST /check` → `{ closed }`: re-checks every stream's session in the database now.
 * Every keepalive tick also re-checks the sessions (one query for all streams), so a token revoked or expired by any
 * path loses its streams within KEEPALIVE_MS. A database that cannot answer keeps the streams open (they carry only
 * `{at, entity, id}`), and the next tick checks again.
 */
import { DurableObject } from "cloudflare:workers";
import { and, gt, inArray, isNull } from "drizzle-orm";
import { adminSessions } from "../db/schema";
import { getDb } from "./db";
import type { Env } from "./env";

export const LIVE_EVENTS = ["students_changed", "fees_changed", "news_updated", "seats_changed"] as const;
export type LiveEvent = (typeof LIVE_EVENTS)[number];

/** Keepalive (and session re-check) interval in ms; docs/product.md#live-events asks for one at least every 15 s. */
export const KEEPALIVE_MS = 10_000;

interface Client {
  id: string;
  topics: Set<string>;
  sessionId: number;
  writer: WritableStreamDefaultWriter<Uint8Array>;
}

const encoder = new TextEncoder();

export class EventHub extends DurableObject<Env> {
  private clients = new Map<string, Client>();
  private timer: ReturnType<typeof setInterval> | null = null;

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/subscribe") return this.subscribe(url, request.signal);
    if (request.method === "POST") {
      if (url.pathname === "/publish") {
        const { event, data } = (await request.json()) as { event: string; data: unknown };
        return Response.json({ delivered: await this.broadcast(event, data) });
      }
      if (url.pathname === "/unsubscribe") {
        const client = this.clients.get(url.searchParams.get("id") ?? "");
        if (client) this.drop(client);
        return Response.json({ ok: true });
      }
      if (url.pathname === "/revoke") {
        const { sessions } = (await request.json()) as { sessions: number[] };
        return Response.json({ closed: this.closeSessions(new Set(sessions)) });
      }
      if (url.pathname === "/check") return Response.json({ closed: await this.checkSessions() });
    }
    if (url.pathname === "/stats") return Response.json({ clients: this.clients.size });
    return new Response("not found", { status: 404 });
  }

  private subscribe(url: URL, signal: AbortSignal): Response {
    const topics = new Set((url.searchParams.get("topics") ?? "").split(",").filter(Boolean));
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const client: Client = {
      id: crypto.randomUUID(),
      topics,
      sessionId: Number(url.searchParams.get("session")),
      writer: writable.getWriter(),
    };
    this.clients.set(client.id, client);
    this.timer ??= setInterval(() => void this.tick(), KEEPALIVE_MS);
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

  private async tick() {
    for (const client of this.clients.values()) this.send(client, ": keepalive\n\n");
    await this.checkSessions();
  }

  /** Closes the streams whose session is no longer live (revoked, expired, deleted). Returns how many. */
  private async checkSessions(): Promise<number> {
    const ids = [...new Set([...this.clients.values()].map((c) => c.sessionId))];
    if (ids.length === 0) return 0;
    try {
      const live = await getDb(this.env)
        .select({ id: adminSessions.id })
        .from(adminSessions)
        .where(
          and(
            inArray(adminSessions.id, ids),
            isNull(adminSessions.revokedAt),
            gt(adminSessions.expiresAt, new Date().toISOString()),
          ),
        );
      const alive = new Set(live.map((r) => r.id));
      return this.closeSessions(new Set(ids.filter((id) => !alive.has(id))));
    } catch (err) {
      console.warn(JSON.stringify({ msg: "event stream session check failed", err: String(err) }));
      return 0;
    }
  }

  private closeSessions(sessions: Set<number>): number {
    let closed = 0;
    for (const client of [...this.clients.values()]) {
      if (!sessions.has(client.sessionId)) continue;
      this.drop(client);
      closed++;
    }
    return closed;
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
    client.writer.close().catch(() => {});
    if (this.clients.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
