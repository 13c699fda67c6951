/** worker/write-gate.ts: one write at a time, first come first served, and a vanished holder cannot stall the queue. */
import { describe, expect, it, vi } from "vitest";
import { gateState, gatedWrite } from "../../worker/write-gate";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("gatedWrite", () => {
  it("runs writes one at a time, in arrival order, and passes the turn on after a failure", async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const write = (i: number) =>
      gatedWrite(async () => {
        running++;
        most = Math.max(most, running);
        await sleep(2);
        order.push(i);
        running--;
        if (i === 3) throw new Error("write failed");
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => write(i)));
    expect(most).toBe(1);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    expect(gateState()).toEqual({ waiting: 0, held: false });
  });

  it("takes over from a holder that never finishes (its request was cancelled), after its 3 s lease", async () => {
    // The lease runs on the fake clock: no real 3 s wait.
    vi.useFakeTimers();
    try {
      void gatedWrite(() => new Promise(() => {})); // never settles, like a cancelled request
      let done = false;
      const next = gatedWrite(async () => "next").then((v) => {
        done = true;
        return v;
      });
      await vi.advanceTimersByTimeAsync(2_900);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(500);
      await expect(next).resolves.toBe("next");
      expect(gateState()).toEqual({ waiting: 0, held: false });
    } finally {
      vi.useRealTimers();
    }
  });
});
