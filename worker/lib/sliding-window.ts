/**
 * Sliding-window rate limits in memory (docs/decisions/0007-public-rate-limits.md): a key is allowed at most `limit`
 * hits in ANY `windowMs`, not per clock-aligned window (a fixed 60 s window let 60 lookups at 0:59 and 60 more at
 * 1:00 through). Each key keeps the instants of its counted hits, at most `limit` of them. Dependency-free, with the
 * clock passed in, so the tests move time instead of waiting. Used by the LookupLimiter Durable Object.
 */

/** Keys held at most; past it the keys not hit for longest are forgotten (their budgets start afresh). */
export const MAX_KEYS = 200_000;
/** A sweep of expired keys runs after this many hits. */
const SWEEP_EVERY = 1_000;

export interface Taken {
  /** True when the hit was counted; false when `limit` hits already fall in the window. */
  ok: boolean;
  /** When refused: whole seconds until the oldest counted hit leaves the window (1..windowMs/1000). Else 0. */
  retryAfterS: number;
}

/** Counters for many keys under one window length. */
export class SlidingWindows {
  private hits = new Map<string, number[]>();
  private sinceSweep = 0;

  /** `windowMs`: the window's length in ms (60_000 for "per minute"); `maxKeys`: keys held at most. */
  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  /**
   * Counts one hit of `key` at `nowMs` (epoch ms) unless `limit` hits already fall in (nowMs - windowMs, nowMs].
   * A refused hit is not counted. Hits recorded after `nowMs` (a clock that went back) are kept but not counted.
   */
  take(key: string, limit: number, nowMs: number): Taken {
    const since = nowMs - this.windowMs;
    const kept = (this.hits.get(key) ?? []).filter((t) => t > since);
    const inWindow = kept.filter((t) => t <= nowMs);
    if (inWindow.length >= limit) {
      this.remember(key, kept);
      const oldest = Math.min(...inWindow);
      return { ok: false, retryAfterS: Math.max(1, Math.ceil((oldest + this.windowMs - nowMs) / 1000)) };
    }
    kept.push(nowMs);
    this.remember(key, kept);
    if (++this.sinceSweep >= SWEEP_EVERY) this.sweep(nowMs);
    return { ok: true, retryAfterS: 0 };
  }

  /** Keys currently held (for tests and stats). */
  get size(): number {
    return this.hits.size;
  }

  /** Drops the keys with no hit in the window ending at `nowMs`, then the least recently hit beyond `maxKeys`. */
  sweep(nowMs: number): void {
    this.sinceSweep = 0;
    const since = nowMs - this.windowMs;
    for (const [key, times] of this.hits) if (!times.some((t) => t > since)) this.hits.delete(key);
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) break;
      this.hits.delete(key);
    }
  }

  /** Stores `times` under `key` as its most recent use (a Map iterates in insertion order: oldest use first). */
  private remember(key: string, times: number[]) {
    this.hits.delete(key);
    if (times.length > 0) this.hits.set(key, times);
  }
}
