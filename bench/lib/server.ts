/**
 * A benchmark server, as `npm start` runs it: a fresh sqld in a temp DATA_DIR with migrations, the first admin and
 * the demo data, then the BUILT Worker under `wrangler dev` on a free port, with `BENCH_DISABLE_RATE_LIMIT=1`
 * (bench only; docs/decisions/0007). The benchmark loads it from this process over HTTP and reads the database
 * directly for setup and verification. `stop()` ends both servers and deletes the temp directory.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SeedSamples } from "../../scripts/seed";
import { nodeDb } from "../../scripts/lib/db";
import { ROOT } from "../../scripts/lib/local-env";
import { serveLocal } from "../../scripts/lib/serve";
import type { MessageStandin } from "../../scripts/lib/message-standin";
import type { Supervisor } from "../../scripts/lib/sqld-supervisor";

/** Credentials of the admin each benchmark server is bootstrapped with (local only). */
export const BENCH_ADMIN = { username: "admin", password: "bench-password-123" };

export interface BenchServer {
  /** Base URL of the Worker, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** sqld's HTTP URL (for direct setup inserts and verification). */
  libsqlUrl: string;
  db: ReturnType<typeof nodeDb>["db"];
  /** sqld's current process id (for sampling its thread count during a load; a new one after a restart). */
  readonly sqldPid: number;
  /** The supervisor that restarts sqld when its writes jam or it freezes (the storm benchmark reads its restarts). */
  supervisor: Supervisor | null;
  samples: SeedSamples;
  /** The local WhatsApp / SMS provider the Worker sends to (scripts/lib/message-standin.ts). */
  messages: MessageStandin | null;
  /** The local Paymob stand-in's URL (scripts/lib/paymob-standin.ts: its `/_standin/` controls), when one runs. */
  paymobUrl: string | null;
  stop(): Promise<void>;
}

/** How a benchmark's server is started: rate limits on (as deployed), extra Worker variables. */
export interface BenchServerOptions {
  rateLimits?: boolean;
  vars?: Record<string, string>;
}

const running = new Set<() => Promise<void>>();

/** Stops every server still running (for Ctrl-C: wrangler runs in its own process group and would outlive us). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()));
}

/** Starts sqld + the built Worker with the demo data. Throws if `build/` is missing or a server fails to start. */
export async function startBenchServer(opts: BenchServerOptions = {}): Promise<BenchServer> {
  if (!existsSync(join(ROOT, "build/server/index.js")))
    throw new Error("No build/: run without --no-build, or `npx react-router build` first.");
  const dir = mkdtempSync(join(tmpdir(), "school-bench-"));
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    running.delete(stop);
    for (const fn of cleanups.splice(0).reverse()) await fn();
  };
  running.add(stop);
  try {
    // Served as deployed when the rate limits are on (the storm: the front gives each loopback client its address);
    // the speed benchmarks measure the Worker alone, as Cloudflare serves it.
    const server = await serveLocal({
      dir,
      dbPath: join(dir, "db"),
      pepper: "bench-pepper",
      admin: BENCH_ADMIN,
      seedDemo: true,
      logLevel: process.env.WRANGLER_LOG,
      vars: { ...(opts.rateLimits ? {} : { BENCH_DISABLE_RATE_LIMIT: "1" }), ...opts.vars },
      front: !!opts.rateLimits,
    });
    cleanups.push(() => server.stop());
    const { seeded, sqld } = server;
    if (!seeded) throw new Error("demo data was not loaded");
    const { db, close } = nodeDb(sqld.url);
    cleanups.push(close);
    return {
      url: server.url,
      libsqlUrl: sqld.url,
      db,
      get sqldPid() {
        return sqld.process.pid!;
      },
      supervisor: server.supervisor,
      samples: seeded.samples,
      messages: server.messages,
      paymobUrl: server.paymob?.url ?? null,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Runs `fn` against a fresh server and always stops it, also when `fn` throws. */
export async function withServer<T>(
  fn: (server: BenchServer) => Promise<T>,
  opts: BenchServerOptions = {},
): Promise<T> {
  const server = await startBenchServer(opts);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

/** Logs in as the bench admin and returns the bearer token. */
export async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
