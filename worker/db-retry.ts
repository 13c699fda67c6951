/**
 * The database's HTTP calls: retried when the libSQL server answers 429 (over its concurrency limit), and given up at
 * a deadline when asked. Shared by the Worker's client (worker/db.ts, with a 4 s deadline per call) and the Node-side
 * scripts (scripts/lib, no deadline: a migration or a backup may take long), so both ride out a busy database the
 * same way.
 */

/** How long a request keeps retrying a database that answers 429 (over its concurrency limit), in ms. */
const DB_RETRY_BUDGET_MS = 15_000;

/** Thrown when a database call outlives its deadline (`callTimeoutMs`); `isDbUnavailable` reads it as an outage. */
export class DbTimeoutError extends Error {
  constructor(ms: number) {
    super(`database call timed out after ${ms} ms`);
    this.name = "DbTimeoutError";
  }
}

/**
 * `fetch` that retries a 429 from the database with jittered exponential backoff (25 ms, doubling, capped at 1 s)
 * for up to `budgetMs` (default 15 s). A 429 means the server did not run the request, so a retry is safe. The
 * request body is read once and replayed: a `Request` body can only be consumed once.
 *
 * With `callTimeoutMs`, each attempt gives up after that many ms, the answer's body included (a server can stall
 * after its headers): the fetch rejects with DbTimeoutError, a later read of the body with the runtime's
 * `TimeoutError` (both read as an outage by `isDbUnavailable`). The deadline is `AbortSignal.timeout`, the runtime's
 * own timer: the `setTimeout` of workerd's Node compatibility cost results day 0.14 ms of Worker CPU per lookup,
 * and a second wrapper around this one more (bench/README.md, "Results day"). The deadline replaces the caller's
 * own signal (libSQL's client sends none).
 */
export function retryingFetch(
  inner: typeof fetch = fetch,
  budgetMs = DB_RETRY_BUDGET_MS,
  callTimeoutMs?: number,
): typeof fetch {
  return async (input, init) => {
    // libSQL's client hands over a Request of its own and no init: it is read as it is, not copied first.
    const first = input instanceof Request && init === undefined ? input : new Request(input as RequestInfo, init);
    const body = first.body ? await first.arrayBuffer() : undefined;
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      const signal = callTimeoutMs === undefined ? first.signal : AbortSignal.timeout(callTimeoutMs);
      let res: Response;
      try {
        // A URL and init, not a new Request: the fetch below builds the one Request the call needs.
        res = await inner(first.url, { method: first.method, headers: first.headers, body, signal });
      } catch (err) {
        throw callTimeoutMs !== undefined && signal.aborted ? new DbTimeoutError(callTimeoutMs) : err;
      }
      const wait = Math.min(1000, 25 * 2 ** attempt) * (0.5 + Math.random());
      if (res.status !== 429 || Date.now() - started + wait > budgetMs) return res;
      await res.body?.cancel();
      await new Promise((r) => setTimeout(r, wait));
    }
  };
}
