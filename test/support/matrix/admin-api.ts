/**
 * The JSON API as the state-matrix tests use it: one admin token, typed little wrappers, and a pool that sends a
 * round's writes a few at a time. States are built only through the API, never with SQL, so every write goes
 * through the same validation, audit log and events as the console's.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what} → ${status} ${body.slice(0, 300)}`);
  }
}

export class AdminApi {
  private constructor(
    readonly base: string,
    readonly token: string,
    readonly expiresAt: string,
  ) {}

  /** Logs in with `POST /api/auth/login`; throws ApiError when refused. */
  static async login(base: string, username: string, password: string): Promise<AdminApi> {
    const res = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password }),
    });
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, text, "login");
    const { token, expiresAt } = JSON.parse(text) as { token: string; expiresAt: string };
    return new AdminApi(base, token, expiresAt);
  }

  /** Sends `method path` with the bearer token and a JSON body; returns the parsed answer, throws ApiError on non-2xx. */
  async send<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, text, `${method} ${path}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  post<T = unknown>(path: string, body: unknown) {
    return this.send<T>("POST", path, body);
  }

  put<T = unknown>(path: string, body: unknown) {
    return this.send<T>("PUT", path, body);
  }

  get<T = unknown>(path: string) {
    return this.send<T>("GET", path);
  }
}

/**
 * Runs `tasks` with at most `concurrency` in flight; resolves to their results in order. The first failure
 * rejects (after the tasks already running settle), so a broken setup stops the round.
 */
export async function inPool<T>(tasks: Array<() => Promise<T>>, concurrency = 4): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && next < tasks.length) {
      const i = next++;
      try {
        results[i] = await tasks[i]!();
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  if (failure !== null) throw failure;
  return results;
}
