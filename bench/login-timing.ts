/**
 * Benchmark 8, login timing (docs/product.md, "Admin sign-in and session"): does a failed login say, by its time, whether the
 * username exists? 40 pairs of failed logins over HTTP, an unknown username and the admin's username with a wrong
 * password, in alternating order, the lockout counters cleared before each pair so every attempt takes the full
 * path; the first 4 pairs warm up. Compared by the median of the pair differences, which is robust to the machine's
 * load drifting during the run. Any answer other than 401 is an error.
 */
import { performance } from "node:perf_hooks";
import { loginThrottle } from "../db/schema";
import { median } from "./lib/load";
import { fig, type BenchResult } from "./lib/report";
import { BENCH_ADMIN, type BenchServer } from "./lib/server";

const PAIRS = 40;
const WARM_UP = 4;

export async function loginTiming(server: BenchServer): Promise<BenchResult> {
  const started = Date.now();
  const errors: string[] = [];
  const attempt = async (username: string) => {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password: "not-the-password" }),
    });
    await res.text();
    if (res.status !== 401) errors.push(`login as ${username} answered ${res.status}`);
    return performance.now() - t;
  };
  const unknown: number[] = [];
  const wrong: number[] = [];
  const diffs: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    await server.db.delete(loginThrottle);
    const nobody = `nobody-${crypto.randomUUID().slice(0, 8)}`;
    const unknownFirst = i % 2 === 0;
    const a = await attempt(unknownFirst ? nobody : BENCH_ADMIN.username);
    const b = await attempt(unknownFirst ? BENCH_ADMIN.username : nobody);
    const [u, w] = unknownFirst ? [a, b] : [b, a];
    if (i < WARM_UP) continue;
    unknown.push(u);
    wrong.push(w);
    diffs.push(w - u);
  }
  return {
    name: "8 Login timing",
    figures: [
      fig("unknown username, median", median(unknown), "ms"),
      fig("wrong password, median", median(wrong), "ms"),
      fig("|median of paired differences|", Math.abs(median(diffs)), "ms", { op: "<=", value: 5 }),
    ],
    errors: [...new Set(errors)].slice(0, 5),
    details: { pairs: PAIRS - WARM_UP, diffs: diffs.map((d) => Math.round(d * 10) / 10) },
    seconds: (Date.now() - started) / 1000,
  };
}
