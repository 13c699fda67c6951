/**
 * Guardians' messages (docs/product.md#guardians-and-messages, docs/decisions/0037-guardian-messages.md): planning
 * (due, overdue cadence, switched-off kinds, no consent → SMS), the unique key under a planner run twice and in
 * parallel, delivery once under queue redelivery, retries and dead letter, quiet hours, webhook signatures, opt-out.
 */
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { feeInstalments, feeRecords, messages, studentGuardians } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { handleMessageBatch } from "../../worker/messages-runtime";
import { CLAIM_LEASE_MS, deliverMany, MAX_ATTEMPTS } from "../../worker/services/messages/deliver";
import { addDays, instalmentMessages, writeAndEnqueue } from "../../worker/services/messages/plan";
import type { Provider } from "../../worker/services/messages/provider";
import { hubSignature } from "../../worker/services/messages/webhook";
import { deliver, mobile, studentBody } from "./guardian-fixtures";
import { api, eventually, expectError, loginAdmin } from "./helpers";
import { currentYearSql } from "../../worker/services/fee-year";
import { clockYearStart } from "../support/clock-years";

/** A year far from the clock's (five on), whose days no other test's data falls on. */
const FAR = clockYearStart(5);

const e = env as unknown as Env;
const db = () => getDb(e);
let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

/** A far-future school day (no other test's instalments fall on it), 10:00 Cairo (UTC+2 in winter). */
const DAY = `${FAR}-0${1 + Math.floor(Math.random() * 2)}-${String(10 + Math.floor(Math.random() * 15))}`;
const at = (day: string, hourUtc: number) => new Date(`${day}T${String(hourUtc).padStart(2, "0")}:00:00Z`);
const NOON = at(DAY, 10);

/** A student with one guardian and instalments due on `dues` (unpaid). */
async function family(dues: string[], guardian: Record<string, unknown> = {}) {
  const phone = mobile();
  const res = await api("/api/students", {
    method: "POST",
    token,
    body: studentBody({
      guardians: [{ full_name: "Father", relation: "father", phone, whatsapp_consent: true, ...guardian }],
    }),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const s = res.json.student;
  const [fee] = await db()
    .insert(feeRecords)
    .values({
      studentId: s.id,
      academicYearName: currentYearSql,
      grade: "Prep-3",
      totalPiastres: 100_000 * dues.length,
    })
    .returning();
  if (dues.length) {
    await db()
      .insert(feeInstalments)
      .values(
        dues.map((d, i) => ({
          feeRecordId: fee!.id,
          seq: i + 1,
          line: "Tuition",
          no: i + 1,
          dueDate: d,
          amountPiastres: 100_000,
        })),
      );
  }
  return { student: s, phone: `+2${phone}` };
}

const recorder = () => {
  const sent: number[] = [];
  return { sent, enqueue: async (ids: number[]) => void sent.push(...ids) };
};
const mine = async (studentId: number) => db().select().from(messages).where(eq(messages.studentId, studentId));

describe("planning", () => {
  it("plans 7 and 1 days before and 1, 8, 15, 22 days after the due date (4 overdue at most), no more", async () => {
    const due = addDays(DAY, 7);
    const { student } = await family([due]);
    const days = [-1, 0, 6, 8, 15, 22, 29, 30].map((n) => addDays(DAY, n));
    const kinds: string[] = [];
    for (const day of days) {
      const planned = (await instalmentMessages(db(), day)).filter((p) => p.studentId === student.id);
      kinds.push(...planned.map((p) => `${day}:${p.kind}`));
    }
    expect(kinds).toEqual([
      `${DAY}:instalment_due`,
      `${addDays(DAY, 6)}:instalment_due`,
      `${addDays(DAY, 8)}:instalment_overdue`,
      `${addDays(DAY, 15)}:instalment_overdue`,
      `${addDays(DAY, 22)}:instalment_overdue`,
      `${addDays(DAY, 29)}:instalment_overdue`,
    ]);
  });

  it("writes each message once: the planner run twice, and two runs in parallel", async () => {
    const { student } = await family([addDays(DAY, 7), addDays(DAY, 1)]);
    const planned = (await instalmentMessages(db(), DAY)).filter((p) => p.studentId === student.id);
    expect(planned).toHaveLength(2);
    const a = recorder();
    expect(await writeAndEnqueue(db(), DAY, planned, a.enqueue)).toHaveLength(2);
    expect(await writeAndEnqueue(db(), DAY, planned, a.enqueue)).toEqual([]);
    const { student: other } = await family([addDays(DAY, 7)]);
    const p2 = (await instalmentMessages(db(), DAY)).filter((p) => p.studentId === other.id);
    const b = recorder();
    const runs = await Promise.all([1, 2, 3].map(() => writeAndEnqueue(db(), DAY, p2, b.enqueue)));
    expect(runs.flat()).toHaveLength(1);
    expect(b.sent).toHaveLength(1);
    expect(await mine(student.id)).toHaveLength(2);
    expect(await mine(other.id)).toHaveLength(1);
    expect(a.sent).toHaveLength(2);
  });

  it("goes by SMS without WhatsApp consent, in the guardian's language; a kind switched off plans none", async () => {
    const { student, phone } = await family([addDays(DAY, 7)], { whatsapp_consent: false, language: "en" });
    const planned = (await instalmentMessages(db(), DAY)).filter((p) => p.studentId === student.id);
    await writeAndEnqueue(db(), DAY, planned, recorder().enqueue);
    const [m] = await mine(student.id);
    expect(m).toMatchObject({ channel: "sms", toPhone: phone, language: "en", template: "school_instalment_due" });
    expect(m!.body).toMatch(/^Reminder: .* is due on /);

    const off = await api("/api/admin/messages/settings", {
      method: "PUT",
      token,
      body: { kinds: { instalment_overdue: false } },
    });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    try {
      const { student: late } = await family([addDays(DAY, -1)]);
      const p = (await instalmentMessages(db(), DAY)).filter((x) => x.studentId === late.id);
      expect(p).toHaveLength(1);
      expect(await writeAndEnqueue(db(), DAY, p, recorder().enqueue)).toEqual([]);
    } finally {
      await api("/api/admin/messages/settings", {
        method: "PUT",
        token,
        body: { kinds: { instalment_overdue: true } },
      });
    }
  });
});

/** A provider that counts its sends and answers `answers` in turn (then success). */
function fakeProvider(answers: Array<"ok" | "retry" | "final"> = []) {
  let n = 0;
  const provider: Provider & { calls: () => number } = {
    calls: () => n,
    async send() {
      const a = answers[n++] ?? "ok";
      await new Promise((r) => setTimeout(r, 20));
      if (a === "ok") return { ok: true, providerId: `wamid.${crypto.randomUUID()}` };
      return { ok: false, retry: a === "retry", error: a === "retry" ? "HTTP 503" : "(#131026) Message undeliverable" };
    },
  };
  return provider;
}

async function oneQueued() {
  const { student, phone } = await family([addDays(DAY, 7)]);
  const planned = (await instalmentMessages(db(), DAY)).filter((p) => p.studentId === student.id);
  const [id] = await writeAndEnqueue(db(), DAY, planned, recorder().enqueue);
  return { id: id!, student, phone };
}

/** A queue batch of one message that records what the consumer did with it. */
function fakeBatch(queue: string, id: number) {
  const log: string[] = [];
  const message = {
    id: "m1",
    timestamp: new Date(),
    attempts: 1,
    body: { id },
    ack: () => void log.push("ack"),
    retry: (o?: { delaySeconds?: number }) => void log.push(`retry ${o?.delaySeconds}`),
  };
  return { queue, messages: [message], log, ackAll() {}, retryAll() {} } as unknown as MessageBatch<{ id: number }> & {
    log: string[];
  };
}

describe("delivery", () => {
  it("sends a message once when the queue delivers it twice at the same time and again later", async () => {
    const { id } = await oneQueued();
    const p = fakeProvider();
    const outs = await Promise.all([deliver(db(), e, id, NOON, p), deliver(db(), e, id, NOON, p)]);
    // One sends; the other comes back after the claim's lease, by when the first has settled.
    expect(outs.map((o) => o.result).sort()).toEqual(["claimed elsewhere", "sent"]);
    expect(outs.find((o) => !o.ack)).toMatchObject({ delay: CLAIM_LEASE_MS / 1000 });
    expect((await deliver(db(), e, id, NOON, p)).ack).toBe(true);
    expect(p.calls()).toBe(1);
    const [m] = await db().select().from(messages).where(eq(messages.id, id));
    expect(m).toMatchObject({ status: "sent", attempts: 1 });
    expect(m!.providerId).toMatch(/^wamid\./);
  });

  it("a delivery that reads the row after another claimed it, while that one sends, sends nothing", async () => {
    const { id } = await oneQueued();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let calls = 0;
    const slow: Provider = {
      async send() {
        if (++calls === 1) await held; // the first consumer is mid-send
        return { ok: true, providerId: `wamid.${crypto.randomUUID()}` };
      },
    };
    const first = deliver(db(), e, id, NOON, slow);
    const attempts = async () => (await db().select().from(messages).where(eq(messages.id, id)))[0]!.attempts;
    await expect.poll(attempts).toBe(1); // claimed
    // The row reads `queued` with attempts 1, as a message waiting for its retry would: the claim keeps it.
    expect(await deliver(db(), e, id, NOON, slow)).toMatchObject({ ack: false, result: "claimed elsewhere" });
    release();
    expect(await first).toMatchObject({ ack: true, result: "sent" });
    expect(calls).toBe(1);
  });

  it("a claim older than its lease (the consumer died mid-send) lets the next delivery send", async () => {
    const { id } = await oneQueued();
    const claim = (ms: number) => new Date(NOON.getTime() - ms).toISOString();
    await db()
      .update(messages)
      .set({ attempts: 1, claimedAt: claim(CLAIM_LEASE_MS - 5_000) })
      .where(eq(messages.id, id));
    const p = fakeProvider();
    expect(await deliver(db(), e, id, NOON, p)).toMatchObject({ ack: false, result: "claimed elsewhere" });
    await db()
      .update(messages)
      .set({ claimedAt: claim(CLAIM_LEASE_MS + 1_000) })
      .where(eq(messages.id, id));
    expect(await deliver(db(), e, id, NOON, p)).toMatchObject({ ack: true, result: "sent" });
    expect(p.calls()).toBe(1);
    const [m] = await db().select().from(messages).where(eq(messages.id, id));
    expect(m).toMatchObject({ status: "sent", attempts: 2, claimedAt: null });
  });

  it("delivers a queue batch together: each message once, also when two consumers' batches overlap", async () => {
    const ids = [(await oneQueued()).id, (await oneQueued()).id, (await oneQueued()).id];
    const p = fakeProvider(["ok", "final"]);
    const [a, b] = await Promise.all([
      deliverMany(db(), e, [ids[0]!, ids[1]!, ids[0]!], NOON, p),
      deliverMany(db(), e, [ids[1]!, ids[2]!], NOON, p),
    ]);
    expect(p.calls()).toBe(3);
    // The id both batches hold is sent by one; the other's copy comes back after the claim (or finds it done).
    const waiting = [...a.values(), ...b.values()].filter((o) => !o.ack);
    expect(waiting.length).toBeLessThanOrEqual(1);
    expect(waiting.every((o) => o.result === "claimed elsewhere")).toBe(true);
    expect(a.size + b.size).toBe(4); // a duplicate id in a batch has one outcome
    const rows = await db().select().from(messages).where(inArray(messages.id, ids));
    expect(rows.map((m) => m.status).sort()).toEqual(["failed", "sent", "sent"]);
    expect(rows.every((m) => m.attempts === 1)).toBe(true);
  });

  it("retries with growing backoff, then dead-letters; a final refusal fails at once with the reason", async () => {
    const { id } = await oneQueued();
    const p = fakeProvider(Array(MAX_ATTEMPTS).fill("retry"));
    const delays: number[] = [];
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      const out = await deliver(db(), e, id, NOON, p);
      if (!out.ack) delays.push(out.delay);
    }
    expect(delays).toEqual([30, 120, 480, 1920]);
    const [dead] = await db().select().from(messages).where(eq(messages.id, id));
    expect(dead).toMatchObject({ status: "failed", error: "HTTP 503", attempts: MAX_ATTEMPTS });
    expect(dead!.deadAt).not.toBeNull();

    const { id: id2 } = await oneQueued();
    const out = await deliver(db(), e, id2, NOON, fakeProvider(["final"]));
    expect(out).toMatchObject({ ack: true, result: "failed" });
    const [failed] = await db().select().from(messages).where(eq(messages.id, id2));
    expect(failed).toMatchObject({ status: "failed", error: "(#131026) Message undeliverable", deadAt: null });
  });

  it("sends nothing between 21:00 and 09:00 Cairo: the queue message waits until 09:00", async () => {
    const { id } = await oneQueued();
    const p = fakeProvider();
    const out = await deliver(db(), e, id, at(DAY, 20), p); // 22:00 Cairo
    expect(out).toMatchObject({ ack: false, delay: 11 * 3600 });
    expect(p.calls()).toBe(0);
  });

  it("the queue consumer retries a message it cannot send and the dead-letter queue marks it failed", async () => {
    const { id } = await oneQueued();
    // No provider is configured in the tests' bindings: the consumer retries with backoff.
    const batch = fakeBatch("guardian-messages", id);
    await handleMessageBatch(batch, { ...e, WHATSAPP_TOKEN: undefined } as Env, NOON);
    expect(batch.log).toEqual(["retry 30"]);
    const dlq = fakeBatch("guardian-messages-dead", id);
    await handleMessageBatch(dlq, e, NOON);
    expect(dlq.log).toEqual(["ack"]);
    const [m] = await db().select().from(messages).where(eq(messages.id, id));
    expect(m).toMatchObject({ status: "failed" });
    expect(m!.deadAt).not.toBeNull();
  });
});

/** A signed webhook POST. */
async function webhook(payload: unknown, secret = "test-app-secret") {
  const raw = JSON.stringify(payload);
  return api("/api/webhooks/whatsapp", {
    method: "POST",
    body: raw,
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": `sha256=${await hubSignature(secret, raw)}` },
  });
}
const statusPayload = (wamid: string, status: string, errors?: unknown) => ({
  object: "whatsapp_business_account",
  entry: [{ id: "1", changes: [{ field: "messages", value: { statuses: [{ id: wamid, status, errors }] } }] }],
});

describe("status webhooks", () => {
  it("moves a message forward on a signed status, refuses a bad signature (401) and changes nothing", async () => {
    const { id } = await oneQueued();
    await deliver(db(), e, id, NOON, fakeProvider());
    const [m] = await db().select().from(messages).where(eq(messages.id, id));
    const wamid = m!.providerId!;
    expectError(await webhook(statusPayload(wamid, "read"), "wrong-secret"), 401, "UNAUTHORIZED");
    const unsigned = await api("/api/webhooks/whatsapp", { method: "POST", body: statusPayload(wamid, "read") });
    expect(unsigned.status).toBe(401);
    expect((await db().select().from(messages).where(eq(messages.id, id)))[0]!.status).toBe("sent");

    expect((await webhook(statusPayload(wamid, "delivered"))).json).toEqual({ statuses: 1, opt_outs: 0 });
    expect((await webhook(statusPayload(wamid, "read"))).status).toBe(200);
    // A late "delivered" never moves it back.
    expect((await webhook(statusPayload(wamid, "delivered"))).json.statuses).toBe(0);
    expect((await db().select().from(messages).where(eq(messages.id, id)))[0]!.status).toBe("read");
  });

  it("records a failure with the provider's reason", async () => {
    const { id } = await oneQueued();
    await deliver(db(), e, id, NOON, fakeProvider());
    const wamid = (await db().select().from(messages).where(eq(messages.id, id)))[0]!.providerId!;
    await webhook(statusPayload(wamid, "failed", [{ code: 131026, title: "Message undeliverable" }]));
    expect((await db().select().from(messages).where(eq(messages.id, id)))[0]).toMatchObject({
      status: "failed",
      error: "(#131026) Message undeliverable",
    });
  });

  it("opts a guardian out on STOP / إلغاء: no message is planned for them after", async () => {
    const { student, phone } = await family([addDays(DAY, 1)]);
    const inbound = (text: string) => ({
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            { field: "messages", value: { messages: [{ from: phone.slice(1), type: "text", text: { body: text } }] } },
          ],
        },
      ],
    });
    expect((await webhook(inbound("hello"))).json.opt_outs).toBe(0);
    expect((await webhook(inbound(" إلغاء "))).json.opt_outs).toBe(1);
    const [g] = await db().select().from(studentGuardians).where(eq(studentGuardians.studentId, student.id));
    expect(g).toMatchObject({ whatsappConsent: false });
    expect(g!.optedOutAt).not.toBeNull();
    const planned = (await instalmentMessages(db(), DAY)).filter((p) => p.studentId === student.id);
    expect(await writeAndEnqueue(db(), DAY, planned, recorder().enqueue)).toEqual([]);
  });
});

describe("events", () => {
  it("a recorded payment plans its payment_received message once, with the receipt link", async () => {
    const { student } = await family([]);
    await db().delete(feeRecords).where(eq(feeRecords.studentId, student.id));
    const fee = await api("/api/fees", {
      method: "POST",
      token,
      body: { student_id: student.student_no, grade: "Prep-3", total_amount: 1000, paid_amount: 0 },
    });
    expect(fee.status, JSON.stringify(fee.json)).toBe(201);
    const pay = () =>
      api(`/api/fees/${student.student_no}/add-payment`, {
        method: "POST",
        token,
        body: { payment_amount: 100 },
        headers: { "Idempotency-Key": `msg-${student.id}` },
      });
    const paid = await pay();
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    expect((await pay()).status).toBe(200); // replayed: no second message
    const rows = await eventually("no message planned", async () => {
      const found = await mine(student.id);
      return found.length > 0 ? found : undefined;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "payment_received", channel: "whatsapp" });
    expect(rows[0]!.body).toContain(paid.json.payment.receipt_no);
  });
});

describe("console API", () => {
  it("lists a student's messages, counts them, retries a failed one (409 for any other)", async () => {
    const { id, student } = await oneQueued();
    await deliver(db(), e, id, NOON, fakeProvider(["final"]));
    const list = await api(`/api/admin/messages?student_no=${student.student_no}`, { token });
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    expect(list.headers.get("Cache-Control")).toBe("no-store");
    expect(list.json.messages).toEqual([
      expect.objectContaining({
        id,
        kind: "instalment_due",
        channel: "whatsapp",
        status: "failed",
        student_no: student.student_no,
      }),
    ]);
    const counts = await api("/api/admin/messages/counts", { token });
    expect(counts.status).toBe(200);
    const retried = await api(`/api/admin/messages/${id}/retry`, { method: "POST", token });
    expect(retried.status, JSON.stringify(retried.json)).toBe(200);
    const [m] = await db()
      .select()
      .from(messages)
      .where(inArray(messages.id, [id]));
    expect(m).toMatchObject({ status: "queued", attempts: 0, error: null });
    expectError(await api(`/api/admin/messages/${id}/retry`, { method: "POST", token }), 409, "CONFLICT");
    expectError(await api("/api/admin/messages/999999999/retry", { method: "POST", token }), 404, "NOT_FOUND");
  });
});
