/**
 * Delivering planned messages from the queue (docs/decisions/0037-guardian-messages.md), a queue batch at a time.
 * Each row is claimed by a compare-and-set on `attempts` that also stamps `claimed_at` (only one consumer of a
 * redelivered or duplicated queue message wins, also one that reads the row mid-send, when it looks like a message
 * waiting for its retry), sent, and marked `sent` with the provider's id. A delivery that finds a live claim is
 * retried after it (the sender may still die), so nothing is sent twice or left behind. A batch costs two write
 * transactions however many messages it holds (the claims, then the outcomes): the consumer's isolate writes one
 * transaction at a time (worker/db-bound.ts), so one per message was what delivery waited on. Outside 09:00-21:00
 * Cairo only urgent kinds (a receipt) are sent; the queue message of any other is delayed until 09:00. A sign-in code
 * is written already claimed and sent from its request (`sendClaimed`): no claim of its own, its outcome group-committed
 * (docs/decisions/0047-sign-in-codes-by-group-commit.md).
 */
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { messages } from "../../../db/schema";
import { batchAll, type Db } from "../../db";
import type { Env } from "../../env";
import { thrownFailure } from "./failure";
import { type Provider, type SendResult, providerFor } from "./provider";
import { secondsUntilAwake } from "./settings";
import { fallsBackToSms, isUrgent } from "./texts";

/** Attempts before a message is dead-lettered (the queue's own max_retries matches, wrangler.toml). */
export const MAX_ATTEMPTS = 5;

/** Backoff before attempt `n + 1` (seconds): 30 s, 2 min, 8 min, 32 min … capped at 1 h. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 4 ** Math.max(0, attempts - 1));

/**
 * How long a claim keeps other consumers off a message (ms): longer than a send (the provider's 10 s deadline and the
 * settling write). A consumer that dies mid-send leaves its claim; after this the queue's next delivery may send.
 */
export const CLAIM_LEASE_MS = 60_000;

/** What the consumer does with the queue message: acknowledge it, or retry it after `delay` seconds. */
export type Outcome = { ack: true; result: string } | { ack: false; delay: number; result: string };

type Row = typeof messages.$inferSelect;

/**
 * Delivers the messages `ids` (a queue batch), each at most once (docs/product.md#guardians-and-messages); answers
 * each id's outcome. The provider calls run side by side. Throws when the database does not answer (the queue then
 * retries the whole batch).
 */
export async function deliverMany(
  db: Db,
  env: Env,
  ids: number[],
  now: Date,
  provider?: Provider | null,
): Promise<Map<number, Outcome>> {
  const out = new Map<number, Outcome>();
  const unique = [...new Set(ids)];
  if (!unique.length) return out;
  const rows = new Map((await db.select().from(messages).where(inArray(messages.id, unique))).map((m) => [m.id, m]));
  const wait = env.MESSAGES_ANY_HOUR === "1" ? 0 : secondsUntilAwake(now);
  const open: Row[] = [];
  const lapsed = claimsLapsedBy(now);
  for (const id of unique) {
    const m = rows.get(id);
    if (m?.status !== "queued" || m.providerId) out.set(id, { ack: true, result: "done already" });
    else if (wait > 0 && !isUrgent(m.kind))
      out.set(id, { ack: false, delay: Math.min(wait, 43_200), result: "quiet hours" });
    else if (m.claimedAt && m.claimedAt > lapsed) out.set(id, BEING_SENT);
    else open.push(m);
  }
  if (!open.length) return out;
  const claimed = await claim(db, open, now);
  // Another consumer won the row: it may still fail or die, so this queue message comes back after its claim.
  for (const m of open) if (!claimed.includes(m)) out.set(m.id, BEING_SENT);
  if (!claimed.length) return out;
  for (const [id, o] of await sendClaimed(db, env, claimed, now, (items) => batchAll(db, items), provider))
    out.set(id, o);
  return out;
}

/** What sending a claimed message needs of its row (a row as read before its claim: `attempts` not yet counted). */
export type Sendable = Pick<
  Row,
  "id" | "kind" | "channel" | "toPhone" | "language" | "template" | "params" | "body" | "attempts"
>;

/**
 * Sends messages this caller has claimed (by `claim`, or written claimed: a sign-in code) side by side and records
 * every outcome in one `write` (a plain batch, or the group commit, worker/group-commit.ts); answers each id's
 * outcome. Throws when the outcomes could not be written (the claims then lapse and the queue's copy sends again).
 */
export async function sendClaimed(
  db: Db,
  env: Env,
  claimed: Sendable[],
  now: Date,
  write: (items: BatchItem<"sqlite">[]) => Promise<unknown>,
  provider?: Provider | null,
): Promise<Map<number, Outcome>> {
  const out = new Map<number, Outcome>();
  const sent = await Promise.all(claimed.map((m) => send(env, m, provider)));
  const writes: BatchItem<"sqlite">[] = [];
  claimed.forEach((m, i) => {
    const settled = settle(db, m, sent[i]!, now);
    writes.push(settled.write);
    out.set(m.id, settled.outcome);
  });
  await write(writes);
  return out;
}

/** A message another consumer is sending: asked again once that claim has lapsed (sent by then, or free to send). */
const BEING_SENT: Outcome = { ack: false, delay: CLAIM_LEASE_MS / 1000, result: "claimed elsewhere" };

/** Claims stamped at or before this ISO 8601 UTC instant have lapsed (ISO strings of one format sort as times). */
const claimsLapsedBy = (now: Date) => new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();

/**
 * Claims `open` in one transaction: a row is won only if no one changed it since it was read (`attempts`) and no
 * claim on it is younger than CLAIM_LEASE_MS. Answers the rows this call won.
 */
async function claim(db: Db, open: Row[], now: Date): Promise<Row[]> {
  const at = now.toISOString();
  const won = await batchAll(
    db,
    open.map((m) =>
      db
        .update(messages)
        .set({ attempts: m.attempts + 1, claimedAt: at, updatedAt: at })
        .where(
          and(
            eq(messages.id, m.id),
            eq(messages.attempts, m.attempts),
            eq(messages.status, "queued"),
            isNull(messages.providerId),
            or(isNull(messages.claimedAt), lte(messages.claimedAt, claimsLapsedBy(now))),
          ),
        )
        .returning({ id: messages.id }),
    ),
  );
  return open.filter((_, i) => (won[i] as unknown[]).length > 0);
}

function send(env: Env, m: Sendable, provider?: Provider | null): Promise<SendResult> {
  const p = provider === undefined ? providerFor(env, m.channel) : provider;
  if (!p) return Promise.resolve({ ok: false, retry: true, error: `no ${m.channel} provider configured` });
  return p
    .send({
      id: m.id,
      to: m.toPhone,
      language: m.language,
      template: m.template,
      params: JSON.parse(m.params),
      body: m.body,
    })
    .catch((e: unknown) => ({ ok: false as const, retry: true, error: thrownFailure(e) }));
}

/** The write that records one claimed message's send, and what the queue does with its queue message. */
function settle(db: Db, m: Sendable, sent: SendResult, now: Date): { write: BatchItem<"sqlite">; outcome: Outcome } {
  const at = now.toISOString();
  // A sign-in code's text is blanked once the provider has it (nobody reads it in the console); a code or an
  // invitation WhatsApp could not take goes again at once by SMS (docs/product.md#family-accounts).
  const code = m.kind === "sign_in_code";
  // The claim counted this attempt already, except a row written claimed (a code): counted here for both.
  const attempts = m.attempts + 1;
  if (sent.ok) {
    const blank = code ? { body: "••••••", params: "[]" } : {};
    const write = db
      .update(messages)
      .set({
        status: "sent",
        providerId: sent.providerId,
        error: null,
        claimedAt: null,
        updatedAt: at,
        attempts,
        ...blank,
      })
      .where(and(eq(messages.id, m.id), eq(messages.status, "queued")));
    return { write, outcome: { ack: true, result: "sent" } };
  }
  if (fallsBackToSms(m.kind) && m.channel === "whatsapp") {
    const write = db
      .update(messages)
      .set({ channel: "sms", error: sent.error, claimedAt: null, attempts })
      .where(eq(messages.id, m.id));
    return { write, outcome: { ack: false, delay: 0, result: "retry by sms" } };
  }
  if (!sent.retry || attempts >= MAX_ATTEMPTS) {
    const write = failedUpdate(db, [m.id], sent.error, now, sent.retry, attempts);
    return { write, outcome: { ack: true, result: sent.retry ? "dead" : "failed" } };
  }
  const write = db.update(messages).set({ error: sent.error, claimedAt: null, attempts }).where(eq(messages.id, m.id));
  return { write, outcome: { ack: false, delay: backoffSeconds(attempts), result: "retry" } };
}

/** The update marking messages `ids` failed with `error`; `dead`: the queue gave up on them (dead-lettered). */
function failedUpdate(db: Db, ids: number[], error: string, now: Date, dead: boolean, attempts?: number) {
  return db
    .update(messages)
    .set({ status: "failed", error, updatedAt: now.toISOString(), deadAt: dead ? now.toISOString() : null, attempts })
    .where(and(inArray(messages.id, ids), sql`${messages.status} IN ('queued','sent')`));
}

/** Marks messages `ids` (not empty) failed with `error` in one write; `dead`: the queue gave up on them. */
export async function markFailed(db: Db, ids: number[], error: string, now: Date, dead: boolean) {
  await failedUpdate(db, ids, error, now, dead);
}
