/**
 * A per-isolate FIFO gate that lets one write transaction of a hot path run at a time, the whole decision included
 * (docs/decisions/0010-write-gate-for-the-selection-rush.md): the selection write and its "teacher full" check, and
 * the refusal log's group commit. SQLite has one writer anyway; letting ~1,000 selection writes wait inside the
 * database at once made the local libSQL server spin on its lock until it stopped finishing them (bench/README.md).
 *
 * It is a lane of worker/db-bound.ts (one slot, a 3 s lease, waiters that find their turn on their own timers), so it
 * survives a holder whose request was cancelled mid-write and never resolves one request's promise from another.
 * Every guarantee (seats, update-once) is still enforced by the write itself; the gate only shapes load.
 */
import { Lane } from "./db-bound";

/** A family whose save another turn read, or whose refusal another turn recorded, hears of it within this, in ms. */
const GROUP_POLL_MAX_MS = 100;

/** A rush queues up to ~1,000 students; most turns refuse at once once a teacher is known full. */
// A turn that outlives its lease is taken over (two writers may then overlap: harmless), never refused as stuck.
const gate = new Lane("selection gate", {
  limit: 1,
  queue: 5_000,
  waitMs: 15_000,
  leaseMs: 3_000,
  stuckMs: Infinity,
  groupPollMaxMs: GROUP_POLL_MAX_MS,
});

/**
 * The group read of selection saves, one at a time per isolate (docs/decisions/0039): it reads every save queued
 * while the previous one ran, in one statement (services/selection-save-read.ts), so a rush of 1,000 families is a few dozen reads. The
 * rest wait their turn here, deeper and longer than the database lanes, since each waiter is a family with a
 * complete selection, not junk; a read that stalls meets its own database deadline, so the lane never refuses as stuck.
 */
const saveReads = new Lane("selection reads", {
  limit: 1,
  queue: 5_000,
  waitMs: 30_000,
  leaseMs: 20_000,
  stuckMs: Infinity,
  headPollMs: 5,
  groupPollMaxMs: GROUP_POLL_MAX_MS,
});

/**
 * Runs `read` at this request's turn of the selection reads, unless `done()` turns true first (an earlier turn read
 * this request's facts): then it leaves the queue at once and resolves undefined.
 */
export function selectionReadTurnUnlessDone<T>(read: () => Promise<T>, done: () => boolean): Promise<T | undefined> {
  return saveReads.runUnlessDone(read, done);
}

/** Runs `write` when it is this request's turn; resolves or rejects with `write`'s own outcome (or DbBusyError). */
export function gatedWrite<T>(write: () => Promise<T>): Promise<T> {
  return gate.run(write);
}

/**
 * Runs `write` at this request's turn, unless `done()` turns true first (another turn did this request's work, as the
 * refusal log's group commit does): then it leaves the queue at once and resolves undefined.
 */
export function gatedWriteUnlessDone<T>(write: () => Promise<T>, done: () => boolean): Promise<T | undefined> {
  return gate.runUnlessDone(write, done);
}

/** Gate state, for tests: how many are waiting and whether a write holds the gate. */
export function gateState(): { waiting: number; held: boolean } {
  const { held, waiting } = gate.state();
  return { waiting, held: held > 0 };
}
