/**
 * School settings (docs/product.md#fee-plans): a small key/value table so a new setting needs no migration. Values
 * are plain text (e.g. `no_overdue`), validated by the settings schema (worker/contracts/fee-plans.ts) on every
 * write; a missing key means its default.
 */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { nowIso } from "./_common";

export const schoolSettings = sqliteTable("school_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull().default(nowIso),
});
