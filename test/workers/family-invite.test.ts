/**
 * The office's side of family accounts (docs/product.md#family-accounts, "The office"): a number's children,
 * sign-ins and open sessions; the invitation to `/family` through the message queue (WhatsApp with consent, else
 * SMS, in the guardian's language), once per number per Cairo day also when two clicks race, audited, and a clear
 * refusal for a number no guardian has or one that replied STOP.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, messages, studentGuardians } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { mobile } from "./guardian-fixtures";
import { api, expectError, loginAdmin } from "./helpers";
import { signedIn, student } from "./family-fixtures";

const db = () => getDb(env as unknown as Env);
let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const invite = (phone: string, now?: Date) =>
  api("/api/admin/family/invite", {
    method: "POST",
    token,
    body: { phone },
    headers: now ? { "X-Test-Now": now.toISOString() } : {},
  });

describe("the office's view of a number", () => {
  it("lists the number's children, its sign-ins and open sessions, and its last invitation", async () => {
    const phone = mobile();
    const [a, b] = [await student([phone]), await student([mobile(), phone])];
    await signedIn(phone);
    expect((await invite(phone)).status).toBe(200);
    const res = await api(`/api/admin/family?phone=${phone}`, { token });
    expect(res.status, res.text).toBe(200);
    expect(res.json.children.map((c: { id: number }) => c.id)).toEqual([a.id, b.id]);
    expect(res.json.children[0]).toMatchObject({ student_no: a.student_no, full_name: a.full_name });
    expect(res.json.sessions).toHaveLength(1);
    expect(res.json.sign_ins[0]).toMatchObject({ used: true });
    expect(res.json.last_invite).toMatchObject({ channel: "whatsapp" });
    const ended = await api("/api/admin/family/sessions/end", { method: "POST", token, body: { phone } });
    expect(ended.json).toEqual({ ended: 1 });
    expect((await api(`/api/admin/family?phone=${phone}`, { token })).json.sessions).toHaveLength(0);
  });
});

describe("inviting a family", () => {
  it("queues a link to /family by WhatsApp in the guardian's language, audited, once a day", async () => {
    const phone = mobile();
    const s = await student([phone]);
    const res = await invite(phone);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ channel: "whatsapp", language: "ar" });
    const [row] = await db().select().from(messages).where(eq(messages.id, res.json.message_id));
    expect(row).toMatchObject({ kind: "family_invite", studentId: s.id, toPhone: `+2${phone}`, channel: "whatsapp" });
    expect(row!.body).toMatch(/حساب الأسرة.*\/family$/);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "family_account"), eq(auditLog.entityId, `+2${phone}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe("invite");

    expect(expectError(await invite(phone), 409, "CONFLICT").reason).toBe("FAMILY_INVITE_ALREADY_SENT");
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    expect((await invite(phone, tomorrow)).status).toBe(200);
    const rows = await db()
      .select()
      .from(messages)
      .where(eq(messages.toPhone, `+2${phone}`));
    expect(rows.filter((m) => m.kind === "family_invite")).toHaveLength(2);
  });

  it("writes one invitation when two clicks race", async () => {
    const phone = mobile();
    await student([phone]);
    const answers = await Promise.all([1, 2, 3, 4].map(() => invite(phone)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const rows = await db()
      .select()
      .from(messages)
      .where(eq(messages.toPhone, `+2${phone}`));
    expect(rows).toHaveLength(1);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `+2${phone}`));
    expect(audit).toHaveLength(1);
  });

  it("goes by SMS without WhatsApp consent, in English for an English-speaking guardian", async () => {
    const phone = mobile();
    await student([], {
      guardians: [{ full_name: "Father", relation: "father", phone, language: "en", whatsapp_consent: false }],
    });
    const res = await invite(phone);
    expect(res.json).toMatchObject({ channel: "sms", language: "en" });
    const [row] = await db().select().from(messages).where(eq(messages.id, res.json.message_id));
    expect(row!.body).toMatch(/^Follow your children.*\/family$/);
  });

  it("refuses a number no guardian has, and one that replied STOP, sending nothing", async () => {
    const unknown = mobile();
    expect(expectError(await invite(unknown), 404, "NOT_FOUND").reason).toBe("FAMILY_GUARDIAN_NOT_FOUND");
    const phone = mobile();
    await student([phone]);
    await db()
      .update(studentGuardians)
      .set({ optedOutAt: new Date().toISOString(), whatsappConsent: false })
      .where(eq(studentGuardians.phone, `+2${phone}`));
    expect(expectError(await invite(phone), 409, "CONFLICT").reason).toBe("FAMILY_INVITE_OPTED_OUT");
    const rows = await db()
      .select()
      .from(messages)
      .where(eq(messages.toPhone, `+2${phone}`));
    expect(rows).toHaveLength(0);
    expectError(await invite("12"), 400, "VALIDATION_FAILED");
  });
});
