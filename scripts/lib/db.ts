/** A drizzle client for Node-side scripts (start, migrate, seed, tests), over the same schema as the Worker. */
import { retryingFetch } from "../../worker/db-retry";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";

export function nodeDb(url: string, authToken?: string) {
  const client = createClient({ url, authToken, fetch: retryingFetch() });
  return { db: drizzle(client, { schema }), close: () => client.close() };
}
