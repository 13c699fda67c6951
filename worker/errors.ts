/**
 * The one error shape of the API (docs/product.md#api-errors):
 * `{ success: false, code, reason, message, error, params?, issues?, ... }` where `code` is the error's family
 * (VALIDATION_FAILED, NOT_FOUND, …), `reason` the stable name of what went wrong (worker/reasons.ts), and `message` and
 * `error` carry the same English text.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { codeOf, englishOf, type ErrorCode, type Reason, type ReasonParams } from "./reasons";

export type { ErrorCode } from "./reasons";

export const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export interface ApiErrorOptions {
  /** Values for the reason's placeholders; sent as `params` so the console can phrase the text itself. */
  params?: ReasonParams;
  /** Extra fields merged into the body, e.g. `{ requiresPayment: true }` or `{ issues }`. */
  extra?: Record<string, unknown>;
  /** Seconds, sent as `Retry-After` (429, 503). */
  retryAfter?: number;
  /** Replaces the reason's English text: zod's own texts of an INVALID_INPUT. */
  message?: string;
}

/** Thrown by handlers and services; `app.onError` turns it into the error shape. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly params: ReasonParams | undefined;
  readonly extra: Record<string, unknown>;
  readonly retryAfter: number | undefined;
  constructor(
    readonly reason: Reason,
    options: ApiErrorOptions = {},
  ) {
    super(options.message ?? englishOf(reason, options.params));
    this.name = "ApiError";
    this.code = codeOf(reason);
    this.status = STATUS[this.code];
    this.params = options.params;
    this.extra = options.extra ?? {};
    this.retryAfter = options.retryAfter;
  }
}

/** The error body of `reason` (`message` and `error` are its English text). */
export function errorBody(
  reason: Reason,
  params?: ReasonParams,
  extra: Record<string, unknown> = {},
  message = englishOf(reason, params),
) {
  return {
    success: false as const,
    code: codeOf(reason),
    reason,
    message,
    error: message,
    ...(params ? { params } : {}),
    ...extra,
  };
}
