/** A thin wrapper over autocannon's programmatic API with the figures the benchmarks report. Times in ms. */
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon, { type Options } from "autocannon";

export interface LoadFigures {
  /** Completed requests per second over the whole run. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  /** Responses per HTTP status, e.g. `{ "200": 812, "404": 203 }`. */
  statuses: Record<string, number>;
  /** Socket errors (refused, reset) and request timeouts, as autocannon counts them. */
  errors: number;
  timeouts: number;
  total: number;
  seconds: number;
}

/** Runs autocannon with `opts` (default request timeout 10 s) and summarises the result. */
export async function load(opts: Options): Promise<LoadFigures> {
  const r = await autocannon({ timeout: 10, ...opts });
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) statuses[code] = count;
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    rps: total / r.duration,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    statuses,
    errors: r.errors - r.timeouts,
    timeouts: r.timeouts,
    total,
    seconds: r.duration,
  };
}

/** The value at percentile `p` (0-100) of `values` (nearest rank); 0 for an empty list. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The median of `values`; 0 for an empty list. */
export const median = (values: number[]) => percentile(values, 50);

/** Median ms of `n` requests to `url` sent one at a time (after one unmeasured request): latency without queueing. */
export async function alone(url: string, n: number, init: RequestInit = {}): Promise<number> {
  await (await fetch(url, init)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await (await fetch(url, init)).arrayBuffer();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** A process's thread count from /proc, or null when it is gone. */
export function threadsOf(pid: number): number | null {
  try {
    return Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) || null;
  } catch {
    return null;
  }
}

/**
 * A process's command name and CPU seconds so far (user + system, every thread) from /proc, or null when it is gone.
 * /proc counts in clock ticks of 100 Hz.
 */
export function cpuOf(pid: number | string): { comm: string; seconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    return {
      comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
      seconds: (Number(f[11]) + Number(f[12])) / 100,
    };
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user+system) so far of the workerd processes of the `wrangler dev` serving `port`: `worker`, the one
 * that runs the app (it has the inspector), and `proxy`, wrangler's own dev proxy in front of it, which production
 * does not have.
 */
export function workerdCpu(port: string): { worker: number; proxy: number } {
  const line = execSync("ps -eo pid,pgid,args")
    .toString()
    .split("\n")
    .find((l) => l.includes("wrangler.js dev") && l.includes(`--port ${port} `))!;
  const pgid = /^\s*\d+\s+(\d+)/.exec(line)![1];
  const out = { worker: 0, proxy: 0 };
  for (const l of execSync("ps -eo pid,pgid,comm,args").toString().split("\n")) {
    const [pid, g, comm] = l.trim().split(/\s+/);
    if (g !== pgid || comm !== "workerd") continue;
    out[l.includes("--inspector-addr") ? "worker" : "proxy"] += cpuOf(pid!)?.seconds ?? 0;
  }
  return out;
}
