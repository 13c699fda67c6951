/**
 * The drizzle client over libSQL's HTTP protocol (`@libsql/client/web`, the only kind workerd can open).
 * Writes that touch several rows go through `db.batch([...])`: one request,
 * one transaction, all-or-nothing (see docs/decisions/0002-libsql-batches-and-money.md).
 */
import { createClient, type Client, type InStatement } from "@libsql/client/web";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/libsql/web";
import { DbBusyError, isReadSql, lanes } from "./db-bound";
import { DbTimeoutError, retryingFetch } from "./db-retry";
import { streamReusingFetch } from "./db-streams";
import type { Env } from "./env";
import { causes } from "./lib/causes";

export type Db = ReturnType<typeof makeDb>;

/**
 * Longest wait for one database HTTP call (request sent → whole answer read), in ms. A stalled database (a stopped
 * server keeps its connections open) then costs a request at most this long before it answers 503 + Retry-After
 * (worker/middleware/error-handler.ts), well within the 5 s we promise (docs/product.md#security-and-privacy).
 * A database that answers 429 is not stalled: those quick refusals are retried by `retryingFetch` on their own budget.
 */
export const DB_CALL_TIMEOUT_MS = 4_000;

/**
 * How long one database call keeps retrying a 429 (the server did not run it), in ms: short, so that an overloaded
 * database is answered 503 within the request's deadline instead of being sent the same work again and again.
 */
export const WORKER_RETRY_BUDGET_MS = 1_500;

type Stmt = InStatement | [string, unknown?];
const sqlOf = (stmt: Stmt) => (typeof stmt === "string" ? stmt : Array.isArray(stmt) ? stmt[0] : stmt.sql);

/**
 * Routes every call of `client` through this isolate's lanes (worker/db-bound.ts): a call that writes anything takes
 * the write lane, a call that only reads the read lane. drizzle sends every query through `execute` or `batch`.
 */
function bounded(client: Client): Client {
  const execute = client.execute.bind(client) as (stmt: InStatement) => ReturnType<Client["execute"]>;
  const batch = client.batch.bind(client);
  const laneOf = (stmts: Stmt[]) => (stmts.every((s) => isReadSql(sqlOf(s))) ? lanes.read : lanes.write);
  client.execute = ((stmt: InStatement) => laneOf([stmt]).run(() => execute(stmt))) as Client["execute"];
  client.batch = (stmts, mode) => laneOf(stmts).run(() => batch(stmts, mode));
  return client;
}

function makeDb(url: string, authToken?: string, lanesOn = true, callTimeoutMs = DB_CALL_TIMEOUT_MS) {
  const retrying = retryingFetch(fetch, WORKER_RETRY_BUDGET_MS, callTimeoutMs);
  // The health probe (lanes off) measures a new stream, as a request after a restart would meet the database.
  const fetchImpl = lanesOn ? streamReusingFetch(retrying) : retrying;
  const client = createClient({ url, authToken, fetch: fetchImpl });
  // No `schema`: the relational query API is unused, and building its config costs ~0.1 ms on every request.
  return drizzle(lanesOn ? bounded(client) : client);
}

/**
 * The database for this request's bindings. A new client per request: a client shared across requests lets one
 * request await I/O started by another, which workerd cancels as a hung Worker under concurrency (seen with
 * 1,000 simultaneous selections). Creating one is cheap (no connection is opened until the first query). What
 * requests share is the database's open streams for plain reads, kept as batons (strings) by worker/db-streams.ts.
 * Throws if `LIBSQL_URL` is not configured.
 */
export function getDb(env: Pick<Env, "LIBSQL_URL" | "LIBSQL_AUTH_TOKEN">): Db {
  if (!env.LIBSQL_URL) throw new Error("LIBSQL_URL is not configured");
  return makeDb(env.LIBSQL_URL, env.LIBSQL_AUTH_TOKEN);
}

/**
 * A client outside the lanes whose calls give up after `callTimeoutMs`, for the health probe only: it takes its lane
 * itself, at the head of the queue, and must not hold it past its own deadline (worker/services/health.ts). Anything
 * else must use `getDb`.
 */
export function getProbeDb(env: Pick<Env, "LIBSQL_URL" | "LIBSQL_AUTH_TOKEN">, callTimeoutMs: number): Db {
  if (!env.LIBSQL_URL) throw new Error("LIBSQL_URL is not configured");
  return makeDb(env.LIBSQL_URL, env.LIBSQL_AUTH_TOKEN, false, callTimeoutMs);
}

/** True when an error (or its cause chain) means the database could not be reached. */
export function isDbUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    const msg = String(e.message ?? "");
    const code = String(e.code ?? "");
    // A body that stalls past the call's deadline errors with the runtime's TimeoutError (retryingFetch).
    if (e instanceof DbTimeoutError || e instanceof DbBusyError || e.name === "TimeoutError") return true;
    if (/fetch failed|ECONNREFUSED|network|connection|Failed to fetch|socket|timed? ?out/i.test(msg)) return true;
    if (/HRANA_WEBSOCKET|SERVER_ERROR|CONNECTION|ECONNREFUSED|SQLITE_BUSY/.test(code)) return true;
    if (/^5\d\d$/.test(String(e.status ?? ""))) return true;
  }
  return false;
}

/** True when the database refused a write because another held the lock past its busy timeout. */
export function isBusy(err: unknown): boolean {
  for (const e of causes(err))
    if (/SQLITE_BUSY|database is locked/i.test(`${e.code ?? ""} ${e.message ?? ""}`)) return true;
  return false;
}

/**
 * `db.batch` for a list built at run time (drizzle's type wants a non-empty tuple). One request, one transaction.
 * A batch refused with SQLITE_BUSY was rolled back whole, so it is retried (3 times, jittered) before giving up.
 */
export async function batchAll(db: Db, items: BatchItem<"sqlite">[]) {
  if (items.length === 0) throw new Error("batchAll needs at least one statement");
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    } catch (err) {
      if (!isBusy(err) || attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 20 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
}
