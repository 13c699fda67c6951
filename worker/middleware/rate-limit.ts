/**
 * Per-client and per-ID rate limits on the public lookups (national-ID enumeration; SECURITY.md). Limits:
 * docs/decisions/0007-public-rate-limits.md. Each counts over a SLIDING minute (the LookupLimiter Durable Object,
 * worker/lookup-limiter.ts): at most the limit in any 60 s, also across a minute boundary. Should that object not
 * answer, the Workers rate-limiting bindings (fixed minutes, wrangler.toml) take over for the request.
 * The results and teacher-selection lookups draw on ONE per-client budget (an enumerator cannot double its rate by
 * alternating endpoints); a client is its IPv4 address or its IPv6 /64 (worker/lib/client-address.ts), and an IPv6
 * client's /48 has a budget of its own besides (a subscriber with a /48 or /56 can move between /64s at will). The
 * per-ID limit stays per lookup family and is keyed on the normalised ID alone: nothing the client sends besides the
 * ID (address, headers, connection) changes it. Refusals are 429 RATE_LIMITED with `Retry-After: 60`.
 * `BENCH_DISABLE_RATE_LIMIT=1` turns them off for benchmarks.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { clientKey, networkKey } from "../lib/client-address";
import { takeLookup } from "../lookup-shards";
import { requestNow } from "../request-clock";

export const RATE_LIMIT_WINDOW_S = 60;

/** Lookups allowed in any minute: per client, per IPv6 /48, per looked-up ID (docs/decisions/0007). */
export const LOOKUP_LIMITS = { client: 60, network: 100, id: 10 } as const;

/**
 * The caller's client key from the address Cloudflare reports (`CF-Connecting-IP`, which clients cannot set through
 * Cloudflare): the IPv4 address, or the /64 of an IPv6 address.
 */
export function clientOf(c: Context<AppEnv>): string {
  return clientKey(c.req.header("CF-Connecting-IP"));
}

/**
 * Throws 429 when the caller (shared budget of every public lookup), its IPv6 /48 or the looked-up ID (per `scope`:
 * "results", "selection", "select") is over its limit.
 */
export async function enforcePublicLookupLimits(c: Context<AppEnv>, scope: string, id: string): Promise<void> {
  if (c.env.BENCH_DISABLE_RATE_LIMIT === "1") return;
  const network = networkKey(c.req.header("CF-Connecting-IP"));
  const checks: Array<[RateLimit, string, number]> = [
    [c.env.PUBLIC_IP_LIMITER, `lookup:ip:${clientOf(c)}`, LOOKUP_LIMITS.client],
    [c.env.PUBLIC_ID_LIMITER, `${scope}:id:${id}`, LOOKUP_LIMITS.id],
  ];
  if (network) checks.push([c.env.PUBLIC_NET_LIMITER, `lookup:net:${network}`, LOOKUP_LIMITS.network]);
  const now = requestNow(c).getTime();
  const allowed = await Promise.all(checks.map(([binding, key, limit]) => takeOne(c, binding, key, limit, now)));
  if (allowed.includes(false)) throw new ApiError("RATE_LIMITED", { retryAfter: RATE_LIMIT_WINDOW_S });
}

/** One limit: the sliding window, or the binding's fixed minute when the Durable Object does not answer. */
async function takeOne(c: Context<AppEnv>, binding: RateLimit, key: string, limit: number, now: number) {
  try {
    return (await takeLookup(c.env, key, limit, now)).ok;
  } catch (err) {
    console.warn(JSON.stringify({ msg: "lookup limiter unavailable; binding used", err: String(err) }));
    return (await binding.limit({ key })).success;
  }
}
