/**
 * Retry of a message (docs/product.md#guardians-and-messages, "API"): it goes to the student's guardian as they are
 * now, not as they were when it was planned: a corrected number, WhatsApp consent withdrawn (SMS), no guardian left
 * or opted out (409 MESSAGE_NO_RECIPIENT). A message stuck `queued` 15 minutes past its send time can be retried too;
 * one waiting for its time (the morning, its backoff) or being sent cannot. The log says which rows may be retried
 * and why a failed one failed, as a stable reason and the provider's code.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, messages, studentGuardians } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { instalmentMessages, writeAndEnqueue } from "../../worker/services/messages/plan";
import type { Provider } from "../../worker/services/messages/provider";
import { deliver, mobile, studentBody } from "./guardian-fixtures";
import { api, expectError, loginAdmin } from "./helpers";
import { clockYearStart } from "../support/clock-years";

/** A year far from the clock's (five on), whose days no other test's data falls on. */
const FAR = clockYearStart(5);

const e = env as unknown as Env;
const db = () => getDb(e);
let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

/** A far-future winter school day (Cairo UTC+2) no other file plans on; 12:00 Cairo. */
const DAY = `${FAR + 2}-02-${String(10 + Math.floor(Math.random() * 15))}`;
const NOON = new Date(`${DAY}T10:00:00Z`);
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

type Guardian = { full_name: string; relation: string; phone: string; language?: string; whatsapp_consent?: boolean };
const father = (phone: string, consent = true): Guardian => ({
  full_name: "Father",
  relation: "father",
  phone,
  whatsapp_consent: consent,
});

/** A student with `guardians` and a reminder planned for DAY (not enqueued anywhere): answers the student and id. */
async function planned(guardians: Guardian[]) {
  const res = await api("/api/students", { method: "POST", token, body: studentBody({ guardians }) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const student = res.json.student;
  const due = new Date(NOON.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  const fee = await api("/api/fees", {
    method: "POST",
    token,
    body: { student_id: student.student_no, grade: "Prep-3", total_amount: 1000, paid_amount: 0 },
  });
  expect(fee.status, JSON.stringify(fee.json)).toBe(201);
  await db().run(
    `INSERT INTO fee_instalments (fee_record_id, seq, line, no, due_date, amount_piastres)
     SELECT id, 1, 'Tuition', 1, '${due}', 100000 FROM fee_records WHERE student_id = ${student.id}`,
  );
  const plans = (await instalmentMessages(db(), DAY)).filter((p) => p.studentId === student.id);
  const [id] = await writeAndEnqueue(db(), DAY, plans, async () => {});
  return { student, id: id! };
}

function provider(answer: "ok" | "undeliverable") {
  const to: string[] = [];
  const p: Provider = {
    async send(m) {
      to.push(m.to);
      return answer === "ok"
        ? { ok: true, providerId: `wamid.${crypto.randomUUID()}` }
        : { ok: false, retry: false, error: "(#131026) Message undeliverable" };
    },
  };
  return { to, p };
}

/** The student's guardians replaced, as the registrar's edit does. */
async function editGuardians(student: Record<string, unknown>, guardians: Guardian[]) {
  const { id, guardians: _g, created_at: _c, updated_at: _u, ...rest } = student;
  const res = await api(`/api/students/${id}`, { method: "PUT", token, body: { ...rest, guardians } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

const retry = (id: number, now = NOON) =>
  api(`/api/admin/messages/${id}/retry`, { method: "POST", token, headers: { "X-Test-Now": now.toISOString() } });
const row = async (id: number) => (await db().select().from(messages).where(eq(messages.id, id)))[0]!;
const listed = async (studentNo: string, now = NOON) =>
  (
    await api(`/api/admin/messages?student_no=${studentNo}`, {
      token,
      headers: { "X-Test-Now": now.toISOString() },
    })
  ).json.messages[0];

describe("retry goes to the guardian as they are now", () => {
  it("a corrected number: the failed receipt goes to the new number, and the audit row says so", async () => {
    const old = mobile();
    const { student, id } = await planned([father(old)]);
    await deliver(db(), e, id, NOON, provider("undeliverable").p);
    expect(await row(id)).toMatchObject({ status: "failed", toPhone: `+2${old}` });

    const fixed = mobile();
    await editGuardians(student, [father(fixed)]);
    const res = await retry(id);
    expect(res.status, res.text).toBe(200);
    expect(await row(id)).toMatchObject({ status: "queued", toPhone: `+2${fixed}`, channel: "whatsapp", attempts: 0 });
    const sent = provider("ok");
    expect(await deliver(db(), e, id, NOON, sent.p)).toMatchObject({ result: "sent" });
    expect(sent.to).toEqual([`+2${fixed}`]);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "message"), eq(auditLog.entityId, String(id))));
    expect(JSON.parse(audit!.before!)).toMatchObject({ to: `+2${old}` });
    expect(JSON.parse(audit!.after!)).toMatchObject({ to: `+2${fixed}`, channel: "whatsapp" });
  });

  it("consent withdrawn: the retry goes by SMS", async () => {
    const phone = mobile();
    const { student, id } = await planned([father(phone)]);
    await deliver(db(), e, id, NOON, provider("undeliverable").p);
    await editGuardians(student, [father(phone, false)]);
    expect((await retry(id)).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: "queued", channel: "sms", toPhone: `+2${phone}` });
  });

  it("the first guardian removed: the next one gets it; none left or all opted out: 409 MESSAGE_NO_RECIPIENT", async () => {
    const mother = { full_name: "Mother", relation: "mother", phone: mobile(), whatsapp_consent: false };
    const { student, id } = await planned([father(mobile()), mother]);
    await deliver(db(), e, id, NOON, provider("undeliverable").p);
    await editGuardians(student, [mother]);
    expect((await retry(id)).status).toBe(200);
    expect(await row(id)).toMatchObject({ channel: "sms", toPhone: `+2${mother.phone}` });
    await deliver(db(), e, id, NOON, provider("undeliverable").p);

    await editGuardians(student, []);
    expect(expectError(await retry(id), 409, "CONFLICT").reason).toBe("MESSAGE_NO_RECIPIENT");
    expect(await row(id)).toMatchObject({ status: "failed", toPhone: `+2${mother.phone}` });
    expect(await listed(student.student_no)).toMatchObject({ retryable: true });

    // Guardians again, but the one left has opted out (STOP): still no one to send it to.
    await editGuardians(student, [mother]);
    await db()
      .update(studentGuardians)
      .set({ optedOutAt: NOON.toISOString() })
      .where(eq(studentGuardians.studentId, student.id));
    expect(expectError(await retry(id), 409, "CONFLICT").reason).toBe("MESSAGE_NO_RECIPIENT");
  });
});

describe("a message stuck in the queue", () => {
  it("can be retried 15 minutes past its send time, not before", async () => {
    const { student, id } = await planned([father(mobile())]);
    await db()
      .update(messages)
      .set({ createdAt: NOON.toISOString(), updatedAt: NOON.toISOString() })
      .where(eq(messages.id, id));
    expect(await listed(student.student_no, minutes(NOON, 10))).toMatchObject({ status: "queued", retryable: false });
    const early = await retry(id, minutes(NOON, 10));
    expect(expectError(early, 409, "CONFLICT").reason).toBe("MESSAGE_NOT_RETRYABLE");

    expect(await listed(student.student_no, minutes(NOON, 16))).toMatchObject({ retryable: true });
    expect((await retry(id, minutes(NOON, 16))).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("a reminder planned at 22:00 waits for 09:00: not late at midnight, late at 09:20; a live claim never", async () => {
    const { student, id } = await planned([father(mobile())]);
    const evening = new Date(`${DAY}T20:00:00Z`); // 22:00 Cairo
    const at = evening.toISOString();
    await db().update(messages).set({ createdAt: at, updatedAt: at }).where(eq(messages.id, id));
    expect(await listed(student.student_no, minutes(evening, 120))).toMatchObject({ retryable: false });
    const morning = minutes(evening, 11 * 60 + 20); // 09:20 Cairo
    expect(await listed(student.student_no, morning)).toMatchObject({ retryable: true });

    await db()
      .update(messages)
      .set({ attempts: 1, claimedAt: minutes(morning, -0.5).toISOString(), updatedAt: at })
      .where(eq(messages.id, id));
    expect(await listed(student.student_no, morning)).toMatchObject({ retryable: false });
    expect((await retry(id, morning)).status).toBe(409);
  });
});

describe("the log explains a failure", () => {
  it("answers the provider's code and a stable reason; an unknown code is 'unknown' with its code", async () => {
    const { student, id } = await planned([father(mobile())]);
    await deliver(db(), e, id, NOON, provider("undeliverable").p);
    expect(await listed(student.student_no)).toMatchObject({
      status: "failed",
      retryable: true,
      failure: { reason: "whatsapp_undeliverable", code: "131026" },
    });
    await db().update(messages).set({ error: "(#139999) Something new" }).where(eq(messages.id, id));
    expect((await listed(student.student_no)).failure).toEqual({ reason: "unknown", code: "139999" });
  });
});
