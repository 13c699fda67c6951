/**
 * The database's own health record (docs/product.md#health): one row (id 1). `GET /health` proves that writes work
 * by updating `probed_at` in a write transaction, and reads back how often the local supervisor had to restart the
 * database server (scripts/lib/sqld-supervisor.ts writes `restarts`, `last_restart_at` and `last_restart_cause` after
 * each restart). In production (Turso) nothing restarts the server from here, so the count stays 0.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const dbHealth = sqliteTable("db_health", {
  id: integer("id").primaryKey(),
  /** ISO 8601 UTC of the last write probe. */
  probedAt: text("probed_at"),
  restarts: integer("restarts").notNull().default(0),
  lastRestartAt: text("last_restart_at"),
  lastRestartCause: text("last_restart_cause"),
});
