/**
 * A sign-in code WhatsApp accepted and its status webhook later reported failed (docs/product.md#family-accounts):
 * a new code goes by SMS at once, once (the webhook delivered again sends nothing more), and the code that never
 * arrived opens nothing; not after the code expired, nor once it was used; and an invitation reported failed goes by
 * SMS with its text, while a reminder stays failed for the console's Retry.
 */
import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { deliver } from "./guardian-fixtures";
import { api, eventually, expectError, loginAdmin } from "./helpers";
import { askCode, codeSentTo, signIn, student } from "./family-fixtures";

const e = env as unknown as Env & { MESSAGE_STANDIN_URL: string };
const db = () => getDb(e);
let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

/** A mobile ending in 0000: the local provider accepts a WhatsApp to it, then reports it failed (131026). */
const undeliverable = () => `010${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}0000`;

interface Sent {
  id: string;
  channel: "whatsapp" | "sms";
  to: string;
  params: string[];
  text: string | null;
  webhooks: { status: string; body: string; signature: string }[];
}
const provider = async () => (await (await fetch(`${e.MESSAGE_STANDIN_URL}/_standin/messages`)).json()) as Sent[];
const digits = (s: string) => s.replace(/\D/g, "");
const sentTo = async (e164: string) => (await provider()).filter((m) => digits(m.to) === digits(e164));

/** Posts the provider's signed `failed` webhook of WhatsApp message `wamid` to the Worker (at `now`, if given). */
async function failedWebhook(wamid: string, now?: Date) {
  const m = (await provider()).find((x) => x.id === wamid)!;
  const hook = m.webhooks.find((h) => h.status === "failed")!;
  return api("/api/webhooks/whatsapp", {
    method: "POST",
    body: hook.body,
    headers: {
      "Content-Type": "application/json",
      "X-Hub-Signature-256": hook.signature,
      ...(now ? { "X-Test-Now": now.toISOString() } : {}),
    },
  });
}

async function newest(e164: string, kind: "sign_in_code" | "family_invite") {
  const [row] = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.toPhone, e164), eq(messages.kind, kind)))
    .orderBy(desc(messages.id))
    .limit(1);
  return row!;
}

/** Today at 08:00 UTC (10:00 or 11:00 Cairo): outside the quiet hours, whenever the test runs. */
const daytime = () => new Date(`${new Date().toISOString().slice(0, 10)}T08:00:00Z`);

/** Delivers message `id` (unless the queue's consumer has) and waits until the provider has it. */
async function settled(id: number) {
  await deliver(db(), e, id, daytime());
  return eventually(`message ${id} never reached the provider`, async () => {
    const [row] = await db().select().from(messages).where(eq(messages.id, id));
    return row!.providerId ? row! : undefined;
  });
}

/** A code to an undeliverable number sent by WhatsApp: answers the number, the lost code and its WhatsApp id. */
async function codeLostOnWhatsapp() {
  const phone = undeliverable();
  await student([phone]);
  const e164 = `+2${phone}`;
  expect((await askCode(phone)).status).toBe(200);
  const lost = await codeSentTo(e164);
  const row = await newest(e164, "sign_in_code");
  expect(row.channel).toBe("whatsapp");
  return { phone, e164, lost, wamid: row.providerId!, id: row.id };
}

describe("a sign-in code WhatsApp reported failed", () => {
  it("goes again by SMS at once with a new code, once; the lost code opens nothing", async () => {
    const { phone, e164, lost, wamid, id } = await codeLostOnWhatsapp();
    const res = await failedWebhook(wamid);
    expect(res.status, res.text).toBe(200);
    const moved = await settled(id);
    expect(moved).toMatchObject({ channel: "sms", status: "sent", body: "••••••" });
    const sms = (await sentTo(e164)).filter((m) => m.channel === "sms");
    expect(sms).toHaveLength(1);
    const code = /\d{6}/.exec(sms[0]!.text!)![0];
    if (code !== lost) expectError(await signIn(phone, lost), 401, "UNAUTHORIZED");
    // Meta delivers a webhook at least once: the same failure again sends nothing more.
    expect((await failedWebhook(wamid)).status).toBe(200);
    await deliver(db(), e, id, daytime());
    expect((await sentTo(e164)).filter((m) => m.channel === "sms")).toHaveLength(1);
    expect((await signIn(phone, code)).status).toBe(200);
  });

  it("is not sent again once the code expired", async () => {
    const { e164, wamid, id } = await codeLostOnWhatsapp();
    const late = new Date(Date.now() + 6 * 60_000);
    expect((await failedWebhook(wamid, late)).status).toBe(200);
    const [row] = await db().select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ channel: "whatsapp", status: "failed" });
    expect((await sentTo(e164)).filter((m) => m.channel === "sms")).toHaveLength(0);
  });

  it("is not sent again when a newer code was asked for meanwhile", async () => {
    const { phone, e164, wamid, id } = await codeLostOnWhatsapp();
    expect((await askCode(phone)).status).toBe(200);
    expect((await failedWebhook(wamid)).status).toBe(200);
    const [row] = await db().select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ channel: "whatsapp", status: "failed" });
    expect((await sentTo(e164)).filter((m) => m.channel === "sms")).toHaveLength(0);
  });
});

describe("other kinds WhatsApp reported failed", () => {
  it("an invitation goes again by SMS with its link; a reminder stays failed", async () => {
    const phone = undeliverable();
    const e164 = `+2${phone}`;
    const s = await student([phone]);
    const res = await api("/api/admin/family/invite", { method: "POST", token, body: { phone } });
    expect(res.status, res.text).toBe(200);
    const invite = await settled(res.json.message_id);
    expect(invite.channel).toBe("whatsapp");
    expect((await failedWebhook(invite.providerId!)).status).toBe(200);
    expect(await settled(invite.id)).toMatchObject({ channel: "sms", status: "sent" });
    const sms = (await sentTo(e164)).filter((m) => m.channel === "sms");
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain("/family");

    const [reminder] = await db()
      .insert(messages)
      .values({
        msgKey: `instalment_due:${s.id}:fallback-test:${crypto.randomUUID()}`,
        kind: "instalment_due",
        studentId: s.id,
        channel: "whatsapp",
        toPhone: e164,
        language: "ar",
        template: "school_instalment_due",
        body: "-",
        day: invite.day,
      })
      .returning({ id: messages.id });
    const sent = await settled(reminder!.id);
    expect((await failedWebhook(sent.providerId!)).status).toBe(200);
    const [after] = await db().select().from(messages).where(eq(messages.id, reminder!.id));
    expect(after).toMatchObject({ channel: "whatsapp", status: "failed" });
  });
});
