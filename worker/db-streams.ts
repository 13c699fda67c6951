/**
 * Reads on open database streams (docs/decisions/0038-reads-reuse-database-streams.md). libSQL's HTTP client opens a
 * new stream for every `execute` and closes it in the same request (`{baton: null, requests: [execute, close]}`), and
 * the server opens a new SQLite connection for each stream, which parses the whole schema before its first statement.
 * With this product's schema (about 90 tables, indexes and triggers) that was 1.4-1.75 ms of the local server's CPU per
 * call against 0.23-0.29 ms on a stream kept open (bench/sqld-streams.ts; bench/README.md, "Eighth pass").
 *
 * So a single-statement read is sent on a stream this isolate keeps open: its request goes with the stream's baton and
 * without the `close`, and the answer is handed to the client as if the stream had been closed. Only plain reads
 * (`isReadSql`, no batch, no transaction) ride on kept streams, so a kept stream never holds a transaction or a lock.
 * The pool holds batons (strings), never a promise or an I/O object, so no request waits on another's I/O (workerd
 * cancels such a request). A baton the server no longer knows (expired after 10 s idle, used, or a restarted server)
 * is answered 400 and the read is sent again on a new stream: a read is safe to repeat.
 */
import { DB_LANES, isReadSql } from "./db-bound";

/**
 * Streams one isolate keeps open at most: one per read the read lane lets through at once, so that under results
 * day's load every read finds one (at 64, a quarter of the lane, the server still spent 0.79 ms per lookup against
 * 0.51 ms). The local server then held 140 MB under results day's load, against 118 MB for e7da0d0's one-shot streams.
 */
export const STREAM_POOL_MAX = DB_LANES.read.limit;
/** A stream idle longer than this is not reused: the server expires it after 10 s, in ms. */
export const STREAM_IDLE_MS = 5_000;
/** A stream taken by a request that never gave it back (cancelled) stops counting after this, in ms. */
const STREAM_LEASE_MS = 15_000;

interface IdleStream {
  baton: string;
  baseUrl: string | null;
  at: number;
}

/** A read's hold on the pool: its database, and the kept stream it goes on (null: a new one) until `give` ends it. */
export interface StreamLease {
  url: string;
  since: number;
  stream: IdleStream | null;
}

/**
 * The open streams of one isolate, per database (the pipeline URL: a baton means nothing to another server): idle ones
 * to reuse, newest last, and leases on the ones in use. Counts and times only, so any request may use it.
 */
export class StreamPool {
  private readonly idle = new Map<string, IdleStream[]>();
  private readonly taken = new Set<StreamLease>();

  constructor(
    readonly max = STREAM_POOL_MAX,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** Streams idle (every database) and in use, for tests. */
  size(): { idle: number; taken: number } {
    this.reap();
    return { idle: this.idleCount(), taken: this.taken.size };
  }

  /**
   * A lease for one read on the database at `url`: on its newest idle stream, or on a new one that may be kept. Null
   * when the pool is full: the read then goes on a stream of its own, closed as libSQL sends it.
   */
  take(url: string): StreamLease | null {
    const now = this.reap();
    const stream = this.idle.get(url)?.pop() ?? null;
    if (!stream && this.taken.size + this.idleCount() >= this.max) return null;
    const lease = { url, since: now, stream };
    this.taken.add(lease);
    return lease;
  }

  /** Ends a lease: its stream goes back idle when the server gave a baton for it, else it is forgotten. */
  give(lease: StreamLease, baton?: string | null, baseUrl?: string | null): void {
    if (!this.taken.delete(lease) || !baton) return;
    const list = this.idle.get(lease.url) ?? [];
    list.push({ baton, baseUrl: baseUrl ?? null, at: this.clock() });
    this.idle.set(lease.url, list);
  }

  private idleCount(): number {
    let n = 0;
    for (const list of this.idle.values()) n += list.length;
    return n;
  }

  /** Drops idle streams past STREAM_IDLE_MS and leases past STREAM_LEASE_MS; returns now. */
  private reap(): number {
    const now = this.clock();
    for (const list of this.idle.values()) {
      while (list.length > 0 && now - list[0]!.at > STREAM_IDLE_MS) list.shift();
    }
    for (const lease of this.taken) if (now - lease.since > STREAM_LEASE_MS) this.taken.delete(lease);
    return now;
  }
}

/** The per-isolate pool of the Worker's database client (worker/db.ts). */
export const streams = new StreamPool();

interface StreamRequest {
  type: string;
  stmt?: { sql?: string };
}

/**
 * The `execute` request of a body that is a single-statement read on a new stream, as libSQL sends it
 * (`{baton?: null, requests: [execute, close]}`); null for anything else.
 */
function plainRead(body: string): StreamRequest | null {
  if (!body.endsWith('{"type":"close"}]}')) return null;
  const p = JSON.parse(body) as { baton?: string | null; requests: StreamRequest[] };
  const [first, second] = p.requests;
  const read = p.baton == null && p.requests.length === 2 && first?.type === "execute" && second?.type === "close";
  return read && isReadSql(first.stmt?.sql ?? "") ? first : null;
}

const CLOSED = { type: "ok", response: { type: "close" } };

/**
 * `fetch` for libSQL's HTTP client that sends single-statement reads on kept streams from `pool` (see the module
 * doc). Anything else passes through `inner` untouched, as do answers other than 200 (the client raises its errors).
 */
export function streamReusingFetch(inner: typeof fetch, pool: StreamPool = streams): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input as RequestInfo, init);
    if (request.method !== "POST" || !request.url.endsWith("/v2/pipeline")) return inner(request);
    const body = await request.text();
    const read = plainRead(body);
    const send = (url: string, text: string) =>
      inner(url, { method: "POST", headers: request.headers, body: text, signal: request.signal });
    if (!read) return send(request.url, body);
    const lease = pool.take(request.url);
    if (!lease) return send(request.url, body);
    const { stream } = lease;
    const requests = [read];
    try {
      let res: Response | null = null;
      if (stream) {
        const url = stream.baseUrl ? new URL("v2/pipeline", stream.baseUrl).toString() : request.url;
        res = await send(url, JSON.stringify({ baton: stream.baton, requests }));
        // 400: the server no longer knows this baton (expired, restarted); the read goes again on a new stream.
        if (res.status === 400) {
          await res.body?.cancel();
          res = null;
        }
      }
      res ??= await send(request.url, JSON.stringify({ baton: null, requests }));
      if (res.status !== 200) return res;
      const answer = (await res.json()) as { baton: string | null; base_url: string | null; results: unknown[] };
      pool.give(lease, answer.baton, answer.base_url);
      const closed = { baton: null, base_url: null, results: [...answer.results, CLOSED] };
      return new Response(JSON.stringify(closed), { status: 200, headers: { "Content-Type": "application/json" } });
    } finally {
      pool.give(lease);
    }
  };
}
