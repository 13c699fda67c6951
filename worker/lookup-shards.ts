/**
 * Where a public lookup's key is counted (worker/lookup-limiter.ts, docs/decisions/0007-public-rate-limits.md): its
 * shard, and the call to it. Apart from the Durable Object's class, which imports the runtime's `cloudflare:workers`,
 * so that Node (the API document's lint, the unit tests) can load the middleware that calls it.
 */
import type { Env } from "./env";
import type { Taken } from "./lib/sliding-window";

/** Instances the keys are spread over. Changing it moves keys (their budgets start afresh once). */
export const LIMITER_SHARDS = 16;
/** The window every public lookup limit counts over, in ms. */
export const LOOKUP_WINDOW_MS = 60_000;

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
