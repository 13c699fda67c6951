/**
 * School settings (docs/product.md#fee-plans): a small key/value table so a new setting needs no migration. Values
 * are JSON text, validated by the settings schema (worker/api/settings.schema.ts) on every write; a missing key means
 * its default.
 */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { nowIso } from "./_common";

export const schoolSettings = sqliteTable("school_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull().default(nowIso),
});
