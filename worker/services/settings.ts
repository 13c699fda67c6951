/**
 * School settings (docs/product.md#fee-plans): read with defaults filled in, changed with an audit row in the same
 * batch. Values are stored as text; the settings schema (worker/contracts/fee-plans.ts) validates every write.
 */
import { inArray, sql } from "drizzle-orm";
import { schoolSettings } from "../../db/schema";
import type { Db } from "../db";
import type { RequestContext } from "../request-context";
import { DEFAULT_SETTINGS, settingsJsonSchema, type SchoolSettings } from "../contracts/fee-plans";
import { auditInsert } from "./audit";

/** Every setting, stored values over the defaults (an unreadable stored value falls back to its default). */
export async function getSettings(db: Db): Promise<SchoolSettings> {
  return parseSettings(await db.select().from(schoolSettings));
}

function parseSettings(rows: Array<{ key: string; value: string }>): SchoolSettings {
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const parsed = settingsJsonSchema.safeParse({ ...DEFAULT_SETTINGS, ...stored });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/** The keys these settings own: the table also holds other features' settings (the messages' `messages.*`). */
const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS);

/** The stored settings over the defaults as one JSON object, read by the database inside the batch. */
const settingsJsonSql = () =>
  sql`json_patch(${JSON.stringify(DEFAULT_SETTINGS)}, (SELECT coalesce(json_group_object(key, value), '{}')
    FROM ${schoolSettings} WHERE ${inArray(schoolSettings.key, SETTING_KEYS)}))`;

/**
 * Sets the given settings (others unchanged) at `ctx.now` and returns them all. The audit row's `before` and the answer
 * are read in the write's own batch, so a concurrent change of another setting is neither lost from the answer nor
 * missing from the audit chain.
 */
export async function updateSettings(ctx: RequestContext, input: Partial<SchoolSettings>): Promise<SchoolSettings> {
  const { db, now } = ctx;
  const entries = Object.entries(input).filter(([, v]) => v !== undefined) as Array<[string, string]>;
  if (!entries.length) return getSettings(db);
  const at = now.toISOString();
  const [, , rows] = await db.batch([
    auditInsert(ctx, {
      action: "update",
      entity: "school_settings",
      before: settingsJsonSql(),
      after: Object.fromEntries(entries),
    }),
    db
      .insert(schoolSettings)
      .values(entries.map(([key, value]) => ({ key, value, updatedAt: at })))
      .onConflictDoUpdate({ target: schoolSettings.key, set: { value: sql`excluded.value`, updatedAt: at } }),
    db.select().from(schoolSettings),
  ]);
  return parseSettings(rows);
}
