/**
 * Sign-in codes asked for at once from 200 clients (docs/product.md#family-accounts, "Signing in"): distinct known
 * numbers, numbers asked for ten times over, and numbers the school does not know, each request from its own client
 * address. Every answer is the code's 200, the hourly cap's 429 or the database bound's 503 with Retry-After (never a
 * 500); a desk payment made meanwhile is recorded; no number gets more than 3 codes; each planned message reaches
 * the provider exactly once although the queue delivers every message several times; nothing goes to an unknown
 * number; and sign-in works right after.
 */
import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { familySignInCodes, messages, studentGuardians } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { deliverMany } from "../../worker/services/messages/deliver";
import { insertStudent } from "./fixtures";
import { mobile } from "./guardian-fixtures";
import { api, loginAdmin } from "./helpers";
import { askCode, codeSentTo, signIn } from "./family-fixtures";

const e = env as unknown as Env & { MESSAGE_STANDIN_URL: string };
const db = () => getDb(e);
let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

/** A fresh number the local provider takes at once (not one of its failure endings, 0000 and 0429). */
function plain(): string {
  for (;;) {
    const p = mobile();
    if (!/(0000|0429)$/.test(p)) return p;
  }
}

/** `n` students, each with one guardian of its own fresh number (straight into the tables); answers the numbers. */
async function guardians(n: number): Promise<string[]> {
  const phones = Array.from({ length: n }, plain);
  const kids = await Promise.all(phones.map(() => insertStudent()));
  await db()
    .insert(studentGuardians)
    .values(
      kids.map((s, i) => ({
        studentId: s.id,
        position: 0,
        fullName: "Flood guardian",
        relation: "mother" as const,
        phone: `+2${phones[i]}`,
        whatsappConsent: i % 2 === 0,
      })),
    );
  return phones;
}

/** A student with a fee account of 1,000 EGP, through the API; answers its national ID. */
async function deskAccount() {
  const studentNo = `3${Array.from(crypto.getRandomValues(new Uint8Array(13)), (b) => b % 10).join("")}`;
  const body = { student_no: studentNo, full_name: "Flood desk", nationality: "Egyptian", current_grade: "Prep-1" };
  expect((await api("/api/students", { method: "POST", token, body: { ...body, building_no: 1 } })).status).toBe(201);
  const fee = { student_id: studentNo, grade: "Prep-1", total_amount: 1000, paid_amount: 0 };
  expect((await api("/api/fees", { method: "POST", token, body: fee })).status).toBe(201);
  return studentNo;
}

/** A desk payment, asked again after Retry-After while the database bound answers 503 (as the console does). */
async function deskPayment(studentNo: string) {
  const key = crypto.randomUUID();
  for (;;) {
    const res = await api(`/api/fees/${studentNo}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 250 },
      headers: { "Idempotency-Key": key },
    });
    if (res.status !== 503) return res;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("Retry-After") ?? 1)));
  }
}

const digits = (s: string) => s.replace(/\D/g, "");

describe("codes asked for at once from 200 clients", () => {
  it("keeps the queue and the database working, caps each number, and sends nothing twice", async () => {
    const distinct = await guardians(80);
    const repeated = await guardians(8);
    const unknown = Array.from({ length: 40 }, plain);
    const asked = [...distinct, ...repeated.flatMap((p) => Array(10).fill(p) as string[]), ...unknown];
    expect(asked).toHaveLength(200);
    const desk = await deskAccount();
    // 200 client addresses of one test-only range, one per request.
    const [answers, paid] = await Promise.all([
      Promise.all(asked.map((p, i) => askCode(p, `203.0.${113 + Math.floor(i / 250)}.${1 + (i % 250)}`))),
      deskPayment(desk),
    ]);
    expect(paid.status, paid.text).toBe(201);
    for (const r of answers) {
      const why = JSON.stringify(r.json);
      expect([200, 429, 503], why).toContain(r.status);
      if (r.status === 429) expect(r.json.reason, why).toBe("FAMILY_CODES_LIMIT");
      if (r.status === 503) expect(r.headers.get("Retry-After"), why).toBeTruthy();
    }
    const all = [...distinct, ...repeated, ...unknown].map((p) => `+2${p}`);
    const codes = await db().select().from(familySignInCodes).where(inArray(familySignInCodes.phone, all));
    const perNumber = new Map<string, number>();
    for (const c of codes) perNumber.set(c.phone, (perNumber.get(c.phone) ?? 0) + 1);
    for (const [phone, n] of perNumber) expect(n, phone).toBeLessThanOrEqual(3);
    for (const p of repeated) {
      const ok = answers.filter((r, i) => asked[i] === p && r.status === 200).length;
      expect(ok, p).toBe(perNumber.get(`+2${p}`) ?? 0);
    }
    // A code row per 200 answer, and a message per known number's row; none to an unknown number.
    expect(codes).toHaveLength(answers.filter((r) => r.status === 200).length);
    const rows = await db().select().from(messages).where(inArray(messages.toPhone, all));
    expect(rows).toHaveLength(codes.filter((c) => c.known).length);
    expect(rows.filter((m) => unknown.includes(m.toPhone.slice(2)))).toHaveLength(0);

    // The queue delivers at least once: every message three times over, side by side, beside the consumer's own.
    const ids = rows.map((m) => m.id);
    await Promise.all([1, 2, 3].map(() => deliverMany(db(), e, ids, new Date())));
    for (let i = 0; i < 100; i++) {
      const sent = await db()
        .select({ providerId: messages.providerId })
        .from(messages)
        .where(inArray(messages.id, ids));
      if (sent.every((m) => m.providerId)) break;
      await Promise.all([deliverMany(db(), e, ids, new Date()), new Promise((r) => setTimeout(r, 200))]);
    }
    const settled = await db().select().from(messages).where(inArray(messages.id, ids));
    for (const m of settled) expect(m.providerId, `message ${m.id}`).toBeTruthy();
    const list = (await (await fetch(`${e.MESSAGE_STANDIN_URL}/_standin/messages`)).json()) as { to: string }[];
    const wanted = new Set(all.map(digits));
    const received = new Map<string, number>();
    for (const m of list)
      if (wanted.has(digits(m.to))) received.set(digits(m.to), (received.get(digits(m.to)) ?? 0) + 1);
    for (const phone of all) {
      const planned = rows.filter((m) => m.toPhone === phone).length;
      expect(received.get(digits(phone)) ?? 0, `sends to ${phone}`).toBe(planned);
    }

    // Right after, a family signs in as usual.
    const [fresh] = await guardians(1);
    expect((await askCode(fresh!)).status).toBe(200);
    expect((await signIn(fresh!, await codeSentTo(`+2${fresh}`))).status).toBe(200);
  }, 120_000);
});
