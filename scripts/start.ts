/**
 * `npm start`: the whole product locally on an embedded database.
 *  1. builds the app (unless SKIP_BUILD=1);
 *  2. starts sqld with its data under DATA_DIR (default .data/), applies migrations, creates the first admin from
 *     ADMIN_USERNAME / ADMIN_PASSWORD if there is none, and loads the demo dataset into an empty database unless
 *     SEED_DEMO=0;
 *  3. serves the Worker with `wrangler dev` on 127.0.0.1:PORT (default 8787) (scripts/lib/serve.ts, which the e2e
 *     tests start too);
 *  4. fires the Worker's Cron Triggers on their schedule (scripts/lib/local-cron.ts), which `wrangler dev` does not.
 * MESSAGES_ANY_HOUR=1 (and the benchmarks' BENCH_DISABLE_RATE_LIMIT) are handed to the Worker as vars.
 * Ctrl-C stops everything it started; data stays in DATA_DIR for the next start.
 */
import { DEMO_STAFF_PASSWORD } from "./seed/staff";
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { startLocalCron, type LocalCron } from "./lib/local-cron";
import { localDbPath, urlFile } from "./lib/local-db";
import { LOCAL_ADMIN, ROOT, dataDir, localPepper } from "./lib/local-env";
import { serveLocal, type LocalServer } from "./lib/serve";

const t0 = Date.now();
const log = (msg: string) => console.log(`[start +${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);
const dir = dataDir();

/** Settings of this shell passed on to the Worker's vars when set (README, settings table). */
const PASSED_VARS = ["BENCH_DISABLE_RATE_LIMIT", "MESSAGES_ANY_HOUR"] as const;
const workerVars = (): Record<string, string> =>
  Object.fromEntries(PASSED_VARS.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])));

let server: LocalServer | null = null;
let cron: LocalCron | null = null;
let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log("stopping…");
  cron?.stop();
  await server?.stop();
  rmSync(urlFile(dir), { force: true });
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

try {
  if (process.env.SKIP_BUILD !== "1") {
    log("building the app…");
    const build = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) throw new Error("build failed");
  }
  server = await serveLocal({
    dir,
    dbPath: localDbPath(dir),
    port: Number(process.env.PORT ?? 8787),
    sqldPort: Number(process.env.SQLD_PORT ?? 0),
    pepper: localPepper(dir),
    admin: {
      username: process.env.ADMIN_USERNAME ?? LOCAL_ADMIN.username,
      password: process.env.ADMIN_PASSWORD ?? LOCAL_ADMIN.password,
    },
    seedDemo: process.env.SEED_DEMO !== "0",
    vars: workerVars(),
    logLevel: process.env.WRANGLER_LOG,
    onSqld: (sqld) => {
      writeFileSync(urlFile(dir), sqld.url);
      log(`libSQL server on ${sqld.url} (data in ${dir})`);
    },
  });
  log(`migrations applied${server.adminCreated ? "; first admin created" : ""}`);
  if (server.seeded) {
    log(`demo data loaded: ${JSON.stringify(server.seeded.counts)}`);
    log(`demo staff: principal, accountant, registrar, teacher, viewer (password ${DEMO_STAFF_PASSWORD})`);
  }
  if (server.messages) log(`local WhatsApp / SMS provider (what was "sent"): ${server.messages.url}`);
  if (server.paymob) log(`local Paymob stand-in on ${server.paymob.url} (online payments at ${server.url}/pay)`);
  server.wrangler.process.on("exit", (code) => void shutdown(code ?? 0));
  cron = startLocalCron(server.url, { log });
  log("cron triggers of wrangler.toml fire on their schedule (UTC)");
  log(`ready: ${server.url}  (admin: ${server.url}/admin/login)`);
} catch (err) {
  console.error(err);
  await shutdown(1);
}
