/** Worker bindings and per-request Hono variables. */
import type { EventHub } from "./hub";
import type { LookupLimiter } from "./lookup-limiter";
import type { Db } from "./db";
import type { StaffRole } from "../common/staff-roles";
import type { RequestContext } from "./request-context";

export interface Env {
  /** libSQL endpoint: `http://127.0.0.1:PORT` locally (sqld), `libsql://…` on Turso. Secret in production. */
  LIBSQL_URL: string;
  LIBSQL_AUTH_TOKEN?: string;
  /** Secret mixed into every password hash (HMAC key); never stored in the database. */
  PASSWORD_PEPPER: string;
  /** Comma-separated origins granted CORS; empty = same-origin only. Also allowed in the pages' `connect-src`. */
  CORS_ORIGINS?: string;
  /**
   * Comma-separated origins of other backends that /base-url-config may point this site's pages at (testing,
   * staging); the pages' CSP `connect-src` allows only these, `CORS_ORIGINS` and the site itself. Empty = none.
   */
  BACKEND_ORIGINS?: string;
  /**
   * Comma-separated origins news pictures may be loaded from besides this site (docs/product.md#news); the pages'
   * CSP `img-src` allows only these and the site itself. Empty = none.
   */
  IMAGE_ORIGINS?: string;
  /** "1" turns off the public rate limiters; only for `npm run bench` (bench/README.md). */
  BENCH_DISABLE_RATE_LIMIT?: string;
  /** "1" lets an `X-Test-Now` header set the request's clock (worker/request-clock.ts); test harnesses only. */
  TEST_CLOCK?: string;
  /**
   * Paymob (docs/product.md#online-payments): secrets in production (README), the local stand-in's values under
   * `npm start` and the tests. Online payment is off unless the five below and the integration ids are all set.
   */
  PAYMOB_SECRET_KEY?: string;
  PAYMOB_PUBLIC_KEY?: string;
  PAYMOB_HMAC_SECRET?: string;
  PAYMOB_API_KEY?: string;
  /** Comma-separated integration ids offered at the checkout (card, wallet, kiosk). */
  PAYMOB_INTEGRATION_IDS?: string;
  /** Paymob's API origin; default https://accept.paymob.com (locally the stand-in's). */
  PAYMOB_BASE_URL?: string;
  /**
   * Guardians' messages (docs/decisions/0037-guardian-messages.md). Secrets in production (README): the WhatsApp Cloud
   * API token, app secret (webhook signatures) and verify token, the SMS gateway's token. Locally `npm start` and the
   * tests point both URLs at the stand-in provider. PUBLIC_BASE_URL is the site's origin used in message links.
   */
  WHATSAPP_API_URL?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_TOKEN?: string;
  WHATSAPP_APP_SECRET?: string;
  WHATSAPP_VERIFY_TOKEN?: string;
  SMS_GATEWAY_URL?: string;
  SMS_GATEWAY_TOKEN?: string;
  PUBLIC_BASE_URL?: string;
  /**
   * "1" delivers reminders and announcements in the quiet hours too (21:00-09:00 Cairo; urgent kinds always go): local
   * only, `MESSAGES_ANY_HOUR=1 npm start` (README), the browser tests and the messages benchmark.
   */
  MESSAGES_ANY_HOUR?: string;
  /** The delivery queue's producer (wrangler.toml `[[queues.producers]]`). */
  MESSAGES_QUEUE: Queue<{ id: number }>;
  EVENT_HUB: DurableObjectNamespace<EventHub>;
  /** The public lookups' sliding-window limits (worker/lookup-limiter.ts); the three bindings below stand in. */
  LOOKUP_LIMITER: DurableObjectNamespace<LookupLimiter>;
  PUBLIC_IP_LIMITER: RateLimit;
  PUBLIC_ID_LIMITER: RateLimit;
  /** Public lookups per IPv6 /48 and minute (worker/middleware/rate-limit.ts, docs/decisions/0007). */
  PUBLIC_NET_LIMITER: RateLimit;
  /** Sign-in attempts per client address and minute (worker/api/auth.ts), before the database is touched. */
  LOGIN_LIMITER: RateLimit;
}

/**
 * The signed-in staff member a request acts for, as the session lookup (`findSession`) reads it. Built only there
 * (and in tests): it will gain fields, so code passes it along rather than copying it field by field.
 */
export interface ActingStaff {
  id: number;
  username: string;
  /** Shown in the console's header (the username when none was given). */
  displayName: string;
  /** What the person may do (worker/permissions.ts), read with the session on every request. */
  role: StaffRole;
  /** A temporary password: the session may only change it (docs/product.md#staff-and-roles). */
  mustChangePassword: boolean;
  sessionId: number;
}

export interface AppVariables {
  requestId: string;
  db: Db;
  /** Set by `requireAdmin` on signed-in routes. */
  actor: ActingStaff;
  /** Set by `requireAdmin` with `actor`: what services acting for the signed-in person take. */
  ctx: RequestContext;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
