/**
 * A per-isolate FIFO gate that lets one database write transaction of a hot path run at a time
 * (docs/decisions/0010-write-gate-for-the-selection-rush.md). SQLite has one writer anyway; letting ~1,000 selection
 * writes wait inside the database at once made the local libSQL server spin on its lock until it stopped finishing
 * them (bench/README.md). Waiting here costs nothing, and the order is first come, first served.
 *
 * Every guarantee (seats, update-once) is still enforced by the write itself; the gate only shapes load. It must
 * survive a holder whose request was cancelled mid-write (its `finally` never runs) and a waiter cancelled before its
 * turn: a hold older than `LEASE_MS` (or a turn not taken up within `GRANT_MS`) is taken over, checked by every
 * waiter's own timer.
 */

/** A holder older than this is presumed gone (its request was cancelled). Two writers may then overlap: harmless. */
const LEASE_MS = 3_000;
/** A turn handed to a waiter that has not started within this long went to a cancelled request. */
const GRANT_MS = 500;
/** How often a waiter checks for a vanished holder, in ms. */
const WATCH_MS = 250;

interface Hold {
  token: number;
  since: number;
  started: boolean;
}

interface Waiter {
  grant: (hold: Hold) => void;
}

let holder: Hold | null = null;
let tokens = 0;
const waiting: Waiter[] = [];

function handOver(): void {
  const next = waiting.shift();
  holder = next ? { token: ++tokens, since: Date.now(), started: false } : null;
  if (next && holder) next.grant(holder);
}

function stale(): boolean {
  return holder !== null && Date.now() - holder.since > (holder.started ? LEASE_MS : GRANT_MS);
}

/** Runs `write` when it is this request's turn; resolves or rejects with `write`'s own outcome. */
export async function gatedWrite<T>(write: () => Promise<T>): Promise<T> {
  if (stale()) handOver();
  let mine: Hold;
  if (!holder && waiting.length === 0) {
    mine = holder = { token: ++tokens, since: Date.now(), started: true };
  } else {
    mine = await new Promise<Hold>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const me: Waiter = {
        grant: (hold) => {
          clearTimeout(timer);
          resolve(hold);
        },
      };
      waiting.push(me);
      // The waiter's own timer (in its own request), so a vanished holder cannot stall the queue.
      const watch = () => {
        if (!waiting.includes(me)) return;
        if (stale() || !holder) handOver();
        timer = setTimeout(watch, WATCH_MS);
      };
      timer = setTimeout(watch, WATCH_MS);
    });
  }
  mine.started = true;
  mine.since = Date.now();
  try {
    return await write();
  } finally {
    // Only the current holder passes the turn on; a holder whose lease was taken over just leaves.
    if (holder?.token === mine.token) handOver();
  }
}

/** Gate state, for tests: how many are waiting and whether a write holds the gate. */
export function gateState(): { waiting: number; held: boolean } {
  return { waiting: waiting.length, held: holder !== null };
}
