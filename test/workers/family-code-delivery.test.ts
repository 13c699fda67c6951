/**
 * How a sign-in code reaches the guardian (docs/product.md#family-accounts; docs/decisions/0047): written with its
 * message in one group-committed transaction, the message already claimed, sent from the request without a read or
 * a claim, and its outcome group-committed. A burst of requests each gets one message and a code that signs in; a
 * provider's failure, or a request that died after its write, leaves the code to the queue's copy; WhatsApp's
 * refusal sends it again by SMS at once.
 */
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, studentGuardians } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { groupWrite } from "../../worker/group-commit";
import { requestCode } from "../../worker/services/family/codes";
import { sendClaimed } from "../../worker/services/messages/deliver";
import type { Provider } from "../../worker/services/messages/provider";
import { insertStudent } from "./fixtures";
import { deliver, mobile } from "./guardian-fixtures";
import { eventually } from "./helpers";
import { askCode, signIn } from "./family-fixtures";

const e = env as unknown as Env & { MESSAGE_STANDIN_URL: string };
const db = () => getDb(e);
const digits = (s: string) => s.replace(/\D/g, "");

/** A fresh number the local provider takes at once (ending 0429 when `throttled`: its first WhatsApp is refused). */
function plain(throttled = false): string {
  for (;;) {
    const p = throttled ? `${mobile().slice(0, 7)}0429` : mobile();
    if (throttled || !/(0000|0429)$/.test(p)) return p;
  }
}

/** `n` students with one guardian each of a fresh number (local form), WhatsApp consent on every other one. */
async function guardians(n: number, throttled = false): Promise<string[]> {
  const phones = Array.from({ length: n }, () => plain(throttled));
  const kids = await Promise.all(phones.map(() => insertStudent()));
  await db()
    .insert(studentGuardians)
    .values(
      kids.map((s, i) => ({
        studentId: s.id,
        position: 0,
        fullName: "Code guardian",
        relation: "father" as const,
        phone: `+2${phones[i]}`,
        whatsappConsent: throttled || i % 2 === 0,
      })),
    );
  return phones;
}

interface Sent {
  id: string;
  channel: "whatsapp" | "sms";
  to: string;
  params: string[];
  text: string | null;
}
const provider = async () => (await (await fetch(`${e.MESSAGE_STANDIN_URL}/_standin/messages`)).json()) as Sent[];
const codeOf = (m: Sent) => m.params[0] ?? /\d{6}/.exec(m.text ?? "")?.[0] ?? "";

/** What the provider received for `e164`, once its message row is settled with a provider id. */
async function receivedBy(e164: string): Promise<Sent[]> {
  return eventually(`no code reached the provider for ${e164}`, async () => {
    const [row] = await db().select().from(messages).where(eq(messages.toPhone, e164));
    if (!row?.providerId) return undefined;
    return (await provider()).filter((m) => digits(m.to) === digits(e164));
  });
}

const failing: Provider = { send: async () => ({ ok: false, retry: true, error: "HTTP 503: unavailable" }) };

describe("sign-in code delivery", () => {
  it("a burst of 40 requests at once: one message each, sent once, each code signs in", async () => {
    const phones = await guardians(40);
    const answers = await Promise.all(phones.map((p, i) => askCode(p, `203.0.113.${1 + i}`)));
    for (const r of answers) expect(r.status, JSON.stringify(r.json)).toBe(200);
    const e164 = phones.map((p) => `+2${p}`);
    for (const [i, phone] of e164.entries()) {
      const got = await receivedBy(phone);
      expect(got, phone).toHaveLength(1);
      expect(got[0]!.channel).toBe(i % 2 === 0 ? "whatsapp" : "sms");
      expect((await signIn(phones[i]!, codeOf(got[0]!))).status, phone).toBe(200);
    }
    const rows = await db().select().from(messages).where(inArray(messages.toPhone, e164));
    expect(rows).toHaveLength(40);
    for (const m of rows) {
      expect(m.status === "sent" || m.status === "delivered" || m.status === "read", m.status).toBe(true);
      expect([m.attempts, m.claimedAt, m.body]).toEqual([1, null, "••••••"]);
    }
  }, 120_000);

  it("a provider's failure from the request leaves the code to the queue's copy, which sends it", async () => {
    const [phone] = await guardians(2).then((p) => [p[1]!]); // no consent: by SMS
    const now = new Date();
    const { message } = await requestCode(db(), `+2${phone}`, { pepper: e.PASSWORD_PEPPER, now, clientHash: "t" });
    expect(message).not.toBeNull();
    const out = await sendClaimed(db(), e, [message!], now, (items) => groupWrite(db(), items), failing);
    expect(out.get(message!.id)).toMatchObject({ ack: false, delay: 30 });
    const [row] = await db().select().from(messages).where(eq(messages.id, message!.id));
    expect([row!.status, row!.claimedAt, row!.attempts]).toEqual(["queued", null, 1]);
    expect(await deliver(db(), e, message!.id, new Date())).toMatchObject({ ack: true, result: "sent" });
    const got = await receivedBy(`+2${phone}`);
    expect(got).toHaveLength(1);
    expect((await signIn(phone!, codeOf(got[0]!))).status).toBe(200);
  });

  it("a request that died after its write: the queue's copy waits out the claim, then sends it once", async () => {
    const [phone] = await guardians(1);
    const now = new Date();
    const { message } = await requestCode(db(), `+2${phone}`, { pepper: e.PASSWORD_PEPPER, now, clientHash: "t" });
    // The queue's copy 30 s later finds the request's claim: it comes back once the claim has lapsed.
    expect(await deliver(db(), e, message!.id, new Date(now.getTime() + 30_000))).toMatchObject({ ack: false });
    expect(await deliver(db(), e, message!.id, new Date(now.getTime() + 61_000))).toMatchObject({ ack: true });
    expect(await deliver(db(), e, message!.id, new Date(now.getTime() + 62_000))).toMatchObject({
      result: "done already",
    });
    const got = await receivedBy(`+2${phone}`);
    expect(got).toHaveLength(1);
    expect((await signIn(phone!, codeOf(got[0]!))).status).toBe(200);
  });

  it("WhatsApp refusing the code from the request: it goes by SMS at once, once, and signs in", async () => {
    const [phone] = await guardians(1, true);
    expect((await askCode(phone!)).status).toBe(200);
    const got = await eventually("no SMS", async () => {
      const list = (await provider()).filter((m) => digits(m.to) === digits(`+2${phone}`));
      return list.some((m) => m.channel === "sms") ? list : undefined;
    });
    expect(got.map((m) => m.channel)).toEqual(["sms"]);
    expect((await signIn(phone!, codeOf(got[0]!))).status).toBe(200);
    const [row] = await db()
      .select()
      .from(messages)
      .where(eq(messages.toPhone, `+2${phone}`));
    expect([row!.channel, row!.status, row!.attempts]).toEqual(["sms", "sent", 2]);
  });
});
