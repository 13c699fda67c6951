/**
 * The database's health as `GET /health` tells it (docs/product.md#health): a write probe (one tiny write
 * transaction on the `db_health` row) and, if that fails, a read probe, each with a short deadline.
 * - "ok": the write committed; "read_only": reads answer but the write did not commit in time (a jammed write lock);
 *   "down": neither answered.
 * Probes are shared per isolate and database, and start at least PROBE_GAP_MS apart, so `/health` cannot be used to
 * send the database a write per request. A caller never gets a result older than itself: it waits (polling with its
 * own timer, never awaiting another request's promise) for a probe that started after it arrived, or runs one.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db";
import { lanes } from "../db-bound";

export type DbState = "ok" | "read_only" | "down";

export interface DbHealth {
  db: DbState;
  /** How often the local supervisor restarted the database server (0 in production); null when unreadable. */
  restarts: number | null;
  /** ISO 8601 UTC of the last restart, if any. */
  lastRestartAt: string | null;
}

/** Longest wait for the write probe, then for the read probe, in ms. */
export const WRITE_PROBE_MS = 2_000;
export const READ_PROBE_MS = 1_500;
/** Least time between the starts of two probes of one database in this isolate, in ms. */
export const PROBE_GAP_MS = 250;
/** How often a waiting caller looks for a result, in ms. */
const POLL_MS = 10;

interface ProbeState {
  /** The last finished probe: when it started, and what it found. */
  last: { startedAt: number; health: DbHealth } | null;
  running: boolean;
  lastStart: number;
}
const states = new Map<string, ProbeState>();

/** Rejects after `ms` unless `p` settles first; the call behind `p` runs on to its own timeout. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`probe took over ${ms} ms`)), ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

interface HealthRow {
  restarts: number;
  last_restart_at: string | null;
}

async function probe(db: Db, now: Date): Promise<DbHealth> {
  try {
    // The head of the write queue: this measures the database, not the writes waiting in front of the probe.
    const write = lanes.write.run(
      () =>
        db.all<HealthRow>(sql`INSERT INTO db_health (id, probed_at) VALUES (1, ${now.toISOString()})
          ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at RETURNING restarts, last_restart_at`),
      true,
    );
    const [row] = await within(write, WRITE_PROBE_MS);
    return { db: "ok", restarts: Number(row?.restarts ?? 0), lastRestartAt: row?.last_restart_at ?? null };
  } catch {
    try {
      const readRow = () => db.all<HealthRow>(sql`SELECT restarts, last_restart_at FROM db_health WHERE id = 1`);
      const read = lanes.read.run(readRow, true);
      const [row] = await within(read, READ_PROBE_MS);
      return { db: "read_only", restarts: row ? Number(row.restarts) : 0, lastRestartAt: row?.last_restart_at ?? null };
    } catch {
      return { db: "down", restarts: null, lastRestartAt: null };
    }
  }
}

/**
 * The database's health now. `db` must be the probe's client (`getProbeDb` with WRITE_PROBE_MS): the probe takes
 * its lane itself.
 * `key` names the database (its URL), so probes of two databases are never mixed. Never throws.
 */
export async function dbHealth(db: Db, key: string, now = new Date()): Promise<DbHealth> {
  let state = states.get(key);
  if (!state) {
    state = { last: null, running: false, lastStart: 0 };
    states.set(key, state);
  }
  const arrived = Date.now();
  for (;;) {
    if (state.last && state.last.startedAt >= arrived) return state.last.health;
    const free = !state.running && Date.now() - state.lastStart >= PROBE_GAP_MS;
    // A running probe whose request vanished never finishes: past its longest time, probe anyway.
    if (free || Date.now() - arrived > PROBE_GAP_MS + WRITE_PROBE_MS + READ_PROBE_MS) break;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  state.running = true;
  const startedAt = Date.now();
  state.lastStart = startedAt;
  try {
    const health = await probe(db, now);
    state.last = { startedAt, health };
    return health;
  } finally {
    state.running = false;
  }
}
