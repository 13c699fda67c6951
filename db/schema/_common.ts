/** Shared column helpers for the drizzle schema. Timestamps are ISO 8601 strings in UTC. */
import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/** `created_at` / `updated_at` as ISO-8601 UTC text, defaulted by SQLite. */
export const timestamps = {
  createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
};

/** SQL expression for "now" as ISO-8601 UTC with milliseconds, matching `new Date().toISOString()`. */
export const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
