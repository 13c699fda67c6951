/**
 * LookupLimiter: a Durable Object holding the public lookups' sliding-window counters (worker/lib/sliding-window.ts,
 * docs/decisions/0007-public-rate-limits.md). Keys are spread over LIMITER_SHARDS instances by a hash, so one
 * instance never carries the whole of results day. Counters live in memory: an evicted or restarted instance starts
 * its keys afresh, which is fine for limits of a minute (the binding it replaces was approximate too).
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "./env";
import { SlidingWindows, type Taken } from "./lib/sliding-window";
import { LOOKUP_WINDOW_MS } from "./lookup-shards";

export class LookupLimiter extends DurableObject<Env> {
  private windows = new SlidingWindows(LOOKUP_WINDOW_MS);

  /** Counts one hit of `key` at `nowMs` (epoch ms) unless `limit` hits fall in the last minute. */
  take(key: string, limit: number, nowMs: number): Taken {
    return this.windows.take(key, limit, nowMs);
  }
}
