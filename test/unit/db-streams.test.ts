/**
 * worker/db-streams.ts: single-statement reads go on streams the isolate keeps open, through libSQL's own client, and
 * everything else reaches the server as the client sent it. The server here speaks the Hrana-over-HTTP pipeline the
 * way the local sqld does (measured there: a used or unknown baton is answered 400, a stream idle for 10 s expires).
 */
import { createClient } from "@libsql/client/web";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StreamPool, STREAM_IDLE_MS, streamReusingFetch } from "../../worker/db-streams";

const URL_A = "http://db-a.test/v2/pipeline";

interface Sent {
  url: string;
  baton: string | null;
  types: string[];
}

/** One statement's result: a single row whose one column is the statement's text. */
const stmtResult = (sql: string) => ({
  cols: [{ name: "n", decltype: null }],
  rows: [[{ type: "text", value: sql }]],
  affected_row_count: 0,
  last_insert_rowid: null,
});

/** A pipeline server: batons are single use; `status` can replace the answers' HTTP status. */
function hranaServer(opts: { status?: () => number } = {}) {
  const live = new Set<string>();
  const sent: Sent[] = [];
  let next = 0;
  let opened = 0;
  const fetchImpl = (async (input: RequestInfo, init?: RequestInit) => {
    const req = new Request(input, init);
    const body = (await req.json()) as {
      baton?: string | null;
      requests: { type: string; stmt?: { sql: string } }[];
    };
    sent.push({ url: req.url, baton: body.baton ?? null, types: body.requests.map((r) => r.type) });
    const status = opts.status?.() ?? 200;
    if (status !== 200) return new Response("{}", { status });
    if (body.baton) {
      if (!live.delete(body.baton)) return new Response('{"message":"invalid baton"}', { status: 400 });
    } else opened++;
    const results = body.requests.map((r) => {
      if (r.type === "close") return { type: "ok", response: { type: "close" } };
      if (r.type !== "execute") return { type: "ok", response: { type: r.type } };
      return { type: "ok", response: { type: "execute", result: stmtResult(r.stmt!.sql) } };
    });
    const closing = body.requests.some((r) => r.type === "close");
    const baton = closing ? null : `b${++next}`;
    if (baton) live.add(baton);
    return Response.json({ baton, base_url: null, results });
  }) as typeof fetch;
  return { fetchImpl, sent, live, opened: () => opened };
}

function clientOn(server: ReturnType<typeof hranaServer>, pool: StreamPool, url = "http://db-a.test") {
  return createClient({ url, fetch: streamReusingFetch(server.fetchImpl, pool) });
}

describe("streamReusingFetch", () => {
  it("sends reads on one kept stream, and the client reads each answer as its own", async () => {
    const server = hranaServer();
    const pool = new StreamPool(4);
    const client = clientOn(server, pool);
    for (const sql of ["SELECT 1", "select 2", "WITH x AS (SELECT 3) SELECT * FROM x"]) {
      const rs = await client.execute(sql);
      expect(rs.rows[0]![0]).toBe(sql);
    }
    expect(server.opened()).toBe(1);
    expect(server.sent.map((s) => s.types.join())).toEqual(["execute", "execute", "execute"]);
    expect(server.sent.map((s) => s.baton)).toEqual([null, "b1", "b2"]);
    expect(pool.size()).toEqual({ idle: 1, taken: 0 });
  });

  it("passes writes, batches and statements on a stream of the caller's through untouched", async () => {
    const server = hranaServer();
    const pool = new StreamPool(4);
    await clientOn(server, pool).execute("INSERT INTO t VALUES (1)");
    const viaPool = streamReusingFetch(server.fetchImpl, pool);
    const bodies = [
      '{"requests":[{"type":"batch","batch":{"steps":[{"stmt":{"sql":"SELECT 1"}}]}},{"type":"close"}]}',
      '{"baton":"mine","requests":[{"type":"execute","stmt":{"sql":"SELECT 1"}},{"type":"close"}]}',
      '{"requests":[{"type":"execute","stmt":{"sql":"BEGIN"}}]}',
    ];
    for (const body of bodies) await viaPool(URL_A, { method: "POST", body });
    expect(server.sent.map((s) => s.types.join())).toEqual([
      "execute,close",
      "batch,close",
      "execute,close",
      "execute",
    ]);
    expect(server.sent.map((s) => s.baton)).toEqual([null, null, "mine", null]);
    expect(pool.size()).toEqual({ idle: 0, taken: 0 });
  });

  it("sends a read again on a new stream when the server no longer knows the kept baton", async () => {
    const server = hranaServer();
    const pool = new StreamPool(4);
    const client = clientOn(server, pool);
    await client.execute("SELECT 1");
    server.live.clear(); // the server restarted
    expect((await client.execute("SELECT 2")).rows[0]![0]).toBe("SELECT 2");
    expect(server.sent.map((s) => s.baton)).toEqual([null, "b1", null]);
    expect(pool.size().idle).toBe(1);
  });

  it("does not reuse a stream idle past STREAM_IDLE_MS", async () => {
    let now = 0;
    const server = hranaServer();
    const pool = new StreamPool(4, () => now);
    const client = clientOn(server, pool);
    await client.execute("SELECT 1");
    now += STREAM_IDLE_MS + 1;
    await client.execute("SELECT 2");
    expect(server.sent.map((s) => s.baton)).toEqual([null, null]);
  });

  it("keeps no stream of a failed answer, and passes the answer on", async () => {
    let status = 503;
    const server = hranaServer({ status: () => status });
    const pool = new StreamPool(4);
    await expect(clientOn(server, pool).execute("SELECT 1")).rejects.toThrow();
    expect(pool.size()).toEqual({ idle: 0, taken: 0 });
    status = 200;
    await clientOn(server, pool).execute("SELECT 1");
    expect(pool.size()).toEqual({ idle: 1, taken: 0 });
  });

  it("never sends a baton to another database", async () => {
    const server = hranaServer();
    const pool = new StreamPool(4);
    await clientOn(server, pool, "http://db-a.test").execute("SELECT 1");
    await clientOn(server, pool, "http://db-b.test").execute("SELECT 1");
    expect(server.sent.map((s) => [s.url, s.baton])).toEqual([
      [URL_A, null],
      ["http://db-b.test/v2/pipeline", null],
    ]);
  });

  it("closes what it cannot keep: a read finding the pool full goes as the client sent it", async () => {
    const server = hranaServer();
    const pool = new StreamPool(1);
    const held = pool.take(URL_A); // a read still in flight
    await clientOn(server, pool).execute("SELECT 1");
    expect(server.sent[0]!.types).toEqual(["execute", "close"]);
    expect(server.live.size).toBe(0);
    pool.give(held!);
  });
});

describe("StreamPool", () => {
  it("a lease whose request never ended stops counting after its lease", () => {
    let now = 0;
    const pool = new StreamPool(1, () => now);
    expect(pool.take(URL_A)).not.toBeNull();
    expect(pool.take(URL_A)).toBeNull();
    now += 15_001;
    expect(pool.take(URL_A)).not.toBeNull();
  });

  it("never holds more streams than its limit, whatever the order of reads, answers and time", () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant("take" as const), db: fc.constantFrom("a", "b") }),
      fc.record({ kind: fc.constant("give" as const), keep: fc.boolean(), pick: fc.nat() }),
      fc.record({ kind: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 20_000 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(step, { maxLength: 60 }), (max, steps) => {
        let now = 0;
        const pool = new StreamPool(max, () => now);
        const out: NonNullable<ReturnType<StreamPool["take"]>>[] = [];
        let batons = 0;
        for (const s of steps) {
          if (s.kind === "take") {
            const lease = pool.take(s.db);
            if (lease) out.push(lease);
          } else if (s.kind === "give" && out.length > 0) {
            const [lease] = out.splice(s.pick % out.length, 1);
            pool.give(lease!, s.keep ? `b${++batons}` : null);
          } else if (s.kind === "wait") now += s.ms;
          const { idle, taken } = pool.size();
          expect(idle + taken).toBeLessThanOrEqual(max);
        }
      }),
    );
  });
});
