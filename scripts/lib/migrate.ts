/** Applies the committed drizzle migrations (db/migrations) to a libSQL URL. Idempotent. */
import { retryingFetch } from "../../worker/db-retry";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const MIGRATIONS = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "db/migrations");

export async function applyMigrations(url: string, authToken?: string): Promise<void> {
  const client = createClient({ url, authToken, fetch: retryingFetch() });
  try {
    // The schema is named, not inferred: inferring it compares drizzle's whole database class, 240,000 type
    // instantiations, a tenth of the typecheck (ADR 0032).
    await migrate<Record<string, never>>(drizzle(client), { migrationsFolder: MIGRATIONS });
  } finally {
    client.close();
  }
}
