/**
 * Delivering one planned message from the queue (docs/decisions/0037-guardian-messages.md). The row is claimed by a
 * compare-and-set on `attempts` (only one consumer of a redelivered or duplicated queue message wins), sent, and
 * marked `sent` with the provider's id. Outside 09:00-21:00 Cairo nothing is sent: the queue message is delayed.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { messages } from "../../../db/schema";
import type { Db } from "../../db";
import type { Env } from "../../env";
import { type Provider, providerFor } from "./provider";
import { secondsUntilAwake } from "./settings";

/** Attempts before a message is dead-lettered (the queue's own max_retries matches, wrangler.toml). */
export const MAX_ATTEMPTS = 5;

/** Backoff before attempt `n + 1` (seconds): 30 s, 2 min, 8 min, 32 min … capped at 1 h. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 4 ** Math.max(0, attempts - 1));

/** What the consumer does with the queue message: acknowledge it, or retry it after `delay` seconds. */
export type Outcome = { ack: true; result: string } | { ack: false; delay: number; result: string };

/** Delivers message `id` once (see the module comment); `provider` overrides the channel's (tests). */
export async function deliver(db: Db, env: Env, id: number, now: Date, provider?: Provider | null): Promise<Outcome> {
  const [m] = await db.select().from(messages).where(eq(messages.id, id));
  if (!m || m.status !== "queued" || m.providerId) return { ack: true, result: "done already" };
  const wait = env.MESSAGES_ANY_HOUR === "1" ? 0 : secondsUntilAwake(now);
  if (wait > 0) return { ack: false, delay: Math.min(wait, 43_200), result: "quiet hours" };
  const claimed = await db
    .update(messages)
    .set({ attempts: m.attempts + 1, updatedAt: now.toISOString() })
    .where(
      and(
        eq(messages.id, id),
        eq(messages.attempts, m.attempts),
        eq(messages.status, "queued"),
        isNull(messages.providerId),
      ),
    )
    .returning({ id: messages.id });
  if (!claimed.length) return { ack: true, result: "claimed elsewhere" };
  const p = provider === undefined ? providerFor(env, m.channel) : provider;
  const sent = p
    ? await p
        .send({
          id: m.id,
          to: m.toPhone,
          language: m.language,
          template: m.template,
          params: JSON.parse(m.params),
          body: m.body,
        })
        .catch((e: unknown) => ({ ok: false as const, retry: true, error: String((e as Error)?.message ?? e) }))
    : { ok: false as const, retry: true, error: `no ${m.channel} provider configured` };
  if (sent.ok) {
    await db
      .update(messages)
      .set({ status: "sent", providerId: sent.providerId, error: null, updatedAt: now.toISOString() })
      .where(and(eq(messages.id, id), eq(messages.status, "queued")));
    return { ack: true, result: "sent" };
  }
  const attempts = m.attempts + 1;
  if (!sent.retry || attempts >= MAX_ATTEMPTS) {
    await markFailed(db, id, sent.error, now, sent.retry);
    return { ack: true, result: sent.retry ? "dead" : "failed" };
  }
  await db.update(messages).set({ error: sent.error }).where(eq(messages.id, id));
  return { ack: false, delay: backoffSeconds(attempts), result: "retry" };
}

/** Marks a message failed with `error`; `dead`: the queue gave up on it (dead-lettered). */
export async function markFailed(db: Db, id: number, error: string, now: Date, dead: boolean) {
  await db
    .update(messages)
    .set({ status: "failed", error, updatedAt: now.toISOString(), deadAt: dead ? now.toISOString() : null })
    .where(and(eq(messages.id, id), sql`${messages.status} IN ('queued','sent')`));
}
