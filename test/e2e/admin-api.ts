/**
 * Calls the admin API of the e2e server with a bearer token (adminToken()), to build the states a test needs the way
 * the school office would. Throws (fails the test) on any answer other than 2xx, with the server's body.
 */
import { server } from "./server";

/** `method path` with an optional JSON body → the parsed JSON answer. */
export async function adminApi<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
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
