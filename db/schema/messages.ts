/**
 * Outgoing messages to guardians (docs/product.md#guardians-and-messages, docs/decisions/0037-guardian-messages.md).
 *
 * `msg_key` = `kind:student:ref:day` (ref: the instalment, term, receipt or period; day: the Cairo date it was planned
 * for) is UNIQUE, and every planner writes with INSERT … ON CONFLICT DO NOTHING: a cron run twice, two isolates or a
 * replayed event plan each message once. The queue consumer moves a row `queued` → `sent` only by a conditional
 * UPDATE, so a redelivered queue message sends nothing twice. Status webhooks move it forward (sent → delivered →
 * read) or to `failed` with the provider's reason; `dead_at` marks a message the queue gave up on.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps } from "./_common";
import { studentGuardians } from "./guardians";
import { students } from "./students";
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from "./enums";

export { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES };

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    msgKey: text("msg_key").notNull().unique(),
    kind: text("kind", { enum: MESSAGE_KINDS }).notNull(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    guardianId: integer("guardian_id").references(() => studentGuardians.id, { onDelete: "set null" }),
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull(),
    /** E.164 number the message went to. */
    toPhone: text("to_phone").notNull(),
    language: text("language", { enum: ["ar", "en"] }).notNull(),
    /** WhatsApp template name and its body parameters (JSON array of strings); `body` is the text an SMS carries. */
    template: text("template").notNull(),
    params: text("params").notNull().default("[]"),
    body: text("body").notNull(),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** The provider's message id (WhatsApp `wamid.…`), set when the provider accepted it. */
    providerId: text("provider_id"),
    error: text("error"),
    /** The Cairo date (YYYY-MM-DD) the message was planned for; part of `msg_key`. */
    day: text("day").notNull(),
    /** Set when the queue gave up after its retries (the console shows it as dead-lettered). */
    deadAt: text("dead_at"),
    /**
     * ISO 8601 UTC when a consumer claimed the row to send it; cleared when the send is settled. While it is recent
     * (CLAIM_LEASE_MS, worker/services/messages/deliver.ts) no other consumer may claim the row: a queue message
     * delivered again mid-send would otherwise find it `queued` and send it a second time.
     */
    claimedAt: text("claimed_at"),
    ...timestamps,
  },
  (t) => [
    check("messages_kind_chk", sql`${t.kind} IN (${sql.raw(MESSAGE_KINDS.map((k) => `'${k}'`).join(","))})`),
    check("messages_status_chk", sql`${t.status} IN ('queued','sent','delivered','read','failed')`),
    check("messages_channel_chk", sql`${t.channel} IN ('whatsapp','sms')`),
    index("messages_student_idx").on(t.studentId, t.id),
    index("messages_status_idx").on(t.status, t.id),
    index("messages_provider_idx").on(t.providerId),
    index("messages_created_idx").on(t.createdAt),
    // The Reports page's messages per day, channel and status: one covering range scan over a year's days.
    index("messages_day_idx").on(t.day, t.channel, t.status),
  ],
);

export type Message = typeof messages.$inferSelect;
