/**
 * Message settings (docs/product.md#guardians-and-messages): each kind on or off, and the Cairo hour the daily plan
 * runs at (default 10; 9-20, since reminders are not sent between 21:00 and 09:00). Kept in `school_settings` under
 * `messages.*` keys; a missing key is its default.
 */
import { inArray, sql } from "drizzle-orm";
import { MESSAGE_KINDS, schoolSettings } from "../../../db/schema";
import type { Db } from "../../db";
import type { RequestContext } from "../../request-context";
import { auditInsert } from "../audit";
import type { MessageKind } from "./texts";
import { schoolDateParts } from "../../lib/school-day";

export interface MessageSettings {
  kinds: Record<MessageKind, boolean>;
  /** Cairo hour (9-20) of the daily plan. */
  send_hour: number;
}

export const DEFAULT_SEND_HOUR = 10;
/** Quiet hours (Cairo): from 21:00 until 09:00 only urgent kinds are sent (worker/services/messages/texts.ts). */
export const QUIET_FROM = 21;
export const QUIET_UNTIL = 9;

const KEYS = [...MESSAGE_KINDS.map((k) => `messages.${k}`), "messages.send_hour"];

/** The settings with defaults filled in (every kind on, 10:00). */
export async function getMessageSettings(db: Db): Promise<MessageSettings> {
  const rows = await db.select().from(schoolSettings).where(inArray(schoolSettings.key, KEYS));
  const value = new Map(rows.map((r) => [r.key, r.value]));
  const kinds = Object.fromEntries(MESSAGE_KINDS.map((k) => [k, value.get(`messages.${k}`) !== "off"])) as Record<
    MessageKind,
    boolean
  >;
  const hour = Number(value.get("messages.send_hour") ?? DEFAULT_SEND_HOUR);
  return { kinds, send_hour: Number.isInteger(hour) ? hour : DEFAULT_SEND_HOUR };
}

/** Changes some settings (one batch with its audit row) and answers them all. */
export async function updateMessageSettings(
  ctx: RequestContext,
  input: { kinds?: Partial<Record<MessageKind, boolean>>; send_hour?: number },
): Promise<MessageSettings> {
  const before = await getMessageSettings(ctx.db);
  const pairs: [string, string][] = [
    ...Object.entries(input.kinds ?? {}).map(([k, on]): [string, string] => [`messages.${k}`, on ? "on" : "off"]),
    ...(input.send_hour === undefined ? [] : [["messages.send_hour", String(input.send_hour)] as [string, string]]),
  ];
  if (pairs.length) {
    await ctx.db.batch([
      ctx.db
        .insert(schoolSettings)
        .values(pairs.map(([key, value]) => ({ key, value })))
        .onConflictDoUpdate({
          target: schoolSettings.key,
          set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
        }),
      auditInsert(ctx, { action: "update", entity: "message_settings", entityId: "messages", before, after: input }),
    ]);
  }
  return getMessageSettings(ctx.db);
}

/** The Cairo wall-clock date (YYYY-MM-DD) and hour of `at`. */
export function cairoClock(at: Date): { day: string; hour: number } {
  const p = schoolDateParts(at);
  const two = (n: number) => String(n).padStart(2, "0");
  return { day: `${p.year}-${two(p.month)}-${two(p.day)}`, hour: p.hour };
}

/** Seconds from `at` until sending is allowed again (0 inside 09:00-21:00 Cairo). */
export function secondsUntilAwake(at: Date): number {
  const { hour } = cairoClock(at);
  if (hour >= QUIET_UNTIL && hour < QUIET_FROM) return 0;
  const hoursLeft = hour >= QUIET_FROM ? 24 - hour + QUIET_UNTIL : QUIET_UNTIL - hour;
  const intoHour = at.getUTCMinutes() * 60 + at.getUTCSeconds();
  return Math.max(60, hoursLeft * 3600 - intoHour);
}
