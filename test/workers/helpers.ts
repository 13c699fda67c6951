/** Helpers for API tests running inside workerd: requests to the Worker, admin login, unique test data. */
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { app } from "../../worker/app";

export const BASE = "http://school.test";

/** Sends a request to the Worker under test. `body` objects are sent as JSON. */
export async function api(
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let body: BodyInit | undefined;
  if (typeof init.body === "string") body = init.body;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["Content-Type"] ??= "application/json";
  }
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(
    new Request(`${BASE}${path}`, { method: init.method ?? "GET", headers, body }),
  );
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, json, text };
}

const noCtx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;

/**
 * Sends a request straight to the app with its database at `libsqlUrl` (a fault proxy or a stallable server) and
 * the client address `address`. Gives up after `hangMs` and answers status 0: a request that never answers is a
 * failure to report, not a test that hangs until vitest's limit.
 */
export async function viaDatabase(
  libsqlUrl: string,
  address: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
  hangMs = 20_000,
) {
  const headers: Record<string, string> = { "Content-Type": "application/json", "CF-Connecting-IP": address };
  Object.assign(headers, init.headers);
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const request = new Request(`${BASE}${path}`, { method: init.method ?? "GET", headers, body });
  const bindings = { ...(env as object), LIBSQL_URL: libsqlUrl } as never;
  const answer = app.fetch(request, bindings, noCtx) as Promise<Response>;
  const res = await Promise.race([answer, new Promise<null>((r) => setTimeout(() => r(null), hangMs))]);
  const text = res ? await res.text() : "";
  return {
    status: res?.status ?? 0,
    headers: res?.headers ?? new Headers(),
    text,
    json: text ? JSON.parse(text) : null,
  };
}

export const adminPassword = () => (env as unknown as { TEST_ADMIN_PASSWORD: string }).TEST_ADMIN_PASSWORD;

/** Logs in as the test admin and returns a fresh token. */
export async function loginAdmin(password = adminPassword()): Promise<string> {
  const res = await api("/api/auth/login", { method: "POST", body: { username: "admin", password } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.token as string;
}

/** Asserts the API's one error shape (docs/product.md#api-errors) and returns the body. */
export function expectError(res: { status: number; json: any }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json).toMatchObject({ success: false, code });
  expect(typeof res.json.message).toBe("string");
  expect(res.json.error).toBe(res.json.message);
  expect(typeof res.json.reason, "every error names its reason").toBe("string");
  expect(JSON.stringify(res.json)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return res.json;
}

let counter = 0;
/** A unique suffix for test data (tests share one database). */
export function uid(prefix = "t"): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Waits, if needed, until at least `needMs` remain in the current 60-second window of the rate-limiting binding.
 * Miniflare's simulated limiter counts in wall-clock-aligned windows that a faked clock cannot move, so a test that
 * spends a whole budget must not straddle a window's end (it would then see up to twice the limit). Such a test takes
 * under a second here; 5 s leaves room for a loaded machine without waiting a quarter of the time, as 15 s did.
 */
export async function withinOneLimiterWindow(needMs = 5_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 50));
}

/**
 * Polls `probe` every 100 ms until it answers something other than undefined, and returns that; throws `what` after
 * `withinMs` (20 s by default: work the Worker does after answering — `waitUntil` — can take seconds on a loaded
 * machine, and a tighter bound made tests fail by the machine's load, not by a defect).
 */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, withinMs = 20_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((r) => setTimeout(r, 100));
  }
}
