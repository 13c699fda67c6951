/**
 * Retry for a libSQL server that answers HTTP 429 (over its concurrency limit). Shared by the Worker's client
 * (worker/db.ts) and the Node-side scripts (scripts/lib), so both ride out a busy database the same way.
 */

/** How long a request keeps retrying a database that answers 429 (over its concurrency limit), in ms. */
const DB_RETRY_BUDGET_MS = 15_000;

/**
 * `fetch` that retries a 429 from the database with jittered exponential backoff (25 ms, doubling, capped at 1 s)
 * for up to 15 s. A 429 means the server did not run the request, so a retry is safe. The request body is read
 * once and replayed: a `Request` body can only be consumed once.
 */
export function retryingFetch(inner: typeof fetch = fetch, budgetMs = DB_RETRY_BUDGET_MS): typeof fetch {
  return async (input, init) => {
    // libSQL's client hands over a Request of its own and no init: it is read as it is, not copied first.
    const first = input instanceof Request && init === undefined ? input : new Request(input as RequestInfo, init);
    const body = first.body ? await first.arrayBuffer() : undefined;
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      // A URL and init, not a new Request: the fetch below builds the one Request the call needs.
      const res = await inner(first.url, { method: first.method, headers: first.headers, body, signal: first.signal });
      const wait = Math.min(1000, 25 * 2 ** attempt) * (0.5 + Math.random());
      if (res.status !== 429 || Date.now() - started + wait > budgetMs) return res;
      await res.body?.cancel();
      await new Promise((r) => setTimeout(r, wait));
    }
  };
}
