/** `npm run db:migrate`: applies db/migrations to LIBSQL_URL (with LIBSQL_AUTH_TOKEN for Turso). */
import { applyMigrations } from "./lib/migrate";

const url = process.env.LIBSQL_URL;
if (!url) {
  console.error("Set LIBSQL_URL (and LIBSQL_AUTH_TOKEN for Turso).");
  process.exit(1);
}
await applyMigrations(url, process.env.LIBSQL_AUTH_TOKEN);
console.log("migrations applied");
