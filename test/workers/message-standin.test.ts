/**
 * One message through the local provider (scripts/lib/message-standin.ts): a recorded payment plans
 * payment_received, delivery sends it to the stand-in's WhatsApp Cloud API endpoint, and the stand-in's signed status
 * webhooks (sent → delivered → read), posted to `/api/webhooks/whatsapp`, move the message forward. The stand-in
 * signs with node:crypto, independently of the Worker's verification. A throttled send (Meta's 400 with code 130429)
 * waits for the queue's retry instead of failing.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { deliver, mobile, studentBody } from "./guardian-fixtures";
import { api, eventually, expectError, loginAdmin } from "./helpers";
import { clockYearStart } from "../support/clock-years";

/** A year far from the clock's (five on), whose days no other test's data falls on. */
const FAR = clockYearStart(5);

const e = env as unknown as Env & { MESSAGE_STANDIN_URL: string };
const db = () => getDb(e);
/** 12:00 Cairo: outside the quiet hours. */
const NOON = new Date(`${FAR}-01-15T10:00:00Z`);

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

async function paidStudent(phone = mobile()) {
  const created = await api("/api/students", {
    method: "POST",
    token,
    body: studentBody({
      guardians: [{ full_name: "Mother", relation: "mother", phone, language: "en", whatsapp_consent: true }],
    }),
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const s = created.json.student;
  const fee = await api("/api/fees", {
    method: "POST",
    token,
    body: { student_id: s.student_no, grade: "Prep-3", total_amount: 1000, paid_amount: 0 },
  });
  expect(fee.status, JSON.stringify(fee.json)).toBe(201);
  const paid = await api(`/api/fees/${s.student_no}/add-payment`, {
    method: "POST",
    token,
    body: { payment_amount: 250 },
    headers: { "Idempotency-Key": `standin-${s.id}` },
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(201);
  return { studentId: s.id as number, phone: `+2${phone}`, receipt: paid.json.payment.receipt_no as string };
}

async function rowOf(studentId: number) {
  return eventually("no message planned", async () => {
    const [row] = await db().select().from(messages).where(eq(messages.studentId, studentId));
    return row;
  });
}

type Recorded = { id: string; to: string; template: string; language: string; params: string[]; webhooks: any[] };

describe("the local message provider", () => {
  it("accepts the template message and its signed webhooks take the message to delivered, then read", async () => {
    const { studentId, phone, receipt } = await paidStudent();
    const planned = await rowOf(studentId);
    expect(planned).toMatchObject({ kind: "payment_received", channel: "whatsapp", toPhone: phone });
    await deliver(db(), e, planned.id, NOON);
    const [sent] = await db().select().from(messages).where(eq(messages.id, planned.id));
    expect(sent).toMatchObject({ status: "sent" });
    expect(sent!.providerId).toMatch(/^wamid\./);

    const list = (await (await fetch(`${e.MESSAGE_STANDIN_URL}/_standin/messages`)).json()) as Recorded[];
    const got = list.find((m) => m.id === sent!.providerId)!;
    expect(got).toMatchObject({ to: phone.slice(1), template: "school_payment_received", language: "en" });
    expect(got.params.join(" ")).toContain(receipt);
    expect(got.webhooks.map((w) => w.status)).toEqual(["sent", "delivered", "read"]);

    const post = (body: string, signature: string) =>
      api("/api/webhooks/whatsapp", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
      });
    const [, delivered, read] = got.webhooks;
    // A body changed after signing is refused and changes nothing.
    expectError(await post(delivered.body.replace('"delivered"', '"read"'), delivered.signature), 401, "UNAUTHORIZED");
    for (const hook of got.webhooks.slice(0, 2)) expect((await post(hook.body, hook.signature)).status).toBe(200);
    const status = async () => (await db().select().from(messages).where(eq(messages.id, planned.id)))[0]!.status;
    expect(await status()).toBe("delivered");
    expect((await post(read.body, read.signature)).status).toBe(200);
    expect(await status()).toBe("read");
  });

  it("reports a number ending in 0000 undeliverable: the message fails with the provider's reason", async () => {
    const { studentId } = await paidStudent(`0122${String(Math.floor(Math.random() * 1e3)).padStart(3, "0")}0000`);
    const planned = await rowOf(studentId);
    await deliver(db(), e, planned.id, NOON);
    const [sent] = await db().select().from(messages).where(eq(messages.id, planned.id));
    const list = (await (await fetch(`${e.MESSAGE_STANDIN_URL}/_standin/messages`)).json()) as Recorded[];
    const got = list.find((m) => m.id === sent!.providerId)!;
    expect(got.webhooks.map((w) => w.status)).toEqual(["sent", "failed"]);
    for (const hook of got.webhooks) {
      const res = await api("/api/webhooks/whatsapp", {
        method: "POST",
        body: hook.body,
        headers: { "Content-Type": "application/json", "X-Hub-Signature-256": hook.signature },
      });
      expect(res.status).toBe(200);
    }
    const [failed] = await db().select().from(messages).where(eq(messages.id, planned.id));
    expect(failed).toMatchObject({ status: "failed" });
    expect(failed!.error).toMatch(/^\(#131026\) Message undeliverable: /);
  });

  it("throttles a number ending in 0429 once (HTTP 400, code 130429): retried with backoff, then sent", async () => {
    const { studentId } = await paidStudent(`0122${String(Math.floor(Math.random() * 1e3)).padStart(3, "0")}0429`);
    const planned = await rowOf(studentId);
    expect(await deliver(db(), e, planned.id, NOON)).toEqual({ ack: false, delay: 30, result: "retry" });
    const [waiting] = await db().select().from(messages).where(eq(messages.id, planned.id));
    expect(waiting).toMatchObject({
      status: "queued",
      attempts: 1,
      error: expect.stringMatching(/^\(#130429\) Rate limit hit: /),
      deadAt: null,
    });
    expect(await deliver(db(), e, planned.id, NOON)).toEqual({ ack: true, result: "sent" });
    const [sent] = await db().select().from(messages).where(eq(messages.id, planned.id));
    expect(sent).toMatchObject({ status: "sent", attempts: 2, error: null });
  });

  it("lists what was sent on its page", async () => {
    const res = await fetch(`${e.MESSAGE_STANDIN_URL}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Local message provider");
    expect(html).toContain("school_payment_received");
  });
});
