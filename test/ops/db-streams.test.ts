/**
 * worker/db-streams.ts against the real local server (sqld): libSQL's client reads through kept streams, each read
 * after the first goes on the stream the last one left open, and reads keep answering when the server forgets every
 * stream (killed with SIGKILL and started again on the same data) or lets one expire.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSqld, type Sqld } from "../../scripts/lib/sqld";
import { retryingFetch } from "../../worker/db-retry";
import { StreamPool, streamReusingFetch } from "../../worker/db-streams";

let dir: string;
let sqld: Sqld;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "db-streams-"));
  sqld = await startSqld(join(dir, "data.db"));
});
afterAll(async () => {
  sqld?.process.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** A client as the Worker builds one, over a fetch that records whether each call went on a kept stream. */
function client(pool: StreamPool) {
  const calls: { kept: boolean; status: number }[] = [];
  const recording = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body instanceof ArrayBuffer ? new TextDecoder().decode(init.body) : String(init?.body);
    const kept = body.startsWith('{"baton":"');
    const res = await fetch(input, init);
    calls.push({ kept, status: res.status });
    return res;
  }) as typeof fetch;
  const db = createClient({ url: sqld.url, fetch: streamReusingFetch(retryingFetch(recording, 0, 2_000), pool) });
  return { db, calls };
}

describe("reads on kept streams, real sqld", () => {
  it("reads on one kept stream, sees every committed write, and recovers when the server restarts", async () => {
    const pool = new StreamPool(8);
    const { db, calls } = client(pool);
    await db.execute("CREATE TABLE t (n INTEGER)");
    for (let n = 1; n <= 5; n++) {
      await db.execute({ sql: "INSERT INTO t VALUES (?)", args: [n] });
      const rs = await db.execute("SELECT count(*) AS c, sum(n) AS s FROM t");
      expect(rs.rows[0]).toMatchObject({ c: n, s: (n * (n + 1)) / 2 });
    }
    // CREATE, then a write and a read per round: writes never go on kept streams, reads after the first always do.
    const kept = calls.map((c) => c.kept);
    expect(kept).toEqual([false, false, false, false, true, false, true, false, true, false, true]);
    expect(calls.every((c) => c.status === 200)).toBe(true);

    await sqld.restart(); // SIGKILL and the same command line: every stream is gone
    calls.length = 0;
    const rs = await db.execute("SELECT count(*) AS c FROM t");
    expect(rs.rows[0]).toMatchObject({ c: 5 });
    // The kept baton was refused (400), and the same read went again on a new stream.
    expect(calls.map((c) => [c.kept, c.status])).toEqual([
      [true, 400],
      [false, 200],
    ]);
    expect(pool.size()).toEqual({ idle: 1, taken: 0 });
  });

  it("reads many at once, each with its own rows, within the pool's limit of streams", async () => {
    const pool = new StreamPool(4);
    const { db } = client(pool);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => db.execute({ sql: "SELECT ? AS i", args: [i] })),
    );
    expect(answers.map((rs) => rs.rows[0]!.i)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(pool.size().idle).toBeLessThanOrEqual(4);
  });
});
