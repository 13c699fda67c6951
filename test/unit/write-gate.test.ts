/** worker/write-gate.ts: one write at a time, first come first served, and a vanished holder cannot stall the queue. */
import { describe, expect, it } from "vitest";
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

  it("takes over from a holder that never finishes (its request was cancelled)", async () => {
    void gatedWrite(() => new Promise(() => {})); // never settles, like a cancelled request
    const t0 = Date.now();
    await expect(gatedWrite(async () => "next")).resolves.toBe("next");
    const waited = Date.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(2_900);
    expect(waited).toBeLessThan(8_000);
    expect(gateState()).toEqual({ waiting: 0, held: false });
  }, 10_000);
});
