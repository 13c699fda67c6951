/**
 * The Worker's message machinery (docs/decisions/0037-guardian-messages.md): the producer (`enqueueWith`), the
 * queue consumer (`handleMessageBatch`: delivery with retries and backoff, the dead-letter queue marking messages
 * failed) and the Cron Trigger (`runScheduled`: the day's plan at the set Cairo hour, and stranded rows re-enqueued).
 */
import type { Env } from "./env";
import { getDb } from "./db";
import { groupWrite } from "./group-commit";
import { deliverMany, markFailed, type Sendable, sendClaimed } from "./services/messages/deliver";
import { type Enqueue, instalmentMessages, strandedMessageIds, writeAndEnqueue } from "./services/messages/plan";
import { cairoClock, getMessageSettings } from "./services/messages/settings";

/** The body of a queue message: the id of a `messages` row. */
export interface MessageJob {
  id: number;
}

/** The delivery queue's name and its dead-letter queue's (wrangler.toml). */
export const MESSAGES_DLQ = "guardian-messages-dead";

/** The origin of links in messages: PUBLIC_BASE_URL, else the request's own origin. */
export const linkBase = (env: Env, requestUrl: string) => env.PUBLIC_BASE_URL || new URL(requestUrl).origin;

/** Sends ids to the delivery queue in batches of 100 (the Queues limit per sendBatch). */
export function enqueueWith(env: Env): Enqueue {
  return async (ids) => {
    for (let i = 0; i < ids.length; i += 100) {
      await env.MESSAGES_QUEUE.sendBatch(ids.slice(i, i + 100).map((id) => ({ body: { id } })));
    }
  };
}

/** Seconds before the queue's copy of a message sent at once (`sendNowWith`) is delivered: the safety net. */
export const SEND_NOW_SAFETY_NET_S = 30;

/**
 * An Enqueue for a message a guardian is waiting for (a code or an invitation WhatsApp reported failed, going again by
 * SMS; docs/product.md#family-accounts; a new code goes by `sendCodeNow`): it is sent
 * from this request at once, after the answer (`waitUntil`), and also queued with a delay of SEND_NOW_SAFETY_NET_S,
 * whose delivery finds it sent (or sends it, if this request's attempt failed or never ran). The row's claim
 * (worker/services/messages/deliver.ts) keeps the two from sending it twice. Without it a code waits behind every
 * message queued before it (benchmark `family`, bench/README.md).
 */
export function sendNowWith(env: Env, waitUntil: (p: Promise<unknown>) => void, now: Date): Enqueue {
  return async (ids) => {
    await env.MESSAGES_QUEUE.sendBatch(ids.map((id) => ({ body: { id }, delaySeconds: SEND_NOW_SAFETY_NET_S })));
    waitUntil(sendNow(env, ids, now));
  };
}

/**
 * Sends a sign-in code's message, written claimed by its request (worker/services/family/codes.ts), from this request
 * after the answer (`waitUntil`): no read, no claim, its outcome group-committed with other requests' writes
 * (docs/decisions/0047-sign-in-codes-by-group-commit.md). Its queue copy, delayed SEND_NOW_SAFETY_NET_S, finds it
 * sent, or failed and released (a provider's failure: it sends it), or still claimed (this request died: it sends
 * once the claim lapses, CLAIM_LEASE_MS after the code was written). A code WhatsApp refused goes again by SMS at once.
 */
export async function sendCodeNow(env: Env, waitUntil: (p: Promise<unknown>) => void, now: Date, m: Sendable) {
  await env.MESSAGES_QUEUE.sendBatch([{ body: { id: m.id }, delaySeconds: SEND_NOW_SAFETY_NET_S }]);
  waitUntil(sendCode(env, m, now));
}

async function sendCode(env: Env, m: Sendable, now: Date) {
  const db = getDb(env);
  try {
    const out = (await sendClaimed(db, env, [m], now, (items) => groupWrite(db, items))).get(m.id);
    if (out && !out.ack && out.delay === 0) await deliverMany(db, env, [m.id], now);
  } catch {
    // The queue's copy sends it.
  }
}

async function sendNow(env: Env, ids: number[], now: Date) {
  const db = getDb(env);
  try {
    const out = await deliverMany(db, env, ids, now);
    // A code WhatsApp refused goes again by SMS at once (its outcome asks for no delay): sent from here too.
    const again = ids.filter((id) => {
      const o = out.get(id);
      return o && !o.ack && o.delay === 0;
    });
    if (again.length) await deliverMany(db, env, again, now);
  } catch {
    // The queue's copy sends it.
  }
}

/**
 * The queue consumer: each message delivered once, retried with backoff, dead-lettered after its attempts. A batch
 * is delivered together (worker/services/messages/deliver.ts `deliverMany`); when the database does not answer, the
 * whole batch is retried (the queue's own backoff, then its dead-letter queue after max_retries).
 */
export async function handleMessageBatch(batch: MessageBatch<MessageJob>, env: Env, now = new Date()) {
  const db = getDb(env);
  const jobs: { msg: Message<MessageJob>; id: number }[] = [];
  for (const msg of batch.messages) {
    const id = Number(msg.body?.id);
    if (Number.isSafeInteger(id)) jobs.push({ msg, id });
    else msg.ack();
  }
  try {
    if (batch.queue === MESSAGES_DLQ) {
      if (jobs.length)
        await markFailed(
          db,
          jobs.map((j) => j.id),
          "gave up after retries",
          now,
          true,
        );
      for (const { msg } of jobs) msg.ack();
      return;
    }
    const outcomes = await deliverMany(
      db,
      env,
      jobs.map((j) => j.id),
      now,
    );
    for (const { msg, id } of jobs) {
      const out = outcomes.get(id)!;
      if (out.ack) msg.ack();
      else msg.retry({ delaySeconds: out.delay });
    }
  } catch {
    for (const { msg } of jobs) msg.retry({ delaySeconds: 60 });
  }
}

/**
 * The hourly Cron Trigger: at the set Cairo hour the day's instalment reminders are planned (a second run that hour
 * plans nothing new: the keys), and any row planned but never enqueued is enqueued again. `force` plans whatever
 * the hour (tests, the benchmark).
 */
export async function runScheduled(env: Env, now: Date, force = false): Promise<{ planned: number; requeued: number }> {
  const db = getDb(env);
  const enqueue = enqueueWith(env);
  const { day, hour } = cairoClock(now);
  let planned = 0;
  if (force || hour === (await getMessageSettings(db)).send_hour) {
    planned = (await writeAndEnqueue(db, day, await instalmentMessages(db, day), enqueue)).length;
  }
  const stranded = await strandedMessageIds(db, now);
  if (stranded.length) await enqueue(stranded);
  return { planned, requeued: stranded.length };
}
