/**
 * A diagnostic, not a benchmark: CPU profile of the Worker (workerd, through wrangler's inspector proxy) during a
 * results-day load (80% found / 20% unknown IDs, as bench/results-day.ts), with database round trips per lookup and
 * the Worker's CPU per request. It found the cors middleware's early Response (docs/decisions/0029, "Fourth pass"),
 * and, with the CPU per request of every process (`NOPROF=1` for those figures alone), that sqld spent 1.5 ms per
 * lookup opening a connection and parsing the schema (docs/decisions/0038).
 *
 *   npx tsx bench/profile-lookup.ts [connections=200] [seconds=15] [out.json]
 *
 * Note: wrangler's InspectorProxyWorker refuses a DevTools WebSocket upgrade that has a
 * User-Agent but no Origin header (400 "Expected `Origin` header"). Node's WebSocket sends a User-Agent and no
 * Origin, so the socket never opened and `await open` waited forever (Profiler.enable was never sent). Fix: send
 * `Origin: http://127.0.0.1` (an allowed origin), and fail on error/close instead of waiting for `open`.
 * workerd answers Profiler.enable/start with an echo of the command (no `result`); Profiler.stop carries the profile.
 */
import { execSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { SourceMapConsumer } from "source-map-js";
import { startBenchServer } from "./lib/server";
import { cpuOf, load, workerdCpu } from "./lib/load";

const CONNECTIONS = Number(process.argv[2] ?? 200);
const SECONDS = Number(process.argv[3] ?? 15);
const OUT = process.argv[4];
const INTERVAL_US = Number(process.env.PROFILE_INTERVAL_US ?? 200);

/** CPU seconds of every process on the machine, per pid, with its command name. */
function allCpu(): Map<string, { comm: string; seconds: number }> {
  const out = new Map<string, { comm: string; seconds: number }>();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    const cpu = cpuOf(pid);
    if (cpu) out.set(pid, cpu);
  }
  return out;
}

/** Per command name, the CPU ms per request spent between two `allCpu` readings (processes that ended are lost). */
function cpuByCommand(before: ReturnType<typeof allCpu>, after: ReturnType<typeof allCpu>, requests: number) {
  const by: Record<string, number> = {};
  for (const [pid, { comm, seconds }] of after) by[comm] = (by[comm] ?? 0) + seconds - (before.get(pid)?.seconds ?? 0);
  const rows = Object.entries(by)
    .filter(([, s]) => s > 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([comm, s]) => [comm, +((1000 * s) / requests).toFixed(3)] as const);
  return Object.fromEntries([...rows, ["total", +rows.reduce((a, [, v]) => a + v, 0).toFixed(3)]]);
}

/** The DevTools port of the wrangler serving `port`: its process group's listening sockets, the one answering /json/list. */
async function inspectorUrl(port: string): Promise<string> {
  const line = execSync("ps -eo pid,pgid,args")
    .toString()
    .split("\n")
    .find((l) => l.includes("wrangler.js dev") && l.includes(`--port ${port} `));
  if (!line) throw new Error(`no wrangler on port ${port}`);
  const [, , pgid] = /^\s*(\d+)\s+(\d+)/.exec(line)!;
  const pids = new Set(
    execSync(`ps -eo pid,pgid`)
      .toString()
      .split("\n")
      .map((l) => l.trim().split(/\s+/))
      .filter((p) => p[1] === pgid)
      .map((p) => p[0]),
  );
  const ports = execSync("ss -ltnpH")
    .toString()
    .split("\n")
    .filter((l) => [...l.matchAll(/pid=(\d+)/g)].some((m) => pids.has(m[1]!)))
    .map((l) => /127\.0\.0\.1:(\d+)|\[::1?\]:(\d+)|\*:(\d+)|0\.0\.0\.0:(\d+)/.exec(l))
    .filter(Boolean)
    .map((m) => m![1] ?? m![2] ?? m![3] ?? m![4]);
  const explicit = /--inspector-port (\d+)/.exec(line)?.[1];
  // wrangler's proxy lists one target titled "Cloudflare Worker"; workerd's own inspector (also in the group) is
  // already held by that proxy, so it is only a fallback.
  let fallback: string | undefined;
  for (const p of explicit ? [explicit, ...ports] : ports) {
    if (p === port) continue;
    try {
      const t = (await (
        await fetch(`http://127.0.0.1:${p}/json/list`, { signal: AbortSignal.timeout(2000) })
      ).json()) as any[];
      const proxy = Array.isArray(t) ? t.find((x) => x.title === "Cloudflare Worker") : undefined;
      if (proxy) return proxy.webSocketDebuggerUrl;
      if (Array.isArray(t) && t[0]?.webSocketDebuggerUrl) fallback ??= t[0].webSocketDebuggerUrl;
    } catch {
      /* not the inspector */
    }
  }
  if (fallback) return fallback;
  throw new Error(`no inspector among ports ${ports.join(",")}`);
}

async function cdp(url: string) {
  // Node's WebSocket (undici) takes extra handshake headers; the proxy needs an allowed Origin.
  const ws = new (WebSocket as any)(url, { headers: { Origin: "http://127.0.0.1" } }) as WebSocket;
  await new Promise<void>((res, rej) => {
    ws.addEventListener("open", () => res());
    ws.addEventListener("error", () => rej(new Error("inspector WebSocket failed to open")));
    ws.addEventListener("close", (e) => rej(new Error(`inspector WebSocket closed ${e.code}`)));
  });
  let id = 1_000; // the proxy's own commands use ids from 100000000; stay clear of them
  const pending = new Map<number, { res: (v: any) => void; rej: (e: Error) => void }>();
  const contexts: number[] = [];
  ws.addEventListener("message", (e) => {
    const m = JSON.parse(typeof e.data === "string" ? e.data : Buffer.from(e.data as ArrayBuffer).toString());
    if (m.method === "Runtime.executionContextCreated") contexts.push(m.params.context.id);
    const p = m.id !== undefined ? pending.get(m.id) : undefined;
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.rej(new Error(`${m.error.message} (${m.error.code})`));
    else p.res(m.result ?? {});
  });
  const send = (method: string, params: object = {}, ms = 60_000) =>
    new Promise<any>((res, rej) => {
      const n = ++id;
      const t = setTimeout(() => {
        pending.delete(n);
        rej(new Error(`${method}: no answer in ${ms} ms`));
      }, ms);
      pending.set(n, {
        res: (v) => {
          clearTimeout(t);
          res(v);
        },
        rej: (e) => {
          clearTimeout(t);
          rej(e);
        },
      });
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  return { send, contexts, close: () => ws.close() };
}

const server = await startBenchServer();
const report: Record<string, unknown> = { cwd: process.cwd(), connections: CONNECTIONS, seconds: SECONDS };
try {
  const port = new URL(server.url).port;
  const rows = await server.db.all<{ student_no: string }>(sql`
    SELECT DISTINCT s.student_no FROM students s JOIN results r ON r.student_id = s.id
    JOIN result_publications p ON p.academic_year_name = r.academic_year_name AND p.semester = r.semester AND p.is_published = 1
    WHERE NOT EXISTS (SELECT 1 FROM fee_records f WHERE f.student_id = s.id AND f.paid_piastres < f.total_piastres)`);
  const ids = rows.map((r) => r.student_no);
  const unknownId = () => `9${String(Math.floor(Math.random() * 1e13)).padStart(13, "0")}`;
  const nodb = process.argv.includes("--nodb");
  const path = () =>
    nodb
      ? "/api/this-route-does-not-exist"
      : `/api/student/results/${Math.random() < 0.8 ? ids[Math.floor(Math.random() * ids.length)] : unknownId()}`;
  const lookup = [{ method: "GET" as const, setupRequest: (req: any) => ({ ...req, path: path() }) }];

  const { send, contexts, close } = await cdp(await inspectorUrl(port));
  try {
    await send("Runtime.enable").catch((e) => console.log("Runtime.enable:", e.message));
    await new Promise((r) => setTimeout(r, 500));
    console.log("contexts", contexts);
    // Round trips per lookup: count the isolate's outgoing fetches (the only ones on this path are libSQL's).
    const ev = (expression: string) =>
      send("Runtime.evaluate", {
        expression,
        returnByValue: true,
        ...(contexts.length ? { contextId: contexts.at(-1) } : {}),
      }).then((r) => r.result?.value ?? r);
    try {
      console.log(
        "patch fetch:",
        JSON.stringify(
          await ev(`(() => {
      if (!globalThis.__origFetch) globalThis.__origFetch = globalThis.fetch;
      const f = globalThis.__origFetch; globalThis.__fetchLog = [];
      globalThis.fetch = function (input, init) {
        const body = init && typeof init.body === "string" ? init.body : "";
        globalThis.__fetchLog.push({ url: String(input instanceof Request ? input.url : input).replace(/^https?:\\/\\/[^/]+/, ""),
          execs: (body.match(/"type":"execute"/g) || []).length, batches: (body.match(/"type":"batch"/g) || []).length,
          reqTypes: (body.match(/"type":"[a-z_]+"/g) || []).join(",") });
        return f.call(this, input, init);
      };
      return "patched";
    })()`),
        ),
      );
      const seq = { found: ids.slice(0, 10), unknown: Array.from({ length: 10 }, unknownId) };
      const calls: Record<string, unknown> = {};
      for (const [kind, list] of Object.entries(seq)) {
        await ev("globalThis.__fetchLog.length = 0");
        const statuses: number[] = [];
        for (const id of list) {
          const r = await fetch(`${server.url}/api/student/results/${id}`);
          await r.arrayBuffer();
          statuses.push(r.status);
        }
        const log = (await ev("JSON.stringify(globalThis.__fetchLog)")) as string;
        const entries = JSON.parse(log) as { url: string; execs: number; batches: number; reqTypes: string }[];
        calls[kind] = {
          lookups: list.length,
          statuses: [...new Set(statuses)],
          fetches: entries.length,
          fetchesPerLookup: entries.length / list.length,
          executesPerLookup: entries.reduce((a, e) => a + e.execs, 0) / list.length,
          sample: entries.slice(0, 2),
        };
      }
      console.log("db round trips:", JSON.stringify(calls));
      report.dbCalls = calls;
      await ev("globalThis.fetch = globalThis.__origFetch; 'restored'");
    } catch (e) {
      console.log("round-trip count failed:", (e as Error).message);
    }

    await load({ url: server.url, connections: 20, duration: 3, requests: lookup }); // warm-up (JIT, pools)
    // Without the profiler: the workerd processes' CPU time per request (the busier one runs the Worker).
    const counting =
      await ev(`(() => { const f = globalThis.__origFetch; globalThis.__n = { calls: 0, s429: 0, other: 0 };
      globalThis.fetch = function (input, init) { globalThis.__n.calls++;
        return f.call(this, input, init).then((r) => { if (r.status === 429) globalThis.__n.s429++; else if (r.status !== 200) globalThis.__n.other++; return r; }); };
      return "counting"; })()`).catch((e) => String(e));
    const c0 = workerdCpu(port);
    const all0 = allCpu();
    const plain = await load({ url: server.url, connections: CONNECTIONS, duration: SECONDS, requests: lookup });
    const c1 = workerdCpu(port);
    // Every process: on 2 cores the lookup is bound by all of them together (the Worker, sqld, the load generator).
    report.cpuByCommand = cpuByCommand(all0, allCpu(), plain.total);
    console.log("CPU ms per request by command:", JSON.stringify(report.cpuByCommand));
    const perProc = (["worker", "proxy"] as const).map((which) => ({
      which,
      cpuS: +(c1[which] - c0[which]).toFixed(2),
      msPerReq: +((1000 * (c1[which] - c0[which])) / plain.total).toFixed(3),
    }));
    console.log(
      "no profiler: rps",
      plain.rps.toFixed(1),
      "requests",
      plain.total,
      "p99",
      plain.p99,
      "statuses",
      JSON.stringify(plain.statuses),
      "workerd CPU",
      JSON.stringify(perProc),
    );
    const n = await ev("JSON.stringify(globalThis.__n)").catch(() => null);
    await ev("globalThis.fetch = globalThis.__origFetch; 'restored'").catch(() => null);
    if (typeof n === "string") {
      const c = JSON.parse(n);
      console.log(
        `under load (${counting}): db fetches ${c.calls} for ${plain.total} requests = ${(c.calls / plain.total).toFixed(2)} per request; sqld 429s ${c.s429} (${(c.s429 / plain.total).toFixed(2)} per request), other non-200 ${c.other}`,
      );
      report.dbUnderLoad = { ...c, perRequest: c.calls / plain.total, s429PerRequest: c.s429 / plain.total };
    }
    report.plain = { rps: plain.rps, total: plain.total, p99: plain.p99, statuses: plain.statuses, workerd: perProc };
    // NOPROF=1: the counts only, without the profiler.
    if (process.env.NOPROF) {
      if (OUT) writeFileSync(OUT, JSON.stringify(report, null, 1));
    } else {
      await send("Profiler.enable");
      await send("Profiler.setSamplingInterval", { interval: INTERVAL_US });
      await send("Profiler.start");
      const fig = await load({ url: server.url, connections: CONNECTIONS, duration: SECONDS, requests: lookup });
      const { profile } = await send("Profiler.stop", {}, 120_000);
      await send("Profiler.disable");
      console.log(
        "rps",
        fig.rps.toFixed(1),
        "requests",
        fig.total,
        "statuses",
        JSON.stringify(fig.statuses),
        "p99",
        fig.p99,
      );
      report.load = fig;
      if (OUT) writeFileSync(OUT.replace(/\.json$/, ".cpuprofile"), JSON.stringify(profile));

      // Source-map the built bundle's frames (build/server/index.js.map) to worker/*.ts names.
      const mapFile = join(process.cwd(), "build/server/index.js.map");
      const smc = existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, "utf8"))) : null;
      const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
      const parent = new Map<number, number>();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const keyCache = new Map<number, string>();
      const keyOf = (n: any): string => {
        let k = keyCache.get(n.id);
        if (k) return k;
        const cf = n.callFrame;
        let where = cf.url ? `${cf.url.split("/").slice(-2).join("/")}:${cf.lineNumber + 1}` : "";
        if (smc && cf.url.endsWith("build/server/index.js")) {
          const o = smc.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
          if (o.source)
            where =
              o.source
                .replace(/^.*?(node_modules\/|worker\/|web\/|db\/)/, "$1")
                .replace(/^(node_modules\/(@[^/]+\/)?[^/]+)\/.*\/([^/]+)$/, "$1/…/$3") +
              ":" +
              o.line;
        }
        k = `${cf.functionName || "(anon)"} ${where}`.trim();
        keyCache.set(n.id, k);
        return k;
      };
      // time per sample from timeDeltas (the real interval), attributed to the sample's node
      const timeOf = new Map<number, number>();
      const countOf = new Map<number, number>();
      profile.samples.forEach((s: number, i: number) => {
        const dt = profile.timeDeltas[i + 1] ?? INTERVAL_US;
        timeOf.set(s, (timeOf.get(s) ?? 0) + dt);
        countOf.set(s, (countOf.get(s) ?? 0) + 1);
      });
      let totalUs = 0,
        idleUs = 0;
      const selfT = new Map<string, number>();
      const inclT = new Map<string, number>();
      const fileT = new Map<string, number>();
      for (const [nid, t] of timeOf) {
        const n = byId.get(nid);
        const k = keyOf(n);
        totalUs += t;
        if (n.callFrame.functionName === "(idle)") {
          idleUs += t;
          continue;
        }
        selfT.set(k, (selfT.get(k) ?? 0) + t);
        const file = k.split(" ").slice(1).join(" ").replace(/:\d+$/, "") || k;
        fileT.set(file, (fileT.get(file) ?? 0) + t);
        const seen = new Set<string>();
        for (let cur: number | undefined = nid; cur !== undefined; cur = parent.get(cur)) {
          const kk = keyOf(byId.get(cur));
          if (seen.has(kk)) continue;
          seen.add(kk);
          inclT.set(kk, (inclT.get(kk) ?? 0) + t);
        }
      }
      const activeUs = totalUs - idleUs;
      const wallUs = profile.endTime - profile.startTime;
      const perReq = activeUs / 1000 / fig.total;
      const pct = (v: number) => `${((100 * v) / activeUs).toFixed(1).padStart(5)}%`;
      const ms = (v: number) => (v / 1000 / fig.total).toFixed(3).padStart(6);
      console.log(
        `samples ${profile.samples.length}, profile wall ${(wallUs / 1e6).toFixed(1)} s, active (non-idle) ${(activeUs / 1e6).toFixed(2)} s = ${((100 * activeUs) / wallUs).toFixed(0)}% of one thread`,
      );
      console.log(`worker CPU per request: ${perReq.toFixed(3)} ms  (${fig.total} requests)`);
      report.summary = {
        samples: profile.samples.length,
        wallS: wallUs / 1e6,
        activeS: activeUs / 1e6,
        requests: fig.total,
        cpuMsPerRequest: perReq,
      };
      const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
      console.log("--- self (share of active, ms/request)");
      for (const [k, v] of top(selfT, 40)) console.log(pct(v), ms(v), k);
      console.log("--- self by file");
      for (const [k, v] of top(fileT, 25)) console.log(pct(v), ms(v), k);
      console.log("--- inclusive");
      for (const [k, v] of top(inclT, 80)) console.log(pct(v), ms(v), k);
      report.self = top(selfT, 60).map(([k, v]) => [
        k,
        +((100 * v) / activeUs).toFixed(2),
        +(v / 1000 / fig.total).toFixed(4),
      ]);
      report.files = top(fileT, 40).map(([k, v]) => [
        k,
        +((100 * v) / activeUs).toFixed(2),
        +(v / 1000 / fig.total).toFixed(4),
      ]);
      report.inclusive = top(inclT, 150).map(([k, v]) => [
        k,
        +((100 * v) / activeUs).toFixed(2),
        +(v / 1000 / fig.total).toFixed(4),
      ]);
      if (OUT) writeFileSync(OUT, JSON.stringify(report, null, 1));
    }
  } finally {
    close();
  }
} finally {
  await server.stop();
}
