/**
 * `npm run bench [names…] [--no-build]` and `npm run bench:smoke` (targets and figures: bench/README.md).
 * Builds the app once (unless --no-build), then runs each benchmark against its own fresh server (sqld + the built
 * Worker + demo data), prints figures against targets and writes bench/results/latest.json (smoke: smoke.json.tmp).
 * Exit code: 1 when a benchmark crashed or found a correctness error (unexpected status, oversold seats, a lost
 * event); never because of timing.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../scripts/lib/local-env";
import { adminLists } from "./admin-lists";
import { familyBench } from "./family";
import { importBench } from "./import";
import { liveEvents } from "./live-events";
import { loginTiming } from "./login-timing";
import { onlinePaymentsBench } from "./online-payments";
import { messagesBench } from "./messages";
import { machineInfo, table, verdict, type BenchResult } from "./lib/report";
import { stopAllServers, withServer, type BenchServer } from "./lib/server";
import { pages } from "./pages";
import { print } from "./print";
import { resultsDay } from "./results-day";
import { rolloverBench } from "./rollover";
import { reportsBench } from "./reports";
import { selectionRush } from "./selection-rush";
import { storm } from "./storm";

type Bench = (server: BenchServer, opts: { smoke: boolean }) => Promise<BenchResult>;
const BENCHES: Record<string, Bench> = {
  "results-day": resultsDay,
  "selection-rush": selectionRush,
  "admin-lists": adminLists,
  pages,
  "live-events": liveEvents,
  import: importBench,
  print,
  "login-timing": loginTiming,
  storm,
  messages: messagesBench,
  "online-payments": onlinePaymentsBench,
  rollover: rolloverBench,
  reports: reportsBench,
  family: familyBench,
};
const SMOKE = ["results-day", "selection-rush", "storm", "online-payments", "family"];
/** Benchmarks served with the rate limits on, as deployed (the others turn them off to measure throughput). */
const WITH_RATE_LIMITS = new Set(["storm"]);
/** Benchmarks that freeze sqld on purpose and count its restarts themselves. */
const FREEZES_SQLD = new Set(["storm"]);
/** Worker variables of some benchmarks: the messages go out at any hour (the run must not wait for 09:00 Cairo). */
const VARS: Record<string, Record<string, string>> = { messages: { MESSAGES_ANY_HOUR: "1" } };

const args = process.argv.slice(2);
const smoke = args.includes("--smoke");
const names = args.filter((a) => !a.startsWith("--"));
const unknown = names.filter((n) => !BENCHES[n]);
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(", ")}. Known: ${Object.keys(BENCHES).join(", ")}`);
  process.exit(2);
}
// `--smoke name…` runs only those benchmarks' smoke variants (without names: every smoke benchmark, as CI does).
const selected = names.length ? names : smoke ? SMOKE : Object.keys(BENCHES);

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the servers…`);
    void stopAllServers().finally(() => process.exit(130));
  });
}

const t0 = Date.now();
const log = (msg: string) => console.log(`[bench +${((Date.now() - t0) / 1000).toFixed(0)}s] ${msg}`);
const machine = machineInfo();
log(
  `${smoke ? "smoke" : "full"} run: ${selected.join(", ")} on ${machine.cpuModel} × ${machine.cores}, load ${machine.loadAverage1m}`,
);

if (!args.includes("--no-build")) {
  log("building the app (npx react-router build)…");
  const build = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) {
    console.error("build failed");
    process.exit(1);
  }
}

const results: BenchResult[] = [];
for (const name of selected) {
  log(`${name}: starting a fresh server…`);
  const started = Date.now();
  try {
    const result = await withServer(
      async (server) => {
        log(`${name}: server on ${server.url}, running…`);
        // A restart cuts every connection to sqld: it is named, never left to show as a bare "other side closed".
        const restarts = () => (server.supervisor?.restarts ?? []).map((r) => `sqld restarted: ${r.cause}`);
        try {
          const result = await BENCHES[name]!(server, { smoke });
          if (!FREEZES_SQLD.has(name)) result.errors.push(...restarts());
          return result;
        } catch (err) {
          const why = restarts();
          if (why.length) (err as Error).message += ` (${why.join("; ")})`;
          throw err;
        }
      },
      { rateLimits: WITH_RATE_LIMITS.has(name), vars: VARS[name] },
    );
    results.push(result);
    log(
      `${name}: done in ${result.seconds.toFixed(0)} s${result.errors.length ? ` with ${result.errors.length} error(s)` : ""}`,
    );
  } catch (err) {
    console.error(err);
    results.push({
      name,
      figures: [],
      errors: [`crashed: ${(err as Error).message}`],
      details: {},
      seconds: (Date.now() - started) / 1000,
    });
  }
  if (interrupted) break;
}

const outDir = join(ROOT, "bench/results");
mkdirSync(outDir, { recursive: true });
const file = join(outDir, smoke ? "smoke.json.tmp" : "latest.json");
const summary = {
  machine: { ...machine, loadAverage1mAtEnd: machineInfo().loadAverage1m },
  mode: smoke ? "smoke" : "full",
  benchmarks: results,
};
writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);

console.log(`\n${table(results)}\n`);
const failedTargets = results.flatMap((r) =>
  r.figures.filter((f) => verdict(f) === "FAIL").map((f) => `${r.name}: ${f.label}`),
);
const errors = results.flatMap((r) => r.errors.map((e) => `${r.name}: ${e}`));
log(`results written to ${file}`);
if (failedTargets.length) console.log(`Targets not met (${failedTargets.length}):\n  ${failedTargets.join("\n  ")}`);
if (errors.length) {
  console.error(`Correctness errors (${errors.length}):\n  ${errors.join("\n  ")}`);
  process.exit(1);
}
log(smoke ? "smoke: no errors, no oversold seats (timing is not checked)" : "no correctness errors");
process.exit(0);
