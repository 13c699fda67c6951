/** The selection page's retry of a save through a busy moment (web/features/selection/public/save-retry.ts). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "~/lib/api";
import { retryDelayMs, sendWithRetries } from "~/features/selection/public/save-retry";

/** A fake clock whose sleep moves it forward. */
function fakeTime() {
  let t = 0;
  const sleep = async (ms: number) => {
    t += ms;
  };
  return { now: () => t, sleep, elapsed: () => t };
}

const busy = (after?: number) => new ApiFailure("busy", 503, "SERVICE_UNAVAILABLE", {}, after);

describe("sendWithRetries", () => {
  it("sends the same key again after each 503, waiting as Retry-After says, until the save answers", async () => {
    const clock = fakeTime();
    const keys: string[] = [];
    const answers = [busy(2), busy(5), new ApiFailure("no answer", 0), { ok: true }];
    const result = await sendWithRetries(
      async (key) => {
        keys.push(key);
        const a = answers.shift()!;
        if (a instanceof ApiFailure) throw a;
        return a;
      },
      { ...clock, random: () => 0, newKey: () => "k-1" },
    );
    expect(result).toEqual({ ok: true });
    expect(keys).toEqual(["k-1", "k-1", "k-1", "k-1"]);
    expect(clock.elapsed()).toBe(2000 + 5000 + 2000);
  });

  it("does not retry a refusal (409, 403, 400, 429)", async () => {
    for (const status of [409, 403, 400, 429]) {
      let calls = 0;
      const refusal = new ApiFailure("no", status);
      await expect(
        sendWithRetries(
          async () => {
            calls += 1;
            throw refusal;
          },
          { ...fakeTime() },
        ),
      ).rejects.toBe(refusal);
      expect(calls).toBe(1);
    }
  });

  it("gives up with the last failure once the budget would be passed", async () => {
    const clock = fakeTime();
    let calls = 0;
    await expect(
      sendWithRetries(
        async () => {
          calls += 1;
          throw busy(10);
        },
        { ...clock, budgetMs: 25_000, random: () => 0 },
      ),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(3);
    expect(clock.elapsed()).toBeLessThanOrEqual(25_000);
  });
});

describe("retryDelayMs", () => {
  it("is 1-11 s whatever Retry-After says, spread by up to a second", () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -5, max: 100_000 })),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (after, r) => {
          const ms = retryDelayMs(busy(after ?? undefined), () => r);
          expect(ms).toBeGreaterThanOrEqual(1000);
          expect(ms).toBeLessThan(11_000);
        },
      ),
    );
  });
});
