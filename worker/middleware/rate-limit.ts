/**
 * Per-client and per-ID rate limits on the public lookups (national-ID enumeration; SECURITY.md), with the Workers
 * rate-limiting binding (simulated by Miniflare locally). Limits: docs/decisions/0007-public-rate-limits.md.
 * The results and teacher-selection lookups draw on ONE per-client budget (an enumerator cannot double its rate by
 * alternating endpoints); a client is its IPv4 address or its IPv6 /64 (worker/lib/client-address.ts), and an IPv6
 * client's /48 has a budget of its own besides (a subscriber with a /48 or /56 can move between /64s at will). The
 * per-ID limit stays per lookup family. Refusals are 429 RATE_LIMITED with `Retry-After: 60`.
 * `BENCH_DISABLE_RATE_LIMIT=1` turns them off for benchmarks.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { clientKey, networkKey } from "../lib/client-address";

export const RATE_LIMIT_WINDOW_S = 60;

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
  const [ip, net, perId] = await Promise.all([
    c.env.PUBLIC_IP_LIMITER.limit({ key: `lookup:ip:${clientOf(c)}` }),
    network ? c.env.PUBLIC_NET_LIMITER.limit({ key: `lookup:net:${network}` }) : { success: true },
    c.env.PUBLIC_ID_LIMITER.limit({ key: `${scope}:id:${id}` }),
  ]);
  if (!ip.success || !net.success || !perId.success) {
    throw new ApiError("RATE_LIMITED", { retryAfter: RATE_LIMIT_WINDOW_S });
  }
}
