/**
 * scripts/lib/sqld-supervisor.ts: a local sqld whose writes stop working is restarted by itself, with nothing
 * committed lost and nothing half-written (docs/product.md#health). Faults made on purpose: a frozen process
 * (SIGSTOP), a killed one (SIGKILL), and a write lock that jams while reads still answer (sqld 0.24's deadlock,
 * played by a stand-in that speaks the same Hrana pipeline protocol: the real deadlock comes by chance, see
 * bench/sqld-stall.ts and the storm benchmark).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrapDatabase } from "../../scripts/lib/bootstrap";
import { startSqld, type Sqld } from "../../scripts/lib/sqld";
import { superviseSqld, type Supervisor } from "../../scripts/lib/sqld-supervisor";
import { retryingFetch } from "../../worker/db-retry";

const FAST = { intervalMs: 300, probeTimeoutMs: 1_000, failAfterMs: 2_000, unresponsiveAfterMs: 5_000, log: () => {} };

/** Polls a write every 200 ms until one commits; resolves with the ms it took. Gives up after `maxMs`. */
async function msUntilWritesWork(url: string, maxMs = 30_000): Promise<number> {
  const client = createClient({ url, fetch: retryingFetch(fetch, 0, 1_000) });
  const t0 = Date.now();
  try {
    for (;;) {
      try {
        await client.execute("INSERT INTO drill (pair, half) VALUES (-1, 0)");
        return Date.now() - t0;
      } catch {
        if (Date.now() - t0 > maxMs) throw new Error(`writes did not come back within ${maxMs} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  } finally {
    client.close();
  }
}

/** Resolves once the supervisor has recorded `n` restarts (its log line comes after the integrity check). */
async function restartsReach(supervisor: Supervisor, n: number): Promise<void> {
  const t0 = Date.now();
  while (supervisor.restarts.length < n && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 50));
}

describe("the sqld supervisor on a real sqld", () => {
  let dir: string;
  let sqld: Sqld;
  let supervisor: Supervisor;
  let pairs = 0;
  const acknowledged = new Set<number>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sqld-supervisor-"));
    sqld = await startSqld(join(dir, "db"));
    await bootstrapDatabase({
      url: sqld.url,
      pepper: "p",
      admin: { username: "admin", password: "x-pass-123" },
      seedDemo: false,
    });
    const c = createClient({ url: sqld.url });
    await c.execute("CREATE TABLE drill (pair INTEGER NOT NULL, half INTEGER NOT NULL)");
    c.close();
    supervisor = superviseSqld(sqld, FAST);
  }, 60_000);

  afterAll(async () => {
    supervisor?.stop();
    await sqld?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Writers that keep committing pairs (two rows in one transaction) until `until` resolves; acknowledged ones noted. */
  async function writeDuring(until: Promise<unknown>) {
    const client = createClient({ url: sqld.url, fetch: retryingFetch(fetch, 0, 1_000) });
    let done = false;
    void until.finally(() => (done = true));
    const writer = async () => {
      while (!done) {
        const n = ++pairs;
        try {
          await client.batch([`INSERT INTO drill VALUES (${n}, 1)`, `INSERT INTO drill VALUES (${n}, 2)`], "write");
          acknowledged.add(n);
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    await Promise.all([writer(), writer(), writer()]);
    client.close();
  }

  async function checkNothingLostOrHalf() {
    const c = createClient({ url: sqld.url });
    const rows = (await c.execute("SELECT pair, count(*) AS n FROM drill WHERE pair > 0 GROUP BY pair")).rows;
    const integrity = (await c.execute("PRAGMA integrity_check")).rows[0]![0];
    c.close();
    expect(integrity).toBe("ok");
    const stored = new Map(rows.map((r) => [Number(r.pair), Number(r.n)]));
    for (const [pair, n] of stored) expect(n, `pair ${pair} half-written`).toBe(2);
    for (const pair of acknowledged) expect(stored.has(pair), `acknowledged pair ${pair} lost`).toBe(true);
  }

  /** Sends `signal` to sqld while writers run; resolves with the one restart it caused, once writes work again. */
  async function faultAndRecover(signal: NodeJS.Signals) {
    const before = supervisor.restarts.length;
    sqld.process.kill(signal);
    const back = msUntilWritesWork(sqld.url);
    await writeDuring(back);
    expect(await back).toBeLessThan(15_000);
    await restartsReach(supervisor, before + 1);
    expect(supervisor.restarts.length).toBe(before + 1);
    return supervisor.restarts.at(-1)!;
  }

  it("restarts a frozen sqld (SIGSTOP): writes work again within 15 s, nothing lost or half-written", async () => {
    await writeDuring(new Promise((r) => setTimeout(r, 500)));
    const restart = await faultAndRecover("SIGSTOP");
    expect(restart.cause).toMatch(/SIGSTOP/);
    expect(restart.integrity).toBe("ok");
    await checkNothingLostOrHalf();
    expect(acknowledged.size).toBeGreaterThan(0);
  });

  it("restarts a killed sqld and counts every restart in db_health", async () => {
    expect((await faultAndRecover("SIGKILL")).cause).toMatch(/exited/);
    await checkNothingLostOrHalf();
    const c = createClient({ url: sqld.url });
    const [row] = (await c.execute("SELECT restarts, last_restart_cause FROM db_health WHERE id = 1")).rows;
    c.close();
    expect(Number(row!.restarts)).toBe(supervisor.restarts.length);
    expect(String(row!.last_restart_cause)).toMatch(/exited/);
  });
});

/**
 * A stand-in for sqld that speaks the same Hrana pipeline and admin stats: "up" answers at once; "busy" answers our
 * writes only after `BUSY_ANSWER_MS` (past the probe's deadline) while other clients' writes go on committing (its
 * frame count moves every 200 ms); "jam" never answers a statement that writes while reads answer and nothing
 * commits, until it is restarted (the deadlock lives and dies with the process); "silent" answers nothing at all, its
 * admin API included, as a starved process; "stall" blocks this whole process for `STALL_MS` on the next write, as a
 * supervisor that was itself stopped or starved sees it.
 */
const BUSY_ANSWER_MS = 1_500;
const STALL_MS = 3_500;
type Mode = "up" | "busy" | "jam" | "silent" | "stall";

async function standInSqld(): Promise<Sqld & { set(mode: Mode): void; answered: () => number }> {
  let mode: Mode = "up";
  let answered = 0;
  let frames = 0;
  const busyCommits = setInterval(() => mode === "busy" && frames++, 200);
  const held: ServerResponse[] = [];
  const answer = (res: ServerResponse, requests: { type: string; stmt?: { sql: string } }[], writes: boolean) => {
    if (res.destroyed) return;
    answered++;
    if (writes) frames++;
    const rows = (sql: string) => (/integrity_check/i.test(sql) ? [[{ type: "text", value: "ok" }]] : []);
    const results = requests.map((r) =>
      r.stmt
        ? {
            type: "ok",
            response: { type: "execute", result: { cols: [], rows: rows(r.stmt.sql), affected_row_count: 0 } },
          }
        : { type: "ok", response: { type: "close" } },
    );
    res
      .writeHead(200, { "Content-Type": "application/json" })
      .end(JSON.stringify({ baton: null, base_url: null, results }));
  };
  const server = createServer((req, res) => {
    if (mode === "silent") return void held.push(res);
    if (req.url === "/v1/namespaces/default/stats") {
      return void res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ replication_index: frames }));
    }
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const { requests } = JSON.parse(body) as { requests: { type: string; stmt?: { sql: string } }[] };
      const writes = requests.some((r) => r.stmt && !/^\s*(select|pragma)/i.test(r.stmt.sql));
      if (writes && mode === "jam") return void held.push(res);
      if (writes && mode === "busy") return void setTimeout(() => answer(res, requests, writes), BUSY_ANSWER_MS);
      if (writes && mode === "stall") {
        mode = "up";
        const until = Date.now() + STALL_MS;
        while (Date.now() < until); // the whole process stands still, the supervisor's timers included
      }
      answer(res, requests, writes);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let child: ChildProcess = spawn("sleep", ["600"]);
  return {
    url,
    port: (server.address() as AddressInfo).port,
    adminUrl: url,
    get process() {
      return child;
    },
    async restart() {
      child.kill("SIGKILL");
      child = spawn("sleep", ["600"]);
      mode = "up";
      for (const res of held.splice(0)) res.socket?.destroy();
    },
    async stop() {
      clearInterval(busyCommits);
      child.kill("SIGKILL");
      for (const res of held.splice(0)) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
    set: (m: Mode) => (mode = m),
    answered: () => answered,
  };
}

/** Runs `fn` with a stand-in under a FAST supervisor; always stops both. */
async function withStandIn(
  fn: (fake: Awaited<ReturnType<typeof standInSqld>>, supervisor: Supervisor, lines: string[]) => Promise<void>,
) {
  const fake = await standInSqld();
  const lines: string[] = [];
  const supervisor = superviseSqld(fake, { ...FAST, log: (l) => lines.push(l) });
  try {
    await fn(fake, supervisor, lines);
  } finally {
    supervisor.stop();
    await fake.stop();
  }
}

describe("the sqld supervisor on a jammed write lock", () => {
  it("restarts a server whose writes hang while its reads answer and nothing commits, and only then", async () => {
    await withStandIn(async (fake, supervisor, lines) => {
      await new Promise((r) => setTimeout(r, 1_500));
      expect(supervisor.restarts).toHaveLength(0); // probes answered: nothing to do
      const pid = fake.process.pid;
      fake.set("jam");
      const t0 = Date.now();
      while (supervisor.restarts.length === 0 && Date.now() - t0 < 15_000) await new Promise((r) => setTimeout(r, 100));
      expect(supervisor.restarts).toHaveLength(1);
      expect(Date.now() - t0).toBeLessThan(15_000);
      expect(fake.process.pid).not.toBe(pid);
      expect(supervisor.restarts[0]!.cause).toMatch(/writes unanswered .*nothing committed/);
      expect(supervisor.restarts[0]!.integrity).toBe("ok");
      expect(lines[0]).toMatch(/restarted sqld \(#1\)/);
    });
  });

  it("leaves a busy server alone: our writes wait past the probe's deadline, others' go on committing", async () => {
    // What a bulk load looked like from here: back-to-back writes of 2-3 s each on a loaded machine, every probe
    // timing out behind one of them, and sqld killed in the middle of a healthy load.
    await withStandIn(async (fake, supervisor) => {
      fake.set("busy");
      await new Promise((r) => setTimeout(r, 4 * FAST.failAfterMs));
      expect(supervisor.restarts).toEqual([]);
      fake.set("up");
    });
  });

  it("times a stopped server from when it was seen stopped, not from the busy spell before", async () => {
    // Load looked like this: writes slow for a while, then the process not scheduled for a moment.
    await withStandIn(async (fake, supervisor) => {
      fake.set("busy");
      await new Promise((r) => setTimeout(r, 3 * FAST.failAfterMs));
      fake.process.kill("SIGSTOP");
      await new Promise((r) => setTimeout(r, 1_200));
      fake.process.kill("SIGCONT");
      fake.set("up");
      await new Promise((r) => setTimeout(r, 1_500));
      expect(supervisor.restarts).toEqual([]);
    });
  });

  it("gives a server that answers nothing at all, not even its admin API, the longer unresponsive limit", async () => {
    await withStandIn(async (fake, supervisor) => {
      await new Promise((r) => setTimeout(r, 600));
      const t0 = Date.now();
      fake.set("silent");
      while (supervisor.restarts.length === 0 && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 100));
      expect(supervisor.restarts[0]?.cause).toMatch(/nothing answered/);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(FAST.unresponsiveAfterMs);
    });
  });

  it("does not take a stall of its own process for one of the server's", async () => {
    // A single probe that failed because this process stood still (a stopped or starved supervisor) is one failure,
    // however long it lasted: a restart needs a second one with nothing committed in between.
    await withStandIn(async (fake, supervisor) => {
      await new Promise((r) => setTimeout(r, 600));
      fake.set("stall");
      await new Promise((r) => setTimeout(r, STALL_MS + 1_500));
      expect(supervisor.restarts).toEqual([]);
      expect(fake.answered()).toBeGreaterThan(2);
    });
  });
});
