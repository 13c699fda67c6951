/**
 * The single `app.onError`: every failure leaves as the contract's error shape, never with a stack trace.
 * Database outages become 503 + Retry-After; unexpected constraint failures become 409.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError, errorBody, type ErrorCode } from "../errors";
import { constraintFailure, isDbUnavailable } from "../db";

const HTTP_CODES: Record<number, ErrorCode> = {
  400: "VALIDATION_FAILED",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  422: "UNPROCESSABLE",
  429: "RATE_LIMITED",
  503: "SERVICE_UNAVAILABLE",
};

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPException) {
    const code = HTTP_CODES[err.status] ?? "INTERNAL";
    const message = err.status === 400 && /JSON/i.test(err.message) ? "Malformed JSON in request body" : err.message;
    return new ApiError(code, message || "Request failed");
  }
  if (isDbUnavailable(err)) {
    return new ApiError("SERVICE_UNAVAILABLE", "The service is temporarily unavailable. Please try again shortly.", {}, 5);
  }
  if (constraintFailure(err)) return new ApiError("CONFLICT", "The change conflicts with existing data");
  return new ApiError("INTERNAL", "Internal server error");
}

export function onError(err: unknown, c: Context) {
  const apiErr = toApiError(err);
  if (apiErr.status >= 500) {
    console.error(
      JSON.stringify({ level: "error", requestId: c.get("requestId"), path: c.req.path, err: String(err), stack: (err as Error)?.stack }),
    );
  }
  if (apiErr.retryAfter !== undefined) c.header("Retry-After", String(apiErr.retryAfter));
  c.header("Cache-Control", "no-store");
  return c.json(errorBody(apiErr.code, apiErr.message, apiErr.extra), apiErr.status);
}
