/**
 * Group commit of small independent writes (docs/decisions/0047-sign-in-codes-by-group-commit.md): a request queues
 * its statements, then waits for a turn, and whoever's turn comes first writes every queued request's statements in
 * ONE transaction (one `db.batch`), each request's statements together and in its own order. On results day 500
 * sign-in codes in 10 s asked the database's one write lane per isolate (worker/db-bound.ts) for about seven write
 * transactions each (the code, the claim, the `sent` settle, two status webhooks, the sign-in's two); grouped, a
 * turn writes what arrived while the previous turn ran.
 *
 * Only for statements that decide everything inside themselves (guards in their WHERE, `ON CONFLICT DO NOTHING`):
 * they share a transaction with strangers, so they may not fail on purpose. A batch that fails for another reason
 * than an unreachable database is written again one request at a time, so one bad request fails alone.
 *
 * No request awaits another request's promise (workerd cancels those): each looks at its own entry at its turn, as
 * the refusal log does (worker/services/attempt-log.ts).
 */
import type { BatchItem } from "drizzle-orm/batch";
import { batchAll, type Db, isDbUnavailable } from "./db";
import { DbBusyError, Lane } from "./db-bound";
import { takeGroupBatch } from "./lib/group-batch";

/** Requests per transaction: a code is two statements of about ten values; a turn stays well under sqld's limits. */
const MAX_ENTRIES = 250;

interface Entry {
  items: BatchItem<"sqlite">[];
  /** queued → taken by a turn → written (or failed); "taken" stays if that turn's request vanished mid-write. */
  state: "queued" | "taken" | "written" | "failed";
  results?: unknown[];
  error?: unknown;
}

const queue: Entry[] = [];

/**
 * One turn at a time per isolate. A waiter learns its statements were written by another turn within
 * `groupPollMaxMs`; a turn that stalls meets the database's own deadlines (the write lane's 8 s wait, a call's 4 s
 * and its 1.5 s of retries), well within the lease, so a turn is taken over only when its request is gone.
 */
const turns = new Lane("group commit", {
  limit: 1,
  queue: 5_000,
  waitMs: 30_000,
  leaseMs: 30_000,
  stuckMs: Infinity,
  headPollMs: 5,
  groupPollMaxMs: 50,
});

/**
 * Writes `items` (not empty) in one transaction shared with the other requests queued meanwhile; resolves with each
 * item's result (as `db.batch` answers them) once written. Rejects with the database's error (DbBusyError when the
 * write lane refused the turn: 503) when that transaction failed.
 */
export async function groupWrite(db: Db, items: BatchItem<"sqlite">[]): Promise<unknown[]> {
  if (items.length === 0) throw new Error("groupWrite needs at least one statement");
  const mine: Entry = { items, state: "queued" };
  queue.push(mine);
  const finished = () => mine.state === "written" || mine.state === "failed";
  try {
    await turns.runUnlessDone(async () => {
      // Taken by another turn still writing it (a lane hands a slot on when its waiter looked too late, so two turns
      // can overlap): never written a second time, since a session opened twice would answer the code used.
      if (finished() || mine.state === "taken") return;
      await commit(db, takeGroupBatch(queue, mine, MAX_ENTRIES));
    }, finished);
  } catch (err) {
    const i = queue.indexOf(mine);
    if (i >= 0) queue.splice(i, 1); // refused before any turn took it: nobody will write it
    throw err;
  }
  const deadline = Date.now() + TAKEN_WAIT_MS;
  while (mine.state === "taken" && Date.now() < deadline) await sleep(TAKEN_POLL_MS);
  if (mine.state === "taken") throw new DbBusyError("group commit", "stuck"); // its turn's request is gone
  if (mine.state === "failed") throw mine.error;
  return mine.results!;
}

/** How long a request whose statements another turn took waits for that turn, and how often it looks, in ms. */
const TAKEN_WAIT_MS = 30_000;
const TAKEN_POLL_MS = 20;
const sleep: (ms: number) => Promise<void> =
  typeof scheduler !== "undefined" && typeof scheduler.wait === "function"
    ? (ms) => scheduler.wait(ms)
    : (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function commit(db: Db, batch: Entry[]): Promise<void> {
  try {
    const results = await batchAll(
      db,
      batch.flatMap((e) => e.items),
    );
    let k = 0;
    for (const e of batch) {
      e.results = results.slice(k, k + e.items.length);
      k += e.items.length;
      e.state = "written";
    }
  } catch (err) {
    // Unreachable or busy: nothing was written, and writing each alone would only wait longer for the same answer.
    if (batch.length === 1 || isDbUnavailable(err)) {
      for (const e of batch) [e.error, e.state] = [err, "failed"];
      return;
    }
    for (const e of batch) await commit(db, [e]);
  }
}

/** Requests waiting for a turn, for tests. */
export const groupCommitQueued = () => queue.length;
