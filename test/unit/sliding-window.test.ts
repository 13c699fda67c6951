/** The sliding-window limits of the public lookups (worker/lib/sliding-window.ts, docs/decisions/0007). */
import { describe, expect, it } from "vitest";
import { MAX_KEYS, SlidingWindows } from "../../worker/lib/sliding-window";

const MINUTE = 60_000;
const T0 = Date.parse("2031-03-01T10:00:00Z");

/** Hits `key` `n` times at `at`, answers how many were counted. */
function burst(w: SlidingWindows, key: string, limit: number, at: number, n: number) {
  let ok = 0;
  for (let i = 0; i < n; i++) if (w.take(key, limit, at).ok) ok++;
  return ok;
}

describe("SlidingWindows", () => {
  it("holds the limit across a minute boundary: 60 at 0:59.9, then none at 1:00 and 1:15, 60 again at 1:59.9", () => {
    const w = new SlidingWindows(MINUTE);
    const end = T0 + MINUTE - 100;
    expect(burst(w, "ip", 60, end, 70)).toBe(60);
    expect(burst(w, "ip", 60, T0 + MINUTE, 60)).toBe(0);
    expect(burst(w, "ip", 60, T0 + MINUTE + 15_000, 60)).toBe(0);
    expect(w.take("ip", 60, end + MINUTE - 1)).toEqual({ ok: false, retryAfterS: 1 });
    expect(burst(w, "ip", 60, end + MINUTE, 70)).toBe(60);
  });

  it("never lets more than the limit through in any 60 s, whatever the spacing", () => {
    const w = new SlidingWindows(MINUTE);
    const counted: number[] = [];
    // One attempt every 0.7 s for 5 minutes, offset from the minute.
    for (let t = T0 + 12_345; t < T0 + 5 * MINUTE; t += 700) if (w.take("id", 10, t).ok) counted.push(t);
    for (const start of counted) {
      expect(counted.filter((t) => t >= start && t < start + MINUTE).length).toBeLessThanOrEqual(10);
    }
    expect(counted.length).toBeGreaterThanOrEqual(50); // 10 a minute over 5 minutes
  });

  it("answers Retry-After as the seconds until the oldest counted hit leaves the window", () => {
    const w = new SlidingWindows(MINUTE);
    for (let i = 0; i < 10; i++) expect(w.take("id", 10, T0 + i * 1000).ok).toBe(true);
    expect(w.take("id", 10, T0 + 20_000)).toEqual({ ok: false, retryAfterS: 40 });
    expect(w.take("id", 10, T0 + MINUTE)).toEqual({ ok: true, retryAfterS: 0 });
  });

  it("keeps keys apart, and a refused hit is not counted", () => {
    const w = new SlidingWindows(MINUTE);
    expect(burst(w, "a", 2, T0, 5)).toBe(2);
    expect(burst(w, "b", 2, T0, 5)).toBe(2);
    // The three refused hits of "a" at T0 did not count: one minute after the two counted ones, two more pass.
    expect(burst(w, "a", 2, T0 + MINUTE, 5)).toBe(2);
  });

  it("counts only hits at or before now when a test clock goes back, and forgets idle keys", () => {
    const w = new SlidingWindows(MINUTE);
    expect(burst(w, "k", 3, T0 + 10 * MINUTE, 3)).toBe(3);
    expect(burst(w, "k", 3, T0, 3)).toBe(3);
    expect(burst(w, "k", 3, T0 + 10 * MINUTE, 1)).toBe(0);
    w.sweep(T0 + 20 * MINUTE);
    expect(w.size).toBe(0);
  });

  it("holds at most its maximum of keys, forgetting the least recently hit", () => {
    // A small maximum: the production one (MAX_KEYS) would take 200,000 takes, a second of a loaded CI machine.
    const max = 500;
    expect(MAX_KEYS).toBeGreaterThan(max);
    const w = new SlidingWindows(MINUTE, max);
    for (let i = 0; i <= max + 5; i++) w.take(`k${i}`, 1, T0);
    w.sweep(T0);
    expect(w.size).toBe(max);
    expect(w.take(`k${max + 5}`, 1, T0).ok).toBe(false); // recent: still counted
    expect(w.take("k0", 1, T0).ok).toBe(true); // forgotten
  });
});
