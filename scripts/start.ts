/**
 * `npm start`: the whole product locally on an embedded database.
 *  1. starts sqld with its data under DATA_DIR (default .data/);
 *  2. applies migrations, creates the first admin from ADMIN_USERNAME / ADMIN_PASSWORD if there is none,
 *     and loads the demo dataset into an empty database unless SEED_DEMO=0;
 *  3. builds the app and serves the Worker with `wrangler dev` on 127.0.0.1:PORT (default 8787).
 * Ctrl-C stops everything it started; data stays in DATA_DIR for the next start.
 */
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bootstrapDatabase } from "./lib/bootstrap";
import { localDbPath, urlFile } from "./lib/local-db";
import { LOCAL_ADMIN, ROOT, dataDir, localPepper, writeWorkerEnvFile } from "./lib/local-env";
import { startSqld } from "./lib/sqld";
import { startWranglerDev, type WranglerDev } from "./lib/wrangler";

const t0 = Date.now();
const log = (msg: string) => console.log(`[start +${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);
const dir = dataDir();
const port = Number(process.env.PORT ?? 8787);
const sqldPort = Number(process.env.SQLD_PORT ?? 0);
const pepper = localPepper(dir);

const sqld = await startSqld(localDbPath(dir), sqldPort);
writeFileSync(urlFile(dir), sqld.url);
log(`libSQL server on ${sqld.url} (data in ${dir})`);

let wrangler: WranglerDev | null = null;
let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log("stopping…");
  await wrangler?.stop();
  await sqld.stop();
  rmSync(urlFile(dir), { force: true });
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

try {
  const { adminCreated, seeded } = await bootstrapDatabase({
    url: sqld.url,
    pepper,
    admin: { username: process.env.ADMIN_USERNAME ?? LOCAL_ADMIN.username, password: process.env.ADMIN_PASSWORD ?? LOCAL_ADMIN.password },
    seedDemo: process.env.SEED_DEMO !== "0",
  });
  log(`migrations applied${adminCreated ? "; first admin created" : ""}`);
  if (seeded) log(`demo data loaded: ${JSON.stringify(seeded.counts)}`);

  if (process.env.SKIP_BUILD !== "1") {
    log("building the app…");
    const build = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) throw new Error("build failed");
  }

  const envFile = writeWorkerEnvFile(dir, {
    LIBSQL_URL: sqld.url,
    PASSWORD_PEPPER: pepper,
    ...(process.env.BENCH_DISABLE_RATE_LIMIT ? { BENCH_DISABLE_RATE_LIMIT: process.env.BENCH_DISABLE_RATE_LIMIT } : {}),
  });
  wrangler = await startWranglerDev({ port, envFile, persistTo: join(dir, "wrangler"), logLevel: process.env.WRANGLER_LOG });
  wrangler.process.on("exit", (code) => void shutdown(code ?? 0));
  const url = wrangler.url;
  log(`ready: ${url}  (admin: ${url}/admin/login)`);
} catch (err) {
  console.error(err);
  await shutdown(1);
}
