/**
 * The local server, one way for everyone: sqld on `dbPath`, migrations + first admin (+ demo data unless
 * `seedDemo` is false), then the BUILT Worker under `wrangler dev` on `port`. `npm start`, the e2e setup and the
 * benchmarks all start it through here, so the browser tests exercise exactly what `npm start` serves.
 */
import { join } from "node:path";
import type { SeedSummary } from "../../db/seed";
import { bootstrapDatabase } from "./bootstrap";
import { writeWorkerEnvFile } from "./local-env";
import { freePort, startSqld, type Sqld } from "./sqld";
import { startWranglerDev, type WranglerDev } from "./wrangler";

export interface LocalServerOptions {
  /** Directory for the Worker env file and wrangler's local state. */
  dir: string;
  /** sqld's data directory. */
  dbPath: string;
  /** Worker port; 0 (default) = a free one. */
  port?: number;
  /** sqld port; 0 (default) = a free one. */
  sqldPort?: number;
  pepper: string;
  admin: { username: string; password: string };
  seedDemo: boolean;
  /** Extra Worker variables (e.g. BENCH_DISABLE_RATE_LIMIT). */
  vars?: Record<string, string>;
  /** wrangler's --log-level (default "error"). */
  logLevel?: string;
  /** The checkout whose build `wrangler dev` serves (default: this repository). */
  cwd?: string;
  /** Called once sqld answers, before migrations (npm start records its URL for the ops scripts). */
  onSqld?: (sqld: Sqld) => void;
}

export interface LocalServer {
  /** The Worker's base URL, e.g. `http://127.0.0.1:8787`. */
  url: string;
  /** The env file handed to `wrangler dev` (another `wrangler dev` on the same database can reuse it). */
  envFile: string;
  sqld: Sqld;
  wrangler: WranglerDev;
  adminCreated: boolean;
  seeded: SeedSummary | null;
  /** Stops wrangler, then sqld. */
  stop(): Promise<void>;
}

/**
 * `wrangler dev` on `opts.port`, or on a free port: a port found free can be taken by another process before
 * wrangler binds it (several test processes start servers at once), so a start that fails is tried on another
 * free port (sqld likewise).
 */
async function startWorker(opts: LocalServerOptions, envFile: string): Promise<WranglerDev> {
  return retryOnFreePort(!opts.port, async () =>
    startWranglerDev({ port: opts.port || (await freePort()), envFile, persistTo: join(opts.dir, "wrangler"), logLevel: opts.logLevel, cwd: opts.cwd }),
  );
}

/** `start()`, tried up to three times when it picks its own free port (`retry`), once otherwise. */
async function retryOnFreePort<T>(retry: boolean, start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      if (!retry || attempt === 3) throw err;
    }
  }
}

/** Starts sqld and the Worker. Needs `react-router build` first. On a failure, stops what it started and throws. */
export async function serveLocal(opts: LocalServerOptions): Promise<LocalServer> {
  const sqld = await retryOnFreePort(!opts.sqldPort, () => startSqld(opts.dbPath, opts.sqldPort ?? 0));
  try {
    opts.onSqld?.(sqld);
    const { adminCreated, seeded } = await bootstrapDatabase({ url: sqld.url, pepper: opts.pepper, admin: opts.admin, seedDemo: opts.seedDemo });
    const envFile = writeWorkerEnvFile(opts.dir, { LIBSQL_URL: sqld.url, PASSWORD_PEPPER: opts.pepper, ...opts.vars });
    const wrangler = await startWorker(opts, envFile);
    const stop = async () => {
      await wrangler.stop();
      await sqld.stop();
    };
    return { url: wrangler.url, envFile, sqld, wrangler, adminCreated, seeded, stop };
  } catch (err) {
    await sqld.stop();
    throw err;
  }
}
