/**
 * Diagnostic, not a benchmark of ours: what one read costs sqld on a new stream (what libSQL's client sends for every
 * `execute`: `{requests: [execute, close]}`) against a stream kept open (`{baton, requests: [execute]}`), on an empty
 * database and on this product's schema (every migration applied). sqld opens a SQLite connection per stream, and a
 * connection parses the whole schema before its first statement; the figures decided
 * docs/decisions/0038-reads-reuse-database-streams.md. Prints sqld's CPU per read (from /proc, ms) for each case.
 *
 *   npx tsx bench/sqld-streams.ts      # READS (default 5000) per case, CONNECTIONS (default 50) at once
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyMigrations } from "../scripts/lib/migrate";
import { startSqld } from "../scripts/lib/sqld";
import { cpuOf } from "./lib/load";

const READS = Number(process.env.READS ?? 5000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SQL = "SELECT 1";

/** CPU seconds of process `pid` (0 once it is gone). */
const cpuSeconds = (pid: number) => cpuOf(pid)?.seconds ?? 0;

async function pipeline(url: string, baton: string | null, close: boolean): Promise<string | null> {
  const requests = [{ type: "execute", stmt: { sql: SQL } }, ...(close ? [{ type: "close" }] : [])];
  const res = await fetch(`${url}/v2/pipeline`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ baton, requests }),
  });
  const body = (await res.json()) as { baton: string | null; results: { type: string }[] };
  if (!res.ok || body.results[0]?.type !== "ok") throw new Error(`sqld answered ${res.status}`);
  return body.baton;
}

/** sqld's CPU per read, ms: READS reads by CONNECTIONS callers, each on new streams or on one stream of its own. */
async function msPerRead(url: string, pid: number, kept: boolean): Promise<number> {
  let left = READS;
  const before = cpuSeconds(pid);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      let baton: string | null = null;
      while (left-- > 0) baton = await pipeline(url, kept ? baton : null, !kept);
      if (baton) await pipeline(url, baton, true);
    }),
  );
  return (1000 * (cpuSeconds(pid) - before)) / READS;
}

const dir = mkdtempSync(join(tmpdir(), "sqld-streams-"));
const sqld = await startSqld(join(dir, "data.db"));
try {
  const rows: [string, number, number][] = [];
  const measure = async (label: string) => {
    await msPerRead(sqld.url, sqld.process.pid!, false); // warm-up
    rows.push([
      label,
      await msPerRead(sqld.url, sqld.process.pid!, false),
      await msPerRead(sqld.url, sqld.process.pid!, true),
    ]);
  };
  await measure("empty database");
  await applyMigrations(sqld.url);
  await measure("this product's schema");
  console.log(`sqld CPU per read (ms), ${READS} reads of \`${SQL}\`, ${CONNECTIONS} at once:`);
  console.log("                         new stream   kept stream");
  for (const [label, fresh, kept] of rows) {
    console.log(`${label.padEnd(24)} ${fresh.toFixed(3).padStart(10)}   ${kept.toFixed(3).padStart(11)}`);
  }
} finally {
  sqld.process.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}
