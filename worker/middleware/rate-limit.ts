/**
 * Per-IP and per-ID rate limits on the public lookups (national-ID enumeration; SECURITY.md), with the Workers
 * rate-limiting binding (simulated by Miniflare locally). Limits: docs/decisions/0007-public-rate-limits.md.
 * Refusals are 429 RATE_LIMITED with `Retry-After: 60`. `BENCH_DISABLE_RATE_LIMIT=1` turns them off for benchmarks.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError, legacyError } from "../errors";

export const RATE_LIMIT_WINDOW_S = 60;

/** The caller's address as Cloudflare reports it (clients cannot set this header through Cloudflare). */
export function clientIp(c: Context<AppEnv>): string {
  return c.req.header("CF-Connecting-IP") ?? "unknown";
}

/** Throws 429 when either the caller's IP or the looked-up ID is over its limit. `scope` separates the lookups. */
export async function enforcePublicLookupLimits(c: Context<AppEnv>, scope: string, id: string): Promise<void> {
  if (c.env.BENCH_DISABLE_RATE_LIMIT === "1") return;
  const [ip, perId] = await Promise.all([
    c.env.PUBLIC_IP_LIMITER.limit({ key: `${scope}:ip:${clientIp(c)}` }),
    c.env.PUBLIC_ID_LIMITER.limit({ key: `${scope}:id:${id}` }),
  ]);
  if (!ip.success || !perId.success) {
    throw legacyError("RATE_LIMITED", "Too many requests. Please wait a minute and try again.", {}, RATE_LIMIT_WINDOW_S);
  }
}
