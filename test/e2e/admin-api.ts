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
export async function adminApi<T = unknown>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  baseUrl = server.baseUrl,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
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

/**
 * A new academic year of the caller's own on the demo server (or `baseUrl`, e.g. the empty one): the one after the
 * newest, at least two after the current (the years between are added, left empty). The year after the current one is
 * the rollover's, whose undo a result or payment there refuses (rollover.test.ts), so no file writes there.
 */
export async function ownYear(token: string, baseUrl = server.baseUrl): Promise<string> {
  const list = await adminApi<{ current: string; years: Array<{ name: string }> }>(
    token,
    "GET",
    "/api/admin/academic-years",
    undefined,
    baseUrl,
  );
  const first = (name: string) => Number(name.slice(0, 4));
  let newest = Math.max(...list.years.map((y) => first(y.name)));
  const target = Math.max(newest + 1, first(list.current) + 2);
  while (newest < target) {
    newest++;
    await adminApi(token, "POST", "/api/admin/academic-years", { name: `${newest}-${newest + 1}` }, baseUrl);
  }
  return `${target}-${target + 1}`;
}
