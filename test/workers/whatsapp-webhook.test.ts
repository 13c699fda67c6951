/**
 * The WhatsApp status webhook's input edges (docs/product.md#guardians-and-messages): a status the product does not
 * know — also one named like an object's own property (`constructor`, `__proto__`, `toString`) — is skipped, and the
 * statuses after it in the same batch are still applied. Replies opt a guardian out from a text, a quick-reply button
 * or an interactive reply, however the stop word is typed ("Stop.", "ايقاف", "إيقاف").
 */
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages, studentGuardians } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { hubSignature } from "../../worker/services/messages/webhook";
import { mobile, studentBody } from "./guardian-fixtures";
import { api, loginAdmin, uid } from "./helpers";
import { clockYearStart } from "../support/clock-years";

/** A year far from the clock's (five on), whose days no other test's data falls on. */
const FAR = clockYearStart(5);

const db = () => getDb(env as unknown as Env);
let studentId: number;
beforeAll(async () => {
  const token = await loginAdmin();
  const res = await api("/api/students", {
    method: "POST",
    token,
    body: studentBody({ guardians: [{ full_name: "Mother", relation: "mother", phone: mobile() }] }),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  studentId = res.json.student.id;
});

/** A `sent` WhatsApp message row with a fresh provider id; answers [row id, wamid]. */
async function sentMessage(): Promise<[number, string]> {
  const wamid = `wamid.${uid()}`;
  const [row] = await db()
    .insert(messages)
    .values({
      msgKey: `webhook-test:${uid()}`,
      kind: "instalment_due",
      studentId,
      channel: "whatsapp",
      toPhone: `+2${mobile()}`,
      language: "ar",
      template: "school_instalment_due",
      body: "-",
      status: "sent",
      attempts: 1,
      providerId: wamid,
      day: `${FAR}-01-10`,
    })
    .returning({ id: messages.id });
  return [row!.id, wamid];
}

async function webhook(statuses: unknown[], inbound: unknown[] = []) {
  const value = inbound.length ? { messaging_product: "whatsapp", messages: inbound } : { statuses };
  const raw = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [{ id: "1", changes: [{ field: "messages", value }] }],
  });
  const signature = `sha256=${await hubSignature("test-app-secret", raw)}`;
  return api("/api/webhooks/whatsapp", {
    method: "POST",
    body: raw,
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
  });
}

describe("status webhook input", () => {
  it("skips unknown statuses, inherited property names included, and applies the rest of the batch", async () => {
    const rows = await Promise.all([1, 2, 3, 4, 5].map(() => sentMessage()));
    const odd = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "deleted", 7, null];
    const res = await webhook([
      ...odd.map((status, i) => ({ id: rows[i % rows.length]![1], status })),
      { id: rows[0]![1], status: "delivered" },
      { id: rows[1]![1], status: "read" },
      { id: rows[2]![1], status: "failed", errors: [{ code: 131026, title: "Message undeliverable" }] },
      { id: rows[3]![1], status: "sent" },
      { status: "read" }, // no id
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ statuses: 3, opt_outs: 0 });
    const ids = rows.map(([id]) => id);
    const after = await db().select().from(messages).where(inArray(messages.id, ids));
    const byId = new Map(after.map((m) => [m.id, m]));
    expect(ids.map((id) => byId.get(id)!.status)).toEqual(["delivered", "read", "failed", "sent", "sent"]);
    const [failed] = await db().select().from(messages).where(eq(messages.id, ids[2]!));
    expect(failed!.error).toBe("(#131026) Message undeliverable");
  });
});

describe("opt-out replies", () => {
  let token: string;
  beforeAll(async () => {
    token = await loginAdmin();
  });

  /** A student whose one guardian has WhatsApp consent; answers the guardian's number without its `+`. */
  async function guardianNumber() {
    const phone = mobile();
    const res = await api("/api/students", {
      method: "POST",
      token,
      body: studentBody({ guardians: [{ full_name: "Father", relation: "father", phone, whatsapp_consent: true }] }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return { from: `2${phone}`, studentId: res.json.student.id as number };
  }
  const optedOut = async (studentId: number) => {
    const [g] = await db().select().from(studentGuardians).where(eq(studentGuardians.studentId, studentId));
    return g!.optedOutAt !== null && !g!.whatsappConsent;
  };
  /** Meta's inbound message envelope around `body` (type and its object). */
  const reply = (from: string, body: Record<string, unknown>) => ({
    from,
    id: `wamid.${uid()}`,
    timestamp: "1767225600",
    ...body,
  });

  it.each([
    ["a quick-reply button's text", { type: "button", button: { text: "إيقاف", payload: "reminder-ack" } }],
    ["a quick-reply button's payload", { type: "button", button: { text: "No thanks", payload: "STOP" } }],
    [
      "an interactive button reply",
      { type: "interactive", interactive: { type: "button_reply", button_reply: { id: "x1", title: "Stop." } } },
    ],
    [
      "an interactive list reply's id",
      {
        type: "interactive",
        interactive: {
          type: "list_reply",
          list_reply: { id: "unsubscribe", title: "Something else", description: "" },
        },
      },
    ],
    ["the text ايقاف", { type: "text", text: { body: "ايقاف" } }],
    ["the text Stop.", { type: "text", text: { body: "Stop." } }],
  ])("%s opts the guardian out", async (_, body) => {
    const { from, studentId } = await guardianNumber();
    const res = await webhook([], [reply(from, body)]);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ statuses: 0, opt_outs: 1 });
    expect(await optedOut(studentId)).toBe(true);
  });

  it("a button or sentence that is not a stop word changes nothing", async () => {
    const { from, studentId } = await guardianNumber();
    const res = await webhook(
      [],
      [
        reply(from, { type: "button", button: { text: "Thanks", payload: "ack" } }),
        reply(from, { type: "text", text: { body: "please stop sending the bill to my office" } }),
        reply(from, { type: "interactive", interactive: { type: "nfm_reply", nfm_reply: { body: "stop" } } }),
      ],
    );
    expect(res.json).toEqual({ statuses: 0, opt_outs: 0 });
    expect(await optedOut(studentId)).toBe(false);
  });
});
