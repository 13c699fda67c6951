/**
 * `npm run bench:variants -- A=REV B=REV+vite.config.ts@REV … [--runs 7] [--routes /,/admin/dashboard]`: builds of several commits served side by
 * side over HTTP/2, measured alternately in one run (bench/README.md, "HTTP/2 production serving").
 *
 * Each variant (bench/lib/variant-build.ts) is built in its own directory and served by its own `wrangler dev`
 * (the Worker plus the Workers static-assets emulation) behind its own HTTP/2 + TLS proxy with edge-like Brotli
 * (bench/lib/h2-proxy.ts); all of them read one sqld with the demo data. Every run loads each route once per
 * variant, cold and throttled (bench/lib/cold-load.ts: slow 4G, 4× CPU), the variants' order rotating from run
 * to run so that a burst of load from other work on the machine does not land on one variant. One warm-up load per
 * variant and route first (workerd compiles the Worker on its first request). Writes
 * bench/results/variants-<HEAD>.json and prints medians with min–max.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../scripts/lib/local-env";
import { serveLocal } from "../scripts/lib/serve";
import { freePort } from "../scripts/lib/sqld";
import { startWranglerDev } from "../scripts/lib/wrangler";
import { FULL_CHROMIUM, launchBrowser } from "../test/support/browser";
import { coldLoad, CPU_SLOWDOWN, SLOW_4G, type ColdLoad } from "./lib/cold-load";
import { startH2Proxy } from "./lib/h2-proxy";
import { median } from "./lib/load";
import { machineInfo } from "./lib/report";
import { BENCH_ADMIN, adminToken } from "./lib/server";
import { buildVariant, parseVariant, type VariantBuild } from "./lib/variant-build";

const ALL_ROUTES = [
  {
    path: "/admin/dashboard/students",
    admin: true,
    firstRow: "table tbody tr th[scope=row]",
    viewport: { width: 1366, height: 768 },
  },
  { path: "/admin/dashboard", admin: true, viewport: { width: 1366, height: 768 } },
  { path: "/", admin: false, viewport: { width: 412, height: 823 } },
] as const;
const METRICS = ["scripts", "jsKb", "firstRowMs", "hydratedMs", "fcpMs", "lastScriptMs"] as const;
type Metric = (typeof METRICS)[number];

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option("--runs") ?? 7);
const only = option("--routes")?.split(",");
const ROUTES = ALL_ROUTES.filter((r) => !only || only.includes(r.path));
const specs = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--")).map(parseVariant);
if (specs.length < 2 || !(runs >= 1) || !ROUTES.length) {
  console.error(
    `usage: npm run bench:variants -- A=REV B=REV[+PATH@REV…] … [--runs N] [--routes ${ALL_ROUTES.map((r) => r.path).join(",")}]`,
  );
  process.exit(2);
}

const t0 = Date.now();
const log = (msg: string) => console.log(`[variants +${((Date.now() - t0) / 1000).toFixed(0)}s] ${msg}`);
const cleanups: Array<() => Promise<void> | void> = [];
const cleanup = async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
};
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void cleanup().finally(() => process.exit(130)));

const machineAtStart = machineInfo();
const samples = new Map<string, ColdLoad[]>(); // `${variant} ${route}` → loads
const failures: string[] = [];
try {
  const builds: VariantBuild[] = [];
  for (const spec of specs) {
    log(`building ${spec.name} = ${spec.spec} (${spec.commit.slice(0, 7)})…`);
    const build = buildVariant(spec);
    cleanups.push(() => rmSync(build.dir, { recursive: true, force: true }));
    builds.push(build);
  }

  const dir = mkdtempSync(join(tmpdir(), "school-variants-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const first = await serveLocal({
    dir,
    dbPath: join(dir, "db"),
    pepper: "bench-pepper",
    admin: BENCH_ADMIN,
    seedDemo: true,
    cwd: builds[0]!.dir,
    front: false,
  });
  cleanups.push(() => first.stop());
  const origins = new Map<string, string>();
  for (const [i, build] of builds.entries()) {
    let upstream = first.url;
    if (i > 0) {
      const wrangler = await startWranglerDev({
        port: await freePort(),
        envFile: first.envFile,
        persistTo: join(dir, `wrangler-${build.name}`),
        cwd: build.dir,
      });
      cleanups.push(() => wrangler.stop());
      upstream = wrangler.url;
    }
    const proxy = await startH2Proxy(upstream);
    cleanups.push(() => proxy.close());
    origins.set(build.name, proxy.url);
    log(`${build.name}: ${proxy.url} → ${upstream}`);
  }
  const token = await adminToken(first.url);

  const browser = await launchBrowser(FULL_CHROMIUM, ["--ignore-certificate-errors"]);
  cleanups.push(() => browser.close());
  /** One cold load; a load that fails (a page that never hydrates) is recorded and tried once more. */
  const load = async (variant: string, route: (typeof ALL_ROUTES)[number]): Promise<ColdLoad> => {
    const once = () =>
      coldLoad(browser, `${origins.get(variant)}${route.path}`, {
        token: route.admin ? token : undefined,
        firstRow: "firstRow" in route ? route.firstRow : undefined,
        viewport: route.viewport,
      });
    try {
      return await once();
    } catch (err) {
      failures.push(`${variant} ${route.path}: ${(err as Error).message}`);
      log(`retrying after: ${(err as Error).message}`);
      return once();
    }
  };

  log("warm-up: one load per variant and route");
  for (const build of builds) for (const route of ROUTES) await load(build.name, route);
  for (let run = 0; run < runs; run++) {
    const order = builds.map((_, i) => builds[(i + run) % builds.length]!.name);
    for (const route of ROUTES)
      for (const name of order) {
        const result = await load(name, route);
        if (result.protocols.join() !== "h2" || result.connections !== 1)
          throw new Error(
            `${name} ${route.path}: served over ${result.protocols.join("+")} on ${result.connections} connections, not one HTTP/2 connection`,
          );
        const key = `${name} ${route.path}`;
        samples.set(key, [...(samples.get(key) ?? []), result]);
      }
    log(`run ${run + 1}/${runs} done (order ${order.join(" ")})`);
  }

  const round = (v: number) => (Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 10) / 10);
  const summary: Record<
    string,
    Record<string, Partial<Record<Metric, { median: number; min: number; max: number }>>>
  > = {};
  for (const route of ROUTES) {
    summary[route.path] = {};
    for (const build of builds) {
      const loads = samples.get(`${build.name} ${route.path}`)!;
      const row: Partial<Record<Metric, { median: number; min: number; max: number }>> = {};
      for (const metric of METRICS) {
        const values = loads
          .map((l) => l[metric])
          .filter((v): v is number => typeof v === "number" && Number.isFinite(v));
        if (values.length)
          row[metric] = {
            median: round(median(values)),
            min: round(Math.min(...values)),
            max: round(Math.max(...values)),
          };
      }
      summary[route.path]![build.name] = row;
    }
  }

  // Paired with the first variant: in how many runs each variant was faster (the same run, adjacent loads).
  const pairs: Record<string, Record<string, string>> = {};
  for (const route of ROUTES) {
    const metric: Metric = "firstRow" in route ? "firstRowMs" : "hydratedMs";
    const base = samples.get(`${builds[0]!.name} ${route.path}`)!;
    pairs[`${route.path} ${metric}`] = Object.fromEntries(
      builds.slice(1).map((b) => {
        const other = samples.get(`${b.name} ${route.path}`)!;
        const diffs = other.map((l, i) => (l[metric] ?? NaN) - (base[i]![metric] ?? NaN));
        return [
          b.name,
          `median Δ ${round(median(diffs))} ms, faster in ${diffs.filter((d) => d < 0).length}/${diffs.length} runs`,
        ];
      }),
    );
  }

  const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  const file = join(ROOT, "bench/results", `variants-${head}.json`);
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  const machine = { ...machineAtStart, loadAverage1mAtEnd: machineInfo().loadAverage1m };
  const method = `each variant built from its commit and served by its own wrangler dev behind an HTTP/2 + TLS proxy (Brotli); one cold load per variant, route and run in a fresh context, variants alternating; CDP throttling ${SLOW_4G.latency} ms latency, ${((SLOW_4G.downloadThroughput * 8) / 1024 / 1024).toFixed(1)} Mbps down, ${CPU_SLOWDOWN}x CPU; scripts = /assets/*.js of the load until 2 s without a new one, KB = encodedBodySize`;
  const variants = builds.map(({ name, spec, commit, overlays }) => ({ name, spec, commit, overlays }));
  writeFileSync(
    file,
    `${JSON.stringify(
      { machine, method, runs, variants, summary, pairs, failures, samples: Object.fromEntries(samples) },
      null,
      2,
    )}\n`,
  );

  for (const route of ROUTES) {
    console.log(`\n${route.path}`);
    console.log(["variant", ...METRICS].join("\t"));
    for (const build of builds) {
      const row = summary[route.path]![build.name]!;
      console.log(
        [build.name, ...METRICS.map((m) => (row[m] ? `${row[m]!.median} (${row[m]!.min}–${row[m]!.max})` : "—"))].join(
          "\t",
        ),
      );
    }
  }
  console.log(`\n${JSON.stringify(pairs, null, 2)}`);
  log(`written to ${file}`);
} finally {
  await cleanup();
}
process.exit(0);
