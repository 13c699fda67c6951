/**
 * worker/db-bound.ts: a lane lets `limit` calls run at once, first come first served; waiters past the queue, the
 * wait or a stuck lane are refused with DbBusyError; a holder whose request vanished loses its slot after the lease.
 * Fake timers: the lane's clock and its waiters' polls run on vitest's clock.
 */
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DbBusyError, isDbBusy, isReadSql, Lane, STUCK_MS } from "../../worker/db-bound";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A call that ends when `end()` is called, recording how many calls run at once. */
function gate(track: { now: number; max: number }) {
  let end!: () => void;
  const done = new Promise<void>((r) => (end = r));
  return {
    end: () => end(),
    call: async () => {
      track.now++;
      track.max = Math.max(track.max, track.now);
      await done;
      track.now--;
    },
  };
}

describe("Lane", () => {
  it("without a queue only counts: the call past the limit is refused at once, and the health probe may still wait", async () => {
    const lane = new Lane("read", { limit: 2, queue: 0, waitMs: 5_000 }, Date.now);
    const track = { now: 0, max: 0 };
    const [a, b] = [gate(track), gate(track)];
    const running = [lane.run(a.call), lane.run(b.call)];
    await expect(lane.run(async () => "never")).rejects.toThrow(DbBusyError);
    expect(vi.getTimerCount()).toBe(0); // nothing polls: a refusal costs no timer
    const probe = lane.run(async () => "probe", true);
    a.end();
    await vi.advanceTimersByTimeAsync(10);
    await expect(probe).resolves.toBe("probe");
    b.end();
    await Promise.all(running);
    expect(track.max).toBe(2);
  });

  it("a waiter whose work another turn did hears of it within groupPollMaxMs, however far back it is", async () => {
    const lane = new Lane(
      "group",
      { limit: 1, queue: 5_000, waitMs: 60_000, stuckMs: Infinity, groupPollMaxMs: 100 },
      Date.now,
    );
    const track = { now: 0, max: 0 };
    const holder = gate(track);
    const running = lane.run(holder.call);
    // A queue that barely moves: far-back waiters expect a long wait and would sleep up to a second between looks.
    const done = new Set<number>();
    const waiters = Array.from({ length: 500 }, (_, i) =>
      lane
        .runUnlessDone(
          async () => i,
          () => done.has(i),
        )
        .then((r) => ({ i, r, at: Date.now() })),
    );
    await vi.advanceTimersByTimeAsync(3_000);
    const at = Date.now();
    for (let i = 0; i < 500; i++) done.add(i); // one turn did everyone's work
    const settled = await (async () => {
      await vi.advanceTimersByTimeAsync(100);
      holder.end();
      await running;
      await vi.advanceTimersByTimeAsync(10);
      return Promise.all(waiters);
    })();
    for (const w of settled) {
      expect(w.r).toBeUndefined();
      expect(w.at - at).toBeLessThanOrEqual(100);
    }
  });

  it("never runs more than its limit at once, and serves waiters in order (any limit, any number of calls)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 40 }), async (limit, n) => {
        const lane = new Lane("t", { limit, queue: 1_000, waitMs: 60_000 }, Date.now);
        const track = { now: 0, max: 0 };
        const started: number[] = [];
        const gates = Array.from({ length: n }, () => gate(track));
        const runs = gates.map((g, i) =>
          lane.run(() => {
            started.push(i);
            return g.call();
          }),
        );
        for (const g of gates) {
          await vi.advanceTimersByTimeAsync(5);
          g.end();
        }
        await vi.advanceTimersByTimeAsync(50);
        await Promise.all(runs);
        expect(track.max).toBeLessThanOrEqual(limit);
        expect(started).toEqual([...started].sort((a, b) => a - b));
        expect(lane.state()).toEqual({ held: 0, waiting: 0 });
      }),
      { numRuns: 40 },
    );
  });

  it("refuses a call at once when the queue is full, and after its wait when no slot frees", async () => {
    const lane = new Lane("t", { limit: 1, queue: 1, waitMs: 1_000 }, Date.now);
    const track = { now: 0, max: 0 };
    const holder = gate(track);
    const held = lane.run(holder.call);
    const waiter = lane.run(async () => "ran").catch((e) => e);
    await expect(lane.run(async () => "ran")).rejects.toThrow(/queue full/);
    await vi.advanceTimersByTimeAsync(1_100);
    // The holder is not stuck yet (it started under STUCK_MS ago when the wait ran out): refused for waiting.
    expect(STUCK_MS).toBeGreaterThan(1_000);
    const refused = await waiter;
    expect(refused).toBeInstanceOf(DbBusyError);
    expect(isDbBusy(new Error("wrapped", { cause: refused }))).toBe(true);
    holder.end();
    await held;
  });

  it("refuses waiters as soon as every running call has run past STUCK_MS (a stalled database)", async () => {
    const lane = new Lane("t", { limit: 1, queue: 10, waitMs: 60_000 }, Date.now);
    const holder = gate({ now: 0, max: 0 });
    const held = lane.run(holder.call);
    const t0 = Date.now();
    const waiter = lane.run(async () => "ran").catch((e) => e);
    await vi.advanceTimersByTimeAsync(STUCK_MS + 50);
    expect(await waiter).toBeInstanceOf(DbBusyError);
    expect(Date.now() - t0).toBeLessThan(STUCK_MS + 100);
    holder.end();
    await held;
  });

  it("takes the slot back from a holder that never finishes (its request was cancelled) after the lease", async () => {
    const lane = new Lane("t", { limit: 1, queue: 10, waitMs: 60_000 }, Date.now);
    void lane.run(() => new Promise<never>(() => {})); // never settles, never releases
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lane.state().held).toBe(0);
    await expect(lane.run(async () => "ran")).resolves.toBe("ran");
  });

  it("puts a first-in-line call ahead of the queue", async () => {
    const lane = new Lane("t", { limit: 1, queue: 10, waitMs: 60_000 }, Date.now);
    const holder = gate({ now: 0, max: 0 });
    const order: string[] = [];
    const runs = [
      lane.run(holder.call),
      lane.run(async () => void order.push("queued")),
      lane.run(async () => void order.push("probe"), true),
    ];
    holder.end();
    await vi.advanceTimersByTimeAsync(50);
    await Promise.all(runs);
    expect(order).toEqual(["probe", "queued"]);
  });
});

describe("isReadSql", () => {
  it("sends selects to the read lane and anything that writes to the write lane", () => {
    expect(isReadSql('select "id" from "students" where "national_id" = ?')).toBe(true);
    expect(isReadSql("  SELECT 1")).toBe(true);
    expect(isReadSql("with t as (select 1) select * from t")).toBe(true);
    expect(isReadSql("with t as (select 1) insert into x select * from t")).toBe(false);
    expect(isReadSql("insert into x values (1)")).toBe(false);
    expect(isReadSql("update x set a = 1")).toBe(false);
    expect(isReadSql("PRAGMA integrity_check")).toBe(false);
  });
});
