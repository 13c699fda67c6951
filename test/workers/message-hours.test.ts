/**
 * Quiet hours hold back reminders and announcements only (docs/product.md#guardians-and-messages, "When"): a family
 * that pays at 23:00 Cairo gets its receipt message at once, in its language's digits, while a reminder planned the
 * same minute waits until 09:00. Messages are planned here with a recording enqueue and delivered with a counting
 * provider at a fixed "now", so the Worker's own queue consumer never races the test.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { feeInstalments, feeRecords, messages } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { paymentMessages } from "../../worker/services/messages/events";
import { addDays, instalmentMessages, writeAndEnqueue } from "../../worker/services/messages/plan";
import type { Provider } from "../../worker/services/messages/provider";
import { deliver, mobile, studentBody } from "./guardian-fixtures";
import { api, loginAdmin } from "./helpers";
import { clockYearStart } from "../support/clock-years";

/** A year far from the clock's (five on), whose days no other test's data falls on. */
const FAR = clockYearStart(5);

const e = env as unknown as Env;
const db = () => getDb(e);
let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

/** A far-future winter school day (Cairo UTC+2) no other test plans on. */
const DAY = `${FAR + 1}-01-${String(10 + Math.floor(Math.random() * 15))}`;
/** 23:00 Cairo on `day`. */
const lateEvening = (day: string) => new Date(`${day}T21:00:00Z`);

function countingProvider() {
  const sent: { to: string; params: string[]; body: string }[] = [];
  const provider: Provider = {
    async send(m) {
      sent.push({ to: m.to, params: m.params, body: m.body });
      return { ok: true, providerId: `wamid.${crypto.randomUUID()}` };
    },
  };
  return { sent, provider };
}
const recorder = () => ({ enqueue: async (_ids: number[]) => {} });

/** An Arabic-speaking family with WhatsApp consent, 2,000 EGP of fees and an unpaid instalment of all of it due in 7 days. */
async function family() {
  const res = await api("/api/students", {
    method: "POST",
    token,
    body: studentBody({
      guardians: [{ full_name: "الأب", relation: "father", phone: mobile(), language: "ar", whatsapp_consent: true }],
    }),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const student = res.json.student;
  const fee = await api("/api/fees", {
    method: "POST",
    token,
    body: { student_id: student.student_no, grade: "Prep-3", total_amount: 2000, paid_amount: 0 },
  });
  expect(fee.status, JSON.stringify(fee.json)).toBe(201);
  const [record] = await db().select().from(feeRecords).where(eq(feeRecords.studentId, student.id));
  await db()
    .insert(feeInstalments)
    .values({
      feeRecordId: record!.id,
      seq: 1,
      line: "Tuition",
      no: 1,
      dueDate: addDays(DAY, 7),
      amountPiastres: 200_000,
    });
  return student as { id: number; student_no: string };
}

describe("quiet hours (21:00-09:00 Cairo)", () => {
  it("a payment at 23:00 sends its receipt message at once; a reminder planned then waits until 09:00", async () => {
    const student = await family();
    const paid = await api(`/api/fees/${student.student_no}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 1250 },
      headers: { "X-Test-Now": lateEvening(addDays(DAY, -1)).toISOString() },
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    // The same payment's message planned for the next evening (its own key): enqueued only to this test.
    const now = lateEvening(DAY);
    const [receiptId] = await paymentMessages(
      db(),
      paid.json.payment.receipt_no,
      "https://school.test",
      now,
      recorder().enqueue,
    );
    const planned = (await instalmentMessages(db(), DAY)).filter((p) => p.studentId === student.id);
    const [reminderId] = await writeAndEnqueue(db(), DAY, planned, recorder().enqueue);

    const { sent, provider } = countingProvider();
    expect(await deliver(db(), e, receiptId!, now, provider)).toMatchObject({ ack: true, result: "sent" });
    expect(await deliver(db(), e, reminderId!, now, provider)).toMatchObject({ ack: false, delay: 10 * 3600 });
    expect(sent).toHaveLength(1);
    const [receipt] = await db().select().from(messages).where(eq(messages.id, receiptId!));
    expect(receipt).toMatchObject({ kind: "payment_received", status: "sent" });

    // In the family's language: Arabic-Indic digits in the text and in the template's parameters.
    expect(sent[0]!.params[1]).toBe("١٬٢٥٠");
    expect(sent[0]!.body).toContain("استلمنا ١٬٢٥٠ ج.م");
    const [reminder] = await db().select().from(messages).where(eq(messages.id, reminderId!));
    expect(JSON.parse(reminder!.params)[1]).toBe("٧٥٠");
    expect(reminder!.body).toMatch(/٧٥٠ ج\.م مستحق في \S+ يناير ٢٠٣٢/);
  });

  it("MESSAGES_ANY_HOUR=1 lifts the quiet hours for every kind", async () => {
    const student = await family();
    const planned = (await instalmentMessages(db(), DAY)).filter((p) => p.studentId === student.id);
    const [id] = await writeAndEnqueue(db(), DAY, planned, recorder().enqueue);
    const { sent, provider } = countingProvider();
    const anyHour = { ...e, MESSAGES_ANY_HOUR: "1" } as Env;
    expect(await deliver(db(), anyHour, id!, lateEvening(DAY), provider)).toMatchObject({ ack: true, result: "sent" });
    expect(sent).toHaveLength(1);
  });
});
