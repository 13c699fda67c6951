/**
 * Messages per day (docs/product.md#reports): the guardians' messages planned for each school day of the chosen year
 * (`day`, Cairo) by channel and where each stands now (queued, sent, delivered, read, failed: each message counted
 * once, in its present state, as the Messages log filters them). One statement over `messages_day_idx` (covering).
 */
import { sql } from "drizzle-orm";
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from "../../../db/schema/messages";
import type { Db } from "../../db";
import type { ReportYear } from "./year";

export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export interface MessageDay {
  day: string;
  channel: MessageChannel;
  counts: Record<MessageStatus, number>;
}

export interface MessagesReport {
  /** Days with at least one message, oldest first, one row per channel used that day. */
  days: MessageDay[];
  totals: Record<MessageChannel, Record<MessageStatus, number>>;
}

const zeros = (): Record<MessageStatus, number> =>
  Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as Record<MessageStatus, number>;

/** The year's messages per day, channel and present status. */
export async function messagesReport(db: Db, y: ReportYear): Promise<MessagesReport> {
  const rows = await db.all<{ day: string; channel: MessageChannel; status: MessageStatus; n: number }>(sql`
    SELECT day, channel, status, count(*) AS n FROM messages
    WHERE day >= ${y.start_date} AND day <= ${y.end_date}
    GROUP BY 1, 2, 3 ORDER BY 1, 2`);
  const days: MessageDay[] = [];
  const totals = Object.fromEntries(MESSAGE_CHANNELS.map((c) => [c, zeros()])) as MessagesReport["totals"];
  for (const r of rows) {
    let last = days[days.length - 1];
    if (!last || last.day !== r.day || last.channel !== r.channel) {
      last = { day: r.day, channel: r.channel, counts: zeros() };
      days.push(last);
    }
    last.counts[r.status] += Number(r.n);
    totals[r.channel][r.status] += Number(r.n);
  }
  return { days, totals };
}
