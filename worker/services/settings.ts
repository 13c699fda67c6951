/**
 * School settings (docs/product.md#fee-plans): read with defaults filled in, changed with an audit row in the same
 * batch. Values are stored as text; the settings schema (worker/api/fee-plans.schema.ts) validates every write.
 */
import { sql } from "drizzle-orm";
import { schoolSettings } from "../../db/schema";
import type { Db } from "../db";
import type { ActingAdmin } from "../env";
import { DEFAULT_SETTINGS, settingsJsonSchema, type SchoolSettings } from "../api/fee-plans.schema";
import { auditInsert } from "./audit";

/** Every setting, stored values over the defaults (an unreadable stored value falls back to its default). */
export async function getSettings(db: Db): Promise<SchoolSettings> {
  const rows = await db.select().from(schoolSettings);
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const parsed = settingsJsonSchema.safeParse({ ...DEFAULT_SETTINGS, ...stored });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/** Sets the given settings (others unchanged) at `now` and returns them all. */
export async function updateSettings(db: Db, admin: ActingAdmin, input: Partial<SchoolSettings>, now: Date, requestId?: string): Promise<SchoolSettings> {
  const entries = Object.entries(input).filter(([, v]) => v !== undefined) as Array<[string, string]>;
  const before = await getSettings(db);
  if (!entries.length) return before;
  const at = now.toISOString();
  await db.batch([
    db
      .insert(schoolSettings)
      .values(entries.map(([key, value]) => ({ key, value, updatedAt: at })))
      .onConflictDoUpdate({ target: schoolSettings.key, set: { value: sql`excluded.value`, updatedAt: at } }),
    auditInsert(db, admin, { action: "update", entity: "school_settings", entityId: null, before, after: Object.fromEntries(entries) }, requestId),
  ]);
  // What was just written over what was read: the input passed the settings schema, so no re-read is needed.
  return { ...before, ...Object.fromEntries(entries) };
}
