/**
 * The typed API client (Hono `hc` over the Worker's AppType). Honours the base-URL override stored in the
 * browser (docs/product.md#base-url-override); admin calls carry `Authorization: Bearer` (docs/product.md#admin-sign-in).
 *
 * `call(promise)` resolves to the JSON body of a 2xx answer, typed from the server's route (the hc client), or throws
 * `ApiFailure` carrying the error shape (`reason`, `params`, `code`, HTTP status, English `message`); the console
 * shows a failure through its reason (web/lib/reason-text.ts), never by matching the English. A network failure
 * throws `ApiFailure` with status 0.
 */
import { hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { AppType } from "@worker/app";
import type { Reason, ReasonParams } from "@worker/reasons";
import { getToken } from "./auth-storage";

/** How every reason is named: capitals, digits and underscores. */
const REASON_SHAPE = /^[A-Z][A-Z0-9_]{1,63}$/;

export const BASE_URL_KEY = "customBaseUrl";

/** The stored override, or the app's own origin (the Worker serves UI and API on one origin). */
export function getBaseUrl(): string {
  if (typeof window === "undefined") return "";
  const custom = window.localStorage.getItem(BASE_URL_KEY);
  return custom?.replace(/\/+$/, "") || window.location.origin;
}

/** A client for the current base URL; adds the bearer token when one is stored. */
export function apiClient() {
  return hc<AppType>(getBaseUrl(), {
    headers: (): Record<string, string> => {
      const token = getToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  });
}

/**
 * The JSON body of the 2xx answers of an hc call (its error answers are thrown as ApiFailure). An answer declared
 * without a status (any status) counts as a 2xx one.
 */
export type Ok<R> = R extends { status: infer S; json(): Promise<infer T> }
  ? S extends SuccessStatusCode
    ? T
    : SuccessStatusCode extends S
      ? T
      : never
  : never;

export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly body?: Record<string, unknown>,
    /** Seconds to wait before trying again, from a 429/503 answer's `Retry-After`. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "ApiFailure";
  }
  /**
   * The server's reason (worker/reasons.ts), if it gave one: checked by its shape, not against the catalogue, which
   * would put every reason's English in each public page's script. `failureText` falls back for one it has no words for.
   */
  get reason(): Reason | undefined {
    const r = this.body?.reason;
    return typeof r === "string" && REASON_SHAPE.test(r) ? (r as Reason) : undefined;
  }
  /** The reason's params (numbers and words for its text). */
  get params(): ReasonParams {
    const p = this.body?.params;
    return p && typeof p === "object" ? (p as ReasonParams) : {};
  }
  get isNetwork() {
    return this.status === 0;
  }
}

/**
 * A `Retry-After` header in seconds: delta-seconds ("840") or an HTTP date (seconds from `now`, ms since the
 * epoch); undefined when absent or unreadable.
 */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  if (!/^[A-Za-z]{3}, /.test(v)) return undefined;
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : undefined;
}

/** Awaits an `hc` call and returns its 2xx JSON body, or throws ApiFailure (see module doc). */
export async function call<R extends { ok: boolean; status: number; headers?: Headers; json(): Promise<unknown> }>(
  request: Promise<R>,
): Promise<Ok<R>> {
  let res: R;
  try {
    res = await request;
  } catch (err) {
    throw new ApiFailure(String((err as Error)?.message ?? err), 0);
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* non-JSON body */
  }
  if (!res.ok) {
    const b = (body ?? {}) as Record<string, unknown>;
    const message =
      typeof b.message === "string" ? b.message : typeof b.error === "string" ? b.error : `HTTP ${res.status}`;
    throw new ApiFailure(
      message,
      res.status,
      typeof b.code === "string" ? b.code : undefined,
      b,
      retryAfterSeconds(res.headers?.get("Retry-After")),
    );
  }
  return body as Ok<R>;
}
