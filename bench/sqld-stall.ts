/**
 * Diagnostic, not a benchmark of ours: does this sqld deadlock under concurrent write transactions? Starts a fresh
 * sqld (scripts/lib/sqld.ts, `--max-concurrent-requests` MAXREQ, default 16 as the API tests use) and sends rounds
 * of N (default 40) simultaneous write batches shaped like a sign-in attempt's (an upsert of a counter, a sum, a
 * purge; `BEGIN <MODE>` … COMMIT, MODE DEFERRED as drizzle sends or IMMEDIATE), through the scripts' @libsql/client (429s retried), for DURATION_S
 * seconds (default 300). A request unanswered for 10 s is a stall: it prints the round and the state of sqld's
 * threads (from /proc) and exits 1. Run: `npx tsx bench/sqld-stall.ts`. Results: bench/README.md, "Test suite".
 */
import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { startSqld } from "../scripts/lib/sqld";
import { isDbUnavailable } from "../worker/db";
import { retryingFetch } from "../worker/db-retry";

const MODE = process.env.MODE ?? "DEFERRED";
const MAXREQ = Number(process.env.MAXREQ ?? 16);
const N = Number(process.env.N ?? 40);
const DURATION_S = Number(process.env.DURATION_S ?? 300);
/** Write batches the client lets reach sqld at once (0 = no bound), as the Worker's per-isolate bound does. */
const INFLIGHT = Number(process.env.INFLIGHT ?? 0);
/** Simultaneous reads sent alongside each round's writes. */
const READS = Number(process.env.READS ?? 0);
let running = 0;
const queue: (() => void)[] = [];
async function bounded<T>(fn: () => Promise<T>): Promise<T> {
  if (INFLIGHT > 0 && running >= INFLIGHT) await new Promise<void>((r) => queue.push(r));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    queue.shift()?.();
  }
}

const dir = mkdtempSync(join(tmpdir(), "sqld-stall-"));
const sqld = await startSqld(join(dir, "db"), 0, { maxConcurrentRequests: MAXREQ });
const pid = sqld.process.pid!;
let round = 0;
let stalled = false;
// A stalled sqld keeps burning CPU after its client is gone: never leave one behind.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void sqld.stop().finally(() => process.exit(130)));

/** sqld's threads grouped by scheduler state and wait channel, e.g. `{"S:futex_do_wait": 47}`. */
function threadStates(): Record<string, number> {
  const states: Record<string, number> = {};
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const state = readFileSync(`/proc/${pid}/task/${t}/stat`, "utf8").split(") ")[1]!.split(" ")[0]!;
      const key = `${state}:${readFileSync(`/proc/${pid}/task/${t}/wchan`, "utf8")}`;
      states[key] = (states[key] ?? 0) + 1;
    } catch {
      /* the thread ended */
    }
  }
  return states;
}

/** The client the scripts use (429s retried, as in worker/db-retry.ts), each call given up after 10 s. */
const client = createClient({ url: sqld.url, fetch: retryingFetch(fetch, undefined, 10_000) });

/** One write batch as drizzle sends it (BEGIN DEFERRED), or with BEGIN IMMEDIATE (`write` mode). */
async function write(sqls: string[]): Promise<void> {
  try {
    await bounded(() => client.batch(sqls, MODE === "IMMEDIATE" ? "write" : "deferred"));
  } catch (err) {
    // The other writers of a stalled round fail too once sqld is stopped: only the first one reports.
    if (stalled) return new Promise<never>(() => {});
    if (!isDbUnavailable(err)) throw err;
    stalled = true;
    console.log(
      `STALL: round ${round} (${N} writers, ${MODE}, max ${MAXREQ} requests): a request unanswered for 10 s; threads ${JSON.stringify(threadStates())}; CPU ${execSync(`ps -o %cpu= -p ${pid}`).toString().trim()}%`,
    );
    await sqld.stop();
    process.exit(1);
  }
}

await client.execute(
  "create table lt(username text, client text, failed integer not null, started text, primary key (username, client))",
);
const times: number[] = [];
const deadline = Date.now() + DURATION_S * 1000;
for (round = 1; Date.now() < deadline; round++) {
  const t0 = Date.now();
  const user = `u${round}`;
  const reads = Array.from({ length: READS }, () =>
    client.execute(`select count(*) from lt where username = '${user}'`),
  );
  await Promise.all([
    ...reads,
    ...Array.from({ length: N }, () =>
      write([
        `insert into lt values ('${user}', 'c', 1, datetime('now')) on conflict(username, client) do update set failed = failed + 1 returning failed`,
        `select sum(failed) from lt where username = '${user}'`,
        "delete from lt where started < datetime('now', '-1 day')",
      ]),
    ),
  ]);
  times.push(Date.now() - t0);
}
times.sort((a, b) => a - b);
console.log(
  `no stall: ${times.length} rounds of ${N} writers (${MODE}, max ${MAXREQ} requests) in ${DURATION_S} s; round median ${times[times.length >> 1]} ms, max ${times.at(-1)} ms`,
);
client.close();
await sqld.stop();
rmSync(dir, { recursive: true, force: true });
