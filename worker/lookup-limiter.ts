/**
 * LookupLimiter: a Durable Object holding the public lookups' sliding-window counters (worker/lib/sliding-window.ts,
 * docs/decisions/0007-public-rate-limits.md). Keys are spread over LIMITER_SHARDS instances by a hash, so one
 * instance never carries the whole of results day. Counters live in memory: an evicted or restarted instance starts
 * its keys afresh, which is fine for limits of a minute (the binding it replaces was approximate too).
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "./env";
import { SlidingWindows, type Taken } from "./lib/sliding-window";

/** Instances the keys are spread over. Changing it moves keys (their budgets start afresh once). */
export const LIMITER_SHARDS = 16;
/** The window every public lookup limit counts over, in ms. */
export const LOOKUP_WINDOW_MS = 60_000;

export class LookupLimiter extends DurableObject<Env> {
  private windows = new SlidingWindows(LOOKUP_WINDOW_MS);

  /** Counts one hit of `key` at `nowMs` (epoch ms) unless `limit` hits fall in the last minute. */
  take(key: string, limit: number, nowMs: number): Taken {
    return this.windows.take(key, limit, nowMs);
  }
}

/** FNV-1a of `key`, modulo LIMITER_SHARDS: the instance a key is counted in. */
export function shardOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % LIMITER_SHARDS;
}

/** Counts a hit of `key` in its shard (see `LookupLimiter.take`); throws when the instance cannot be reached. */
export function takeLookup(env: Env, key: string, limit: number, nowMs: number): Promise<Taken> {
  const ns = env.LOOKUP_LIMITER;
  return ns.get(ns.idFromName(`lookups-${shardOf(key)}`)).take(key, limit, nowMs);
}
