/** scripts/lib/local-cron.ts: `npm start` fires wrangler.toml's Cron Triggers on their UTC schedule. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { scheduledUrl, startLocalCron, wranglerCrons } from "../../scripts/lib/local-cron";

afterEach(() => vi.useRealTimers());

describe("local cron", () => {
  it("reads the patterns from wrangler.toml", () => {
    expect(wranglerCrons()).toEqual(["0 * * * *", "*/10 * * * *", "5 22 * * *"]);
  });

  it("fires the daily academic-year flip at 22:05 UTC (just after midnight in Cairo), once a day", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-27T22:04:30Z"), toFake: ["Date", "setTimeout", "clearTimeout"] });
    const calls: string[] = [];
    const fetchImpl = (async (url: string) => {
      calls.push(url);
      return new Response("Ran scheduled event");
    }) as typeof fetch;
    // Only the daily pattern (still read from wrangler.toml): a simulated day of the ten-minute one is 144 more fires,
    // seconds of CPU on a loaded machine, and the test timed out.
    const daily = wranglerCrons().filter((c) => c === "5 22 * * *");
    expect(daily).toHaveLength(1);
    const cron = startLocalCron("http://127.0.0.1:8787", { crons: daily, fetchImpl, log: () => {} });
    await vi.advanceTimersByTimeAsync(60_000); // 22:05:30
    const due = Date.parse("2026-11-27T22:05:00Z");
    expect(calls).toEqual([scheduledUrl("http://127.0.0.1:8787", "5 22 * * *", due)]);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    cron.stop();
    expect(calls.filter((u) => u.includes(encodeURIComponent("5 22 * * *")))).toEqual([
      scheduledUrl("http://127.0.0.1:8787", "5 22 * * *", due),
      scheduledUrl("http://127.0.0.1:8787", "5 22 * * *", due + 24 * 60 * 60_000),
    ]);
  });

  it("fires each pattern when due, with the minute it was due as the scheduled time", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-27T07:58:30Z"), toFake: ["Date", "setTimeout", "clearTimeout"] });
    const calls: string[] = [];
    const fetchImpl = (async (url: string) => {
      calls.push(url);
      return new Response("Ran scheduled event");
    }) as typeof fetch;
    const cron = startLocalCron("http://127.0.0.1:8787", { crons: wranglerCrons(), fetchImpl, log: () => {} });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000); // 08:00:30: both patterns were due at 08:00
    const eight = Date.parse("2026-11-27T08:00:00Z");
    expect(calls.sort()).toEqual(
      [
        scheduledUrl("http://127.0.0.1:8787", "*/10 * * * *", eight),
        scheduledUrl("http://127.0.0.1:8787", "0 * * * *", eight),
      ].sort(),
    );
    await vi.advanceTimersByTimeAsync(10 * 60_000); // 08:10:30: only the ten-minute one
    expect(calls.at(-1)).toBe(scheduledUrl("http://127.0.0.1:8787", "*/10 * * * *", eight + 600_000));
    expect(calls).toHaveLength(3);
    cron.stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(calls).toHaveLength(3);
  });

  it("logs a failed tick and keeps the schedule", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-27T07:59:50Z"), toFake: ["Date", "setTimeout", "clearTimeout"] });
    const logged: string[] = [];
    let n = 0;
    const fetchImpl = (async () => {
      n++;
      if (n === 1) throw new Error("connect ECONNREFUSED");
      return new Response("", { status: 500 });
    }) as typeof fetch;
    const cron = startLocalCron("http://127.0.0.1:1", {
      crons: ["*/10 * * * *"],
      fetchImpl,
      log: (m) => logged.push(m),
    });
    await vi.advanceTimersByTimeAsync(11 * 60_000);
    cron.stop();
    expect(logged).toEqual([
      'cron "*/10 * * * *": connect ECONNREFUSED',
      'cron "*/10 * * * *": the Worker answered 500',
    ]);
  });
});
