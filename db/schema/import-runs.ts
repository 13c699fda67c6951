/**
 * Committed bulk imports (docs/product.md#bulk-import): one row per commit, written in the same batch as the
 * imported records. The `Idempotency-Key` is unique, so the same commit sent twice (a lost answer, a double click,
 * two tabs) writes once; `request_hash` tells the same rows (→ the stored `answer` again) from other rows (→ 422).
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { admins } from "./admins";
import { nowIso } from "./_common";

export const importRuns = sqliteTable("import_runs", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  kind: text("kind", { enum: ["students", "fees", "results", "teachers"] }).notNull(),
  /** SHA-256 (hex) of the kind, the options and the rows as sent. */
  requestHash: text("request_hash").notNull(),
  /** The answer of the commit as JSON (`{dry_run, summary, rows}`), sent again on a replay. */
  answer: text("answer").notNull(),
  rowCount: integer("row_count").notNull(),
  adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
  createdAt: text("created_at").notNull().default(nowIso),
});
