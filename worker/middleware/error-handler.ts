/**
 * The single `app.onError`: every failure leaves in the API's one error shape (docs/product.md#api-errors), never with
 * a stack trace. Database outages become 503 + Retry-After; an unexpected broken database rule its table reason.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError, errorBody } from "../errors";
import type { Reason } from "../reasons";
import { isDbUnavailable } from "../db";
import { CONSTRAINTS, violation } from "../db-constraints";
import { isDbBusy } from "../db-bound";
import { causes } from "../lib/causes";

/** The reason of a status Hono answers by itself (e.g. a 404 of an unknown route). */
const HTTP_REASONS: Record<number, Reason> = {
  400: "INVALID_INPUT",
  401: "AUTH_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  422: "UNPROCESSABLE",
  429: "RATE_LIMITED",
  503: "SERVICE_UNAVAILABLE",
};

/** Any thrown value as an ApiError: ours as is, Hono's by status, a database outage 503, a broken rule its reason, else 500. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 400 && /JSON/i.test(err.message)) return new ApiError("MALFORMED_JSON");
    return new ApiError(HTTP_REASONS[err.status] ?? "INTERNAL");
  }
  // A call refused by this isolate's bound never reached the database: a short wait is enough.
  if (isDbBusy(err)) return new ApiError("SERVICE_UNAVAILABLE", { retryAfter: 2 });
  if (isDbUnavailable(err)) return new ApiError("SERVICE_UNAVAILABLE", { retryAfter: 5 });
  // A broken rule no service expected: its table reason (worker/db-constraints.ts), else a plain conflict.
  const broken = violation(err);
  if (broken) return new ApiError(broken.kind === "named" ? CONSTRAINTS[broken.name] : "CONFLICT");
  return new ApiError("INTERNAL");
}

/**
 * A log-safe description of an error: first line only, query parameters dropped (they can hold national IDs,
 * token hashes or names), long digit runs masked, plus the cause chain's codes. Stack frames only for 500s.
 */
export function describeForLog(err: unknown, withStack: boolean) {
  const scrub = (m: string) =>
    m
      .split("\n")[0]!
      .replace(/params:.*$/i, "")
      .replace(/\d{6,}/g, "[digits]")
      .slice(0, 300);
  // The chain after the error itself (which is `error` below).
  const chain = [...causes(err)]
    .slice(1)
    .map((e) => `${e.name ?? "Error"}${e.code ? `(${e.code})` : ""}: ${scrub(String(e.message ?? e))}`);
  const frames = withStack
    ? String((err as Error)?.stack ?? "")
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l.startsWith("at "))
        .slice(0, 10)
    : undefined;
  return {
    error: `${(err as Error)?.name ?? "Error"}: ${scrub(String((err as Error)?.message ?? err))}`,
    causes: chain,
    frames,
  };
}

export function onError(err: unknown, c: Context) {
  const apiErr = toApiError(err);
  if (apiErr.status >= 500) {
    const level = apiErr.status === 503 ? "warn" : "error";
    console[level](
      JSON.stringify({
        level,
        requestId: c.get("requestId"),
        method: c.req.method,
        route: c.req.routePath,
        status: apiErr.status,
        ...describeForLog(err, apiErr.status === 500),
      }),
    );
  }
  if (apiErr.retryAfter !== undefined) c.header("Retry-After", String(apiErr.retryAfter));
  c.header("Cache-Control", "no-store");
  return c.json(errorBody(apiErr.reason, apiErr.params, apiErr.extra, apiErr.message), apiErr.status);
}
