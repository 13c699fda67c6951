/**
 * The one error shape of the API (contract "General"):
 * `{ success: false, code, message, error }` where `message` and `error` carry the same human text.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type ErrorCode =
  | "VALIDATION_FAILED"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "UNPROCESSABLE"
  | "PAYLOAD_TOO_LARGE"
  | "RATE_LIMITED"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL";

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** Thrown by handlers and services; `app.onError` turns it into the error shape. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields merged into the body, e.g. `{ requiresPayment: true }` or `{ issues }`. */
    readonly extra: Record<string, unknown> = {},
    /** Seconds, sent as `Retry-After` (429, 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = STATUS[code];
  }
}

export function errorBody(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
  return { success: false as const, code, message, error: message, ...extra };
}

export const notFound = (what: string) => new ApiError("NOT_FOUND", `${what} not found`);
