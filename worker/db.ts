/**
 * The drizzle client over libSQL's HTTP protocol (`@libsql/client/web`, the only kind workerd can open).
 * One client per URL per isolate. Writes that touch several rows go through `db.batch([...])`: one request,
 * one transaction, all-or-nothing (see docs/decisions/0002-libsql-batches.md).
 */
import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "../db/schema";
import type { Env } from "./env";

export type Db = ReturnType<typeof makeDb>;

function makeDb(url: string, authToken?: string, fetchImpl?: typeof fetch) {
  const client = createClient({ url, authToken, fetch: fetchImpl });
  return drizzle(client, { schema });
}

const cache = new Map<string, Db>();

/** The database for this Worker's bindings. Throws if `LIBSQL_URL` is not configured. */
export function getDb(env: Pick<Env, "LIBSQL_URL" | "LIBSQL_AUTH_TOKEN">): Db {
  if (!env.LIBSQL_URL) throw new Error("LIBSQL_URL is not configured");
  const key = `${env.LIBSQL_URL}|${env.LIBSQL_AUTH_TOKEN ?? ""}`;
  let db = cache.get(key);
  if (!db) {
    db = makeDb(env.LIBSQL_URL, env.LIBSQL_AUTH_TOKEN);
    cache.set(key, db);
  }
  return db;
}

/** A client with an injected fetch, for fault-injection tests (database unreachable). */
export function createDbWithFetch(url: string, fetchImpl: typeof fetch): Db {
  return makeDb(url, undefined, fetchImpl);
}

/** True when an error (or its cause chain) means the database could not be reached. */
export function isDbUnavailable(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 6; e = (e as { cause?: unknown }).cause, i++) {
    const msg = String((e as Error).message ?? "");
    const code = String((e as { code?: string }).code ?? "");
    if (/fetch failed|ECONNREFUSED|network|connection|Failed to fetch|socket|timed? ?out/i.test(msg)) return true;
    if (/HRANA_WEBSOCKET|SERVER_ERROR|CONNECTION|ECONNREFUSED/.test(code)) return true;
    if (/^5\d\d$/.test(String((e as { status?: number }).status ?? ""))) return true;
  }
  return false;
}

/** The SQLite constraint name or message behind a failed write, if it was a constraint failure. */
export function constraintFailure(err: unknown): string | null {
  for (let e: unknown = err, i = 0; e && i < 6; e = (e as { cause?: unknown }).cause, i++) {
    const msg = String((e as Error).message ?? "");
    const code = String((e as { code?: string }).code ?? "");
    if (code.startsWith("SQLITE_CONSTRAINT") || /constraint failed/i.test(msg)) return msg;
  }
  return null;
}
