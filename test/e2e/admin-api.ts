/**
 * Calls the API of the e2e server the way the console does: through Hono's typed client over the Worker's AppType
 * (web/lib/api.ts), so every answer's type comes from the server's route and schemas, never typed by hand here.
 * `ok(call)` fails the test on any answer other than 2xx, with the server's body.
 */
import { hc } from "hono/client";
import type { Ok } from "../../web/lib/api";
import type { AppType } from "../../worker/app";
import { server } from "./server";

/**
 * The typed client on `baseUrl` (the demo server unless told), sending the bearer `token` (adminToken()) when given
 * and `headers` (e.g. the request clock `X-Test-Now`) on every call.
 */
export function apiClient(token?: string, { baseUrl = server.baseUrl, headers = {} as Record<string, string> } = {}) {
  return hc<AppType>(baseUrl, {
    headers: { ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }), ...headers },
  });
}

export type ApiClient = ReturnType<typeof apiClient>;

/** The 2xx JSON body of an `apiClient()` call, typed from its route; throws (fails the test) on any other answer. */
export async function ok<R extends { ok: boolean; status: number; url: string; text(): Promise<string> }>(
  request: Promise<R>,
): Promise<Ok<R>> {
  const res = await request;
  if (!res.ok) throw new Error(`${res.url} → ${res.status} ${await res.text()}`);
  return JSON.parse(await res.text()) as Ok<R>;
}

/**
 * `method path` with an optional JSON body → the parsed JSON answer, untyped: for the few calls whose answer the
 * test does not read. Prefer `ok(apiClient(token).api…)`, typed from the route.
 */
export async function adminApi<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
