/**
 * The backend base-URL override (docs/product.md#base-url-override). Pure,
 * DOM-free helpers shared by the page and the unit tests; web/lib/api.ts `getBaseUrl()` reads the stored value.
 * - valid = parses as a URL with the http: or https: protocol and a host;
 * - stored form = trimmed, trailing slashes removed (so `{base}/health` and `{base}/api/...` join cleanly);
 * - the default is the app's own origin (the Worker serves the UI and the API on one origin).
 */
/** True when `value` parses as an absolute http(s) URL with a host. */
export function isValidBaseUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

/** `value` as it is stored and used: trimmed, without trailing slashes. */
export function normalizeBaseUrl(value: string): string {
  return value.trim().replace(/\/+$/, "");
}

/**
 * True when `value` (a valid URL) points at this site (`origin`) or at one of `allowed`, the backends this site's CSP
 * lets its pages connect to (`BACKEND_ORIGINS`, `CORS_ORIGINS`; worker/security-headers.ts). Any other address would
 * be blocked by the browser on every call, so the page refuses to save it.
 */
export function isAllowedBackend(value: string, origin: string, allowed: readonly string[]): boolean {
  try {
    const target = new URL(value.trim()).origin;
    return target === origin || allowed.includes(target);
  } catch {
    return false;
  }
}

/** The URL the Test button calls (`GET /health`, docs/product.md#base-url-override). */
export function healthUrl(base: string): string {
  return `${normalizeBaseUrl(base)}/health`;
}

/**
 * The Save check: the stored form of a valid URL, or the i18n key of the save message (the page adds the `{host}`
 * example). Plain code, not a zod schema: the override never reaches the server, and zod would add ~14 KB gzip to
 * this public page (docs/decisions/0012-public-page-weight.md).
 */
export function parseBaseUrlForm(
  value: string,
): { ok: true; baseUrl: string } | { ok: false; message: "baseUrl.errors.invalidSave" } {
  return isValidBaseUrl(value)
    ? { ok: true, baseUrl: normalizeBaseUrl(value) }
    : { ok: false, message: "baseUrl.errors.invalidSave" };
}

/** Outcome of the Test button: reachable (2xx), answered with another status, or not reachable at all. */
export type HealthOutcome =
  | { kind: "ok"; status: number }
  | { kind: "status"; status: number }
  | { kind: "unreachable" };

/** How long the Test button waits for `/health` before calling the server unreachable (ms). */
export const HEALTH_TIMEOUT_MS = 10_000;

/**
 * GET `{base}/health` without caching. Never throws: network errors, CORS refusals and the timeout all give
 * `unreachable` (the browser does not tell them apart).
 */
export async function checkHealth(
  base: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<HealthOutcome> {
  try {
    const res = await fetchImpl(healthUrl(base), {
      method: "GET",
      cache: "no-store",
      signal: AbortSignal.timeout(timeoutMs),
    });
    return res.ok ? { kind: "ok", status: res.status } : { kind: "status", status: res.status };
  } catch {
    return { kind: "unreachable" };
  }
}

/** The subset of `Storage` used here (lets tests pass a fake that throws). */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The stored override, or null when none (or storage is unavailable). */
export function readOverride(store: KeyValueStore, key: string): string | null {
  try {
    return store.getItem(key) || null;
  } catch {
    return null;
  }
}

/** Stores the override; returns false when the browser refuses (private mode, quota, disabled storage). */
export function writeOverride(store: KeyValueStore, key: string, value: string): boolean {
  try {
    store.setItem(key, normalizeBaseUrl(value));
    return true;
  } catch {
    return false;
  }
}

/** Removes the override; returns false when the browser refuses. */
export function removeOverride(store: KeyValueStore, key: string): boolean {
  try {
    store.removeItem(key);
    return true;
  } catch {
    return false;
  }
}
