/**
 * A per-isolate bound on database calls in flight (docs/decisions/0029-bounded-database-calls.md;
 * docs/product.md#health). A burst waits here, first come first served, instead of piling onto the database: the
 * local libSQL server (sqld 0.24) deadlocks its write lock under tens of simultaneous write transactions, and Turso
 * charges and throttles concurrent work. Writes go one at a time per isolate (SQLite has one writer anyway); reads
 * get a wider lane. A call that cannot start within its lane's wait is refused with `DbBusyError` (→ 503 +
 * Retry-After), and so is one that finds its lane's queue full: a refusal costs the database nothing.
 *
 * No request resolves another request's promise: in workerd the continuation then runs in the resolving request,
 * whose end cancels it (measured: 10 parallel sign-ins through a lane handing over by promise, 8 cancelled as hung).
 * A freed slot is assigned to the first waiter as plain data, and each waiter's own timer finds it: the head of the
 * queue looks every HEAD_POLL_MS, the rest every TAIL_POLL_MS. A holder whose request was cancelled never releases its
 * slot, so a slot is taken over after a lease (longer than any call can last), and a slot assigned to a waiter whose
 * request is gone is taken over when not taken up within GRANT_MS. The guarantees that protect money and seats never
 * depend on this bound: they live in the writes.
 */
import { causes } from "./lib/causes";

/**
 * Waits `ms` on the runtime's own timer where there is one (workerd's `scheduler.wait`): `setTimeout` under
 * nodejs_compat builds a Node `Timeout` per call, and a rush's waiters look tens of times each (bench/README.md,
 * "Selection rush"). Elsewhere (Node, the unit tests' fake timers) `setTimeout`.
 */
const wait: (ms: number) => Promise<void> =
  typeof scheduler !== "undefined" && typeof scheduler.wait === "function"
    ? (ms) => scheduler.wait(ms)
    : (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One lane's limits: `limit` calls in flight, at most `queue` waiting, each at most `waitMs` ms. */
export interface LaneLimits {
  limit: number;
  queue: number;
  waitMs: number;
  /** A slot held longer than this is presumed held by a cancelled request (default LEASE_MS). */
  leaseMs?: number;
  /** Waiters are refused once every running call is older than this (default STUCK_MS; Infinity = never). */
  stuckMs?: number;
  /**
   * How often the waiters near the head look for their slot, in ms (default HEAD_POLL_MS). A lane whose calls take
   * tens of ms, and that has many slots, loses nothing by looking less often and saves the timers.
   */
  headPollMs?: number;
  /**
   * The longest a waiter whose work another turn may do (`runUnlessDone`: a group read or commit) sleeps between
   * looks, in ms (default TAIL_POLL_MAX_MS). Its place in the queue says little about when its work is done: one
   * turn does hundreds of waiters' work, and each learns it only at its next look.
   */
  groupPollMaxMs?: number;
}

/**
 * The lanes, measured (bench/README.md, "Database bounds"): one write at a time kept sqld 0.24 out of its deadlock
 * over 21,000 write transactions with 20 reads alongside each round, where 40 at once jammed it within 25 rounds.
 * A write waits for its lane at most 8 s: a burst's turn on a loaded machine (55 parallel sign-ins waited past 2 s
 * here). But once every call in the lane has run for STUCK_MS the database is not finishing anything, and the waiters
 * are refused at once, so that a request facing a stalled database is answered within the 5 s
 * docs/product.md#security-and-privacy promises.
 *
 * Reads never jammed sqld. Up to 256 run at once, which results day's 200 connections never exceed, so its lookups
 * never wait (waiting readers polling on timers cost them 8-23% when the lane was 32 wide: bench/README.md, "Results
 * day: third pass"). Beyond 256 a read waits its turn instead of being refused: on the morning selection opens, 1,000
 * families arrive within a second, and a lane without a queue answered 520-751 of them 503 (docs/decisions/0039). The
 * database's own limit (sqld's 64 requests, Turso's) turns a burst into quick 429s that `retryingFetch` retries for at
 * most 1.5 s.
 */
export const DB_LANES: Record<"read" | "write", LaneLimits> = {
  read: { limit: 256, queue: 4_000, waitMs: 5_000 },
  write: { limit: 1, queue: 2_000, waitMs: 8_000 },
};

/** A call running this long means a stalled database: no healthy call of ours takes it, in ms. */
export const STUCK_MS = 1_500;

/** A slot older than this is presumed held by a cancelled request (longer than a call's timeout and its retries). */
const LEASE_MS = 8_000;
/** A slot handed to a waiter that has not started within this long went to a cancelled request. */
const GRANT_MS = 500;
/** How often a waiter near the head of its queue looks for its slot, in ms (the hand-over's added latency). */
const HEAD_POLL_MS = 2;
/**
 * How often a waiter further back looks, in ms: when it expects to be near the head, from how many are ahead of it
 * and how fast the queue has been moving (sampled every RATE_WINDOW_MS), at least TAIL_POLL_MS, at most
 * TAIL_POLL_MAX_MS. A fixed 20 ms for 1,000 waiters was 50,000 timers a second, the Worker's whole core in a rush.
 */
const TAIL_POLL_MS = 20;
const TAIL_POLL_MAX_MS = 1_000;
const RATE_WINDOW_MS = 200;
/**
 * Waiters beyond the lane's limit (at most HEAD_WAITERS of it) that poll fast too, so the next in line is already
 * looking when its turn comes. Every fast poller is a timer every HEAD_POLL_MS: 40 of them (the read lane's 32 + 8)
 * took 14% of the Worker's CPU samples under 200 results-day connections (bench/README.md, "Results day: side by
 * side with e7da0d0").
 */
const HEAD_WAITERS = 8;

/**
 * Thrown when a call could not start within its lane's wait (or its queue was full): read as overload, 503 with a
 * short Retry-After. The lanes are the database's and the sign-in's (worker/services/auth.ts).
 */
export class DbBusyError extends Error {
  constructor(lane: string, why: "queue" | "wait" | "stuck") {
    const what = { queue: "queue full", wait: "waited too long", stuck: `every call running over ${STUCK_MS} ms` }[why];
    super(`${lane} lane busy (${what})`);
    this.name = "DbBusyError";
  }
}

interface Slot {
  since: number;
  started: boolean;
}

interface Waiter {
  /** Assigned by whoever frees a slot; taken up by the waiter's own timer. */
  slot: Slot | null;
  /** Its place in the order of arrival: with the lane's count of waiters gone, how far back it is. */
  ticket: number;
  /**
   * Seen among the lane's first `near` waiters: only the health probe ever goes in front of it, so once near it
   * polls fast without being looked for again.
   */
  near: boolean;
}

/** One lane: FIFO waiters, slots with leases. Exported for tests; the Worker uses `lanes`. */
export class Lane {
  private readonly held = new Set<Slot>();
  private readonly waiting: Waiter[] = [];
  /**
   * No held slot can expire before this instant (a lower bound: a slot that starts only moves its expiry later).
   * Under load every waiter polls every few ms, and each poll would otherwise walk every held slot.
   */
  private nextExpiry = Infinity;
  /** How many waiters at the head poll every HEAD_POLL_MS. */
  private readonly near: number;
  /** Waiters that ever queued, and those that left the queue (with a slot, or not): their difference is its length. */
  private arrived = 0;
  private left = 0;
  /** Waiters that left per ms, measured over the last RATE_WINDOW_MS: how fast the queue moves. */
  private rate = 0;
  private rateSince = 0;
  private leftSince = 0;

  constructor(
    readonly name: string,
    readonly limits: LaneLimits,
    private readonly clock: () => number = () => Date.now(),
  ) {
    this.near = Math.min(limits.limit, HEAD_WAITERS) + HEAD_WAITERS;
  }

  /** Calls in flight and waiting, for tests and the storm benchmark's log. */
  state(): { held: number; waiting: number } {
    this.reap();
    return { held: this.held.size, waiting: this.waiting.length };
  }

  /**
   * Runs `call` once a slot is free; rejects with DbBusyError if none frees within the lane's wait. `first` puts the
   * call at the head of the queue (the health probe: it must measure the database, not the queue in front of it).
   */
  async run<T>(call: () => Promise<T>, first = false): Promise<T> {
    const slot = await this.acquire(first);
    if (!slot) throw new Error("a waiter without `done` never leaves without a slot");
    return this.runIn(slot, call);
  }

  /**
   * Like `run`, but leaves the queue without running `call` (resolving undefined) as soon as `done()` is true when it
   * looks: work another caller's turn already did (a group commit) needs no turn of its own.
   */
  async runUnlessDone<T>(call: () => Promise<T>, done: () => boolean): Promise<T | undefined> {
    if (done()) return undefined;
    const slot = await this.acquire(false, done);
    return slot ? this.runIn(slot, call) : undefined;
  }

  private async runIn<T>(slot: Slot, call: () => Promise<T>): Promise<T> {
    slot.started = true;
    slot.since = this.clock();
    try {
      return await call();
    } finally {
      if (this.held.delete(slot)) this.pump();
    }
  }

  private reap(now = this.clock()): void {
    if (now > this.nextExpiry) {
      const lease = this.limits.leaseMs ?? LEASE_MS;
      let next = Infinity;
      for (const s of this.held) {
        const expiry = s.since + (s.started ? lease : GRANT_MS);
        if (now > expiry) this.held.delete(s);
        else if (expiry < next) next = expiry;
      }
      this.nextExpiry = next;
    }
    this.pump();
  }

  /** Holds a new slot, granted now and not yet started. */
  private hold(): Slot {
    const slot: Slot = { since: this.clock(), started: false };
    this.held.add(slot);
    this.nextExpiry = Math.min(this.nextExpiry, slot.since + GRANT_MS);
    return slot;
  }

  /**
   * Hands free slots to waiters, in order, but to the first one that is looking often (near the head) rather than to
   * one further back that is asleep on a long poll: a slot handed to a sleeper would sit idle until it woke, and a
   * lane of one slot would stall for that long. A sleeper keeps its place and is served once it looks again.
   */
  private pump(): void {
    while (this.held.size < this.limits.limit && this.waiting.length > 0) {
      const n = Math.min(this.waiting.length, this.near);
      let i = 0;
      while (i < n && !this.waiting[i]!.near) i++;
      const [next] = this.waiting.splice(i < n ? i : 0, 1);
      next!.slot = this.hold();
      this.left += 1;
    }
  }

  /** Removes a waiter that gives up its place (refused, or its work done meanwhile). */
  private leave(me: Waiter): void {
    const i = this.waiting.indexOf(me);
    if (i >= 0) {
      this.waiting.splice(i, 1);
      this.left += 1;
    }
  }

  /** Ms until a waiter looks again: fast near the head, slower the further back it is (an estimate, O(1)). */
  private pollMs(me: Waiter, now: number, grouped: boolean): number {
    me.near ||= this.isNear(me);
    if (me.near) return this.limits.headPollMs ?? HEAD_POLL_MS;
    if (now - this.rateSince >= RATE_WINDOW_MS) {
      this.rate = this.rateSince ? (this.left - this.leftSince) / (now - this.rateSince) : 0;
      [this.rateSince, this.leftSince] = [now, this.left];
    }
    const beyondNear = Math.max(0, me.ticket - this.left - this.near);
    // Half the expected time to reach the head: a queue that speeds up is met on the next look.
    const expected = this.rate > 0 ? beyondNear / this.rate / 2 : TAIL_POLL_MS * Math.floor(beyondNear / this.near + 1);
    const max = grouped ? (this.limits.groupPollMaxMs ?? TAIL_POLL_MAX_MS) : TAIL_POLL_MAX_MS;
    return Math.min(max, Math.max(TAIL_POLL_MS, Math.floor(expected)));
  }

  /** True when every held slot is a call that has run longer than the lane's stuck time (no array built per poll). */
  private allStuck(now: number): boolean {
    const stuckMs = this.limits.stuckMs ?? STUCK_MS;
    for (const h of this.held) if (!h.started || now - h.since <= stuckMs) return false;
    return true;
  }

  /** Whether `me` is among the first `near` waiters (looks at those only, not the whole queue). */
  private isNear(me: Waiter): boolean {
    const n = Math.min(this.waiting.length, this.near);
    for (let i = 0; i < n; i++) if (this.waiting[i] === me) return true;
    return false;
  }

  private acquire(first: boolean, done?: () => boolean): Promise<Slot | null> {
    this.reap();
    if (this.held.size < this.limits.limit && this.waiting.length === 0) return Promise.resolve(this.hold());
    // The health probe (`first`) may wait in a lane without a queue: it must measure the database, not the lane.
    if (!first && this.waiting.length >= this.limits.queue) return Promise.reject(new DbBusyError(this.name, "queue"));
    const deadline = this.clock() + this.limits.waitMs;
    const me: Waiter = { slot: null, near: false, ticket: this.arrived++ };
    if (first) this.waiting.unshift(me);
    else this.waiting.push(me);
    return new Promise<Slot | null>((resolve, reject) => {
      const watch = () => {
        const now = this.clock();
        if (!me.slot) this.reap(now); // frees the slots of vanished holders, which may assign one to this waiter
        if (me.slot) return resolve(me.slot);
        if (done?.()) {
          this.leave(me);
          return resolve(null);
        }
        const stuck = this.held.size >= this.limits.limit && this.allStuck(now);
        if (now >= deadline || stuck) {
          this.leave(me);
          return reject(new DbBusyError(this.name, stuck ? "stuck" : "wait"));
        }
        wait(this.pollMs(me, now, done !== undefined)).then(watch, reject);
      };
      wait(HEAD_POLL_MS).then(watch, reject);
    });
  }
}

/** This isolate's lanes. */
export const lanes = { read: new Lane("read", DB_LANES.read), write: new Lane("write", DB_LANES.write) };

/**
 * True for a statement that only reads (drizzle's selects, `select 1`, a `with` that writes nothing); anything else
 * takes the write lane. Only the first word is looked at for a select: this runs on every read of the results-day path.
 */
export function isReadSql(sql: string): boolean {
  const head = sql.trimStart().slice(0, 6).toLowerCase();
  if (head === "select") return true;
  return head.startsWith("with") && !/\b(insert|update|delete|replace)\b/i.test(sql);
}

/** True when an error (or its cause chain: drizzle wraps the client's errors) is a refusal of this bound. */
export function isDbBusy(err: unknown): boolean {
  for (const e of causes(err)) if (e instanceof DbBusyError) return true;
  return false;
}
