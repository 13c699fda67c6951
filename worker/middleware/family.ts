/**
 * The family routes' gates (docs/product.md#family-accounts): the session from the `family_session` cookie only
 * (never an `Authorization` header, so a staff token opens nothing here), a refusal of cross-site writes (CSRF: the
 * `Origin`, else `Sec-Fetch-Site`, must be this site), and the per-client limits of the sign-in routes, counted by
 * the public lookups' limiter (worker/lookup-shards.ts) under their own keys.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { familyTokenOf } from "../lib/family-cookie";
import { takeLookup } from "../lookup-shards";
import { requestNow } from "../request-clock";
import { clientOf } from "./rate-limit";
import { type FamilySession, findFamilySession } from "../services/family/sessions";

/**
 * Requests in any minute: codes asked for and codes tried (per client address), and checkouts started (per signed-in
 * number: each one asks Paymob for an intention, so a looping page or script cannot flood it).
 */
export const FAMILY_CLIENT_LIMITS = { code: 10, verify: 20, pay: 10 } as const;

/** 403 FAMILY_CROSS_SITE unless a write comes from this site's own pages. */
export function refuseCrossSite(c: Context<AppEnv>): void {
  if (c.req.method === "GET" || c.req.method === "HEAD") return;
  const origin = c.req.header("Origin");
  if (origin !== undefined) {
    if (origin !== new URL(c.req.url).origin) throw new ApiError("FAMILY_CROSS_SITE");
    return;
  }
  const site = c.req.header("Sec-Fetch-Site");
  if (site !== undefined && site !== "same-origin" && site !== "none") throw new ApiError("FAMILY_CROSS_SITE");
}

/** The session each signed-in request was found with (set by `requireFamily`, read by `familyOf`). */
const sessions = new WeakMap<Request, FamilySession>();

/**
 * Route middleware in front of every family route but sign-in: cross-site writes refused (403), then the session
 * from the cookie, else 401 FAMILY_SIGN_IN_REQUIRED; both before the request is validated.
 */
export const requireFamily = createMiddleware<AppEnv>(async (c, next) => {
  c.header("Cache-Control", "no-store");
  refuseCrossSite(c);
  const token = familyTokenOf(c.req.raw);
  const session = token && (await findFamilySession(c.get("db"), c.env.PASSWORD_PEPPER, token, requestNow(c)));
  if (!session) throw new ApiError("FAMILY_SIGN_IN_REQUIRED");
  sessions.set(c.req.raw, session);
  await next();
});

/** The signed-in family of a request that passed `requireFamily`. */
export function familyOf(c: Context<AppEnv>): FamilySession {
  const s = sessions.get(c.req.raw);
  if (!s) throw new ApiError("FAMILY_SIGN_IN_REQUIRED");
  return s;
}

/**
 * 429 RATE_LIMITED (Retry-After: 60) when `who` (by default this client's address; for `pay` the signed-in number)
 * did `kind` too often in a minute.
 */
export async function enforceFamilyClientLimit(
  c: Context<AppEnv>,
  kind: keyof typeof FAMILY_CLIENT_LIMITS,
  who = `ip:${clientOf(c)}`,
) {
  if (c.env.BENCH_DISABLE_RATE_LIMIT === "1") return;
  const key = `family-${kind}:${who}`;
  const limit = FAMILY_CLIENT_LIMITS[kind];
  let ok: boolean;
  try {
    ok = (await takeLookup(c.env, key, limit, requestNow(c).getTime())).ok;
  } catch {
    ok = (await c.env.PUBLIC_IP_LIMITER.limit({ key })).success;
  }
  if (!ok) throw new ApiError("RATE_LIMITED", { retryAfter: 60 });
}
