/**
 * Benchmark 1, results day: `GET /api/student/results/{id}` under load, IDs drawn per request — 80% from
 * students with published results and fully paid fees (expect 200), 20% unknown 14-digit numbers (expect 404).
 * Then the same load on an `/api` path that touches no database (404 JSON), for the throughput ratio.
 * Errors: any status other than 200/404/403, a found ID not answered 200 or an unknown one not 404, socket errors
 * and timeouts.
 */
import { sql } from "drizzle-orm";
import type { RequestSpec } from "autocannon";
import type { BenchServer } from "./lib/server";
import { alone, load, type LoadFigures } from "./lib/load";
import { fig, type BenchResult } from "./lib/report";

const EXPECTED = new Set(["200", "403", "404"]);
const NO_DB_PATH = "/api/this-route-does-not-exist";

/** National IDs of students whose published results the public lookup returns (fees paid or no fee record). */
async function foundIds(server: BenchServer): Promise<string[]> {
  const rows = await server.db.all<{ student_no: string }>(sql`
    SELECT DISTINCT s.student_no FROM students s
    JOIN results r ON r.student_id = s.id
    JOIN result_publications p ON p.academic_year_name = r.academic_year_name AND p.semester = r.semester AND p.is_published = 1
    WHERE NOT EXISTS (SELECT 1 FROM fee_records f WHERE f.student_id = s.id AND f.paid_piastres < f.total_piastres)`);
  return rows.map((r) => r.student_no);
}

/** A 14-digit number starting with 9: never an Egyptian national ID (2/3) nor a bench-made student (8). */
const unknownId = () => `9${String(Math.floor(Math.random() * 1e13)).padStart(13, "0")}`;

export async function resultsDay(server: BenchServer, { smoke }: { smoke: boolean }): Promise<BenchResult> {
  const started = Date.now();
  const connections = smoke ? 50 : 200;
  const duration = smoke ? 3 : 30;
  const ids = await foundIds(server);
  if (ids.length === 0) throw new Error("no students with published results and paid fees in the demo data");

  let mismatched = 0;
  const lookup: RequestSpec = {
    method: "GET",
    setupRequest: (req, ctx) => {
      const found = Math.random() < 0.8;
      ctx.expect = found ? 200 : 404;
      return {
        ...req,
        path: `/api/student/results/${found ? ids[Math.floor(Math.random() * ids.length)] : unknownId()}`,
      };
    },
    onResponse: (status, _body, ctx) => {
      if (status !== ctx.expect) mismatched++;
    },
  };
  const run = (requests: RequestSpec[], seconds: number, conns = connections) =>
    load({ url: server.url, connections: conns, duration: seconds, requests });

  if (!smoke) await run([lookup], 3, 20); // warm-up: JIT and connection pools, not counted
  const lookupAlone = await alone(`${server.url}/api/student/results/${ids[0]}`, smoke ? 5 : 20);
  const noDbAlone = await alone(`${server.url}${NO_DB_PATH}`, smoke ? 5 : 20);
  mismatched = 0;
  const results = await run([lookup], duration);
  if (!smoke) await run([{ method: "GET", path: NO_DB_PATH }], 3, 20);
  const noDb = await run([{ method: "GET", path: NO_DB_PATH }], duration);

  const unexpected = (f: LoadFigures, ok: Set<string>) => Object.entries(f.statuses).filter(([s]) => !ok.has(s));
  const errors: string[] = [];
  for (const [s, n] of unexpected(results, EXPECTED)) errors.push(`results lookup: ${n} responses with status ${s}`);
  if (mismatched > 0)
    errors.push(`results lookup: ${mismatched} responses not matching the ID (found → 200, unknown → 404)`);
  if (results.errors + results.timeouts > 0)
    errors.push(`results lookup: ${results.errors} socket errors, ${results.timeouts} timeouts`);
  for (const [s, n] of unexpected(noDb, new Set(["404"])))
    errors.push(`no-database route: ${n} responses with status ${s}`);
  if (noDb.errors + noDb.timeouts > 0)
    errors.push(`no-database route: ${noDb.errors} socket errors, ${noDb.timeouts} timeouts`);

  const bad = unexpected(results, EXPECTED).reduce((n, [, c]) => n + c, 0) + results.errors + results.timeouts;
  return {
    name: "1 Results day",
    figures: [
      fig("one lookup alone (found ID, median of sequential requests)", lookupAlone, "ms"),
      fig("no-database route alone", noDbAlone, "ms"),
      fig(`lookup requests/s (${connections} conn, ${duration} s)`, results.rps, "req/s"),
      fig("lookup latency p50", results.p50, "ms"),
      fig("lookup latency p90", results.p90, "ms"),
      fig("lookup latency p99", results.p99, "ms", { op: "<=", value: 150 }),
      fig("lookup errors (not 200/404/403, socket, timeout)", bad, "", { op: "==", value: 0 }),
      fig("no-database route requests/s", noDb.rps, "req/s"),
      fig("no-database route latency p99", noDb.p99, "ms"),
      fig("lookup / no-database throughput", (100 * results.rps) / noDb.rps, "%", { op: ">=", value: 50 }),
    ],
    errors,
    details: {
      connections,
      durationSeconds: duration,
      foundIdPool: ids.length,
      mix: "80% found, 20% unknown",
      results,
      noDatabaseRoute: { path: NO_DB_PATH, ...noDb },
      mismatched,
    },
    seconds: (Date.now() - started) / 1000,
  };
}
