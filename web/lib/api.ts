/**
 * The typed API client (Hono `hc` over the Worker's AppType). Honours the base-URL override stored in the
 * browser (spec §2 "Base URL Configuration"); admin calls carry `Authorization: Bearer` (spec §7).
 *
 * `call(promise)` resolves to the JSON body of a 2xx response, or throws `ApiFailure` carrying the contract's
 * error shape (`message`, `code`, HTTP status). A network failure throws `ApiFailure` with status 0.
 */
import { hc } from "hono/client";
import type { AppType } from "@worker/app";
import { getToken } from "./auth-storage";

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

/** Awaits an `hc` call and returns its JSON body, or throws ApiFailure (see module doc). */
export async function call<T>(request: Promise<{ ok: boolean; status: number; headers?: Headers; json(): Promise<T> }>): Promise<T> {
  let res: Awaited<typeof request>;
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
    const message = typeof b.message === "string" ? b.message : typeof b.error === "string" ? b.error : `HTTP ${res.status}`;
    throw new ApiFailure(message, res.status, typeof b.code === "string" ? b.code : undefined, b, retryAfterSeconds(res.headers?.get("Retry-After")));
  }
  return body as T;
}
