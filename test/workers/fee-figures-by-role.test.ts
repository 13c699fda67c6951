/**
 * Fee figures reach only people with `fees.read`, and fee records change only with `fees.write`, also by side doors
 * (docs/product.md#staff-and-roles): the messages log redacts the text of money messages, deleting a student with a
 * fee record needs `fees.write` (refused in the DELETE itself), and each live stream carries only the events of the
 * lists its reader may read, never to a temporary-password token. Each test acts as the review did.
 */
import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, feeRecords, messages, students } from "../../db/schema";
import type { Env } from "../../worker/env";
import type { LiveEvent } from "../../worker/hub";
import { publish } from "../../worker/services/events";
import { insertFee, insertStudent, testDb } from "./fixtures";
import { api, expectError, uid } from "./helpers";
import { staffWithToken, type TestStaff } from "./staff-fixtures";
import { clockYearStart } from "../support/clock-years";

/** A year far from the clock's (five on), whose days no other test's data falls on. */
const FAR = clockYearStart(5);

const db = testDb;
let registrar: TestStaff;
let accountant: TestStaff;
let teacher: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  [registrar, accountant, teacher, admin] = await Promise.all([
    staffWithToken("registrar"),
    staffWithToken("accountant"),
    staffWithToken("teacher", { assignments: [{ grade: "Prep-3", subject: "Mathematics" }] }),
    staffWithToken("administrator"),
  ]);
});

/** One message of `kind` about `studentId` with `body`, written as the planner would. */
async function message(studentId: number, kind: (typeof messages.$inferInsert)["kind"], body: string) {
  const [row] = await db()
    .insert(messages)
    .values({
      msgKey: `${kind}:${studentId}:${uid()}`,
      kind,
      studentId,
      channel: "sms",
      toPhone: "+201001234567",
      language: "ar",
      template: `school_${kind}`,
      body,
      day: `${FAR}-01-10`,
    })
    .returning({ id: messages.id });
  return row!.id;
}

describe("the messages log and fee figures", () => {
  it("a registrar sees money messages' rows without their text; fees.read sees it", async () => {
    const s = await insertStudent();
    const paid = await message(s.id, "payment_received", "استلمنا 46000 ج.م، إيصال RCP-2031-000001: https://x/pay/r/t");
    const due = await message(s.id, "instalment_due", "تذكير: قسط بمبلغ 23000 ج.م مستحق في 2031-02-01.");
    const overdue = await message(s.id, "instalment_overdue", "قسط بمبلغ 23000 ج.م كان مستحقًا ولم يُسدد بعد.");
    const results = await message(s.id, "results_published", "نتيجة الفصل متاحة الآن: https://x/results");
    const list = (who: TestStaff, q = "") =>
      api(`/api/admin/messages?student_no=${s.studentNo}${q}`, { token: who.token });

    const seen = await list(registrar);
    expect(seen.status, JSON.stringify(seen.json)).toBe(200);
    const byId = new Map<number, any>(seen.json.messages.map((m: any) => [m.id, m]));
    for (const id of [paid, due, overdue]) {
      expect(byId.get(id)).toMatchObject({ id, status: "queued", student_no: s.studentNo, to: "+201001234567" });
      expect(byId.get(id).body, `message ${id}`).toBeNull();
    }
    expect(byId.get(results).body).toContain("https://x/results");
    const filtered = await list(registrar, "&kind=payment_received");
    expect(filtered.json.messages.map((m: any) => [m.kind, m.body])).toEqual([["payment_received", null]]);
    expect(seen.text).not.toContain("RCP-");

    for (const reader of [accountant, admin]) {
      const full = await list(reader, "&kind=payment_received");
      expect(full.json.messages[0].body).toContain("RCP-2031-000001");
    }
  });

  it("the API document says the body may be null", async () => {
    const doc = (await api("/api/openapi.json")).json;
    const schema = JSON.stringify(doc.paths["/api/admin/messages"].get.responses["200"]);
    const refs = schema.match(/#\/components\/schemas\/(\w+)/g) ?? [];
    const all = [schema, ...refs.map((r) => JSON.stringify(doc.components.schemas[r.split("/").pop()!]))].join("");
    expect(all).toMatch(/"body":\{[^}]*"type":\["string","null"\]|"body":\{[^}]*"nullable":true/);
  });
});

describe("deleting a student who has a fee record", () => {
  const remove = (who: TestStaff, no: string, path = "by-student-no/") =>
    api(`/api/students/${path}${no}`, { method: "DELETE", token: who.token });
  const deleteAudits = (id: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "student"), eq(auditLog.entityId, String(id)), eq(auditLog.action, "delete")));

  it("a registrar is refused 409 STUDENT_HAS_FEES (both paths); student, fee record and audit log stay", async () => {
    for (const path of ["by-student-no/", ""]) {
      const s = await insertStudent();
      await insertFee(s.id, 4_600_000, 0);
      const res = await remove(registrar, s.studentNo, path);
      expect(expectError(res, 409, "CONFLICT").reason).toBe("STUDENT_HAS_FEES");
      expect(await db().select().from(students).where(eq(students.id, s.id))).toHaveLength(1);
      const [fee] = await db().select().from(feeRecords).where(eq(feeRecords.studentId, s.id));
      expect(fee?.totalPiastres).toBe(4_600_000);
      expect(await deleteAudits(s.id)).toEqual([]);
    }
  });

  it("a registrar deletes a student without a fee record; fees.write deletes one with an unpaid record", async () => {
    const plain = await insertStudent();
    expect((await remove(registrar, plain.studentNo)).status).toBe(200);
    expect(await db().select().from(students).where(eq(students.id, plain.id))).toEqual([]);
    expect(await deleteAudits(plain.id)).toHaveLength(1);

    const withFee = await insertStudent();
    await insertFee(withFee.id, 4_600_000, 0);
    expect((await remove(admin, withFee.studentNo)).status).toBe(200);
    expect(await db().select().from(feeRecords).where(eq(feeRecords.studentId, withFee.id))).toEqual([]);
    expect(await deleteAudits(withFee.id)).toHaveLength(1);
  });

  it("an unknown student is still 404 for a registrar", async () => {
    expectError(await remove(registrar, "99999999999999"), 404, "NOT_FOUND");
  });
});

/** Opens the stream at `path` as `token`, answers the response (and a reader once the first frame arrived). */
async function openStream(path: string, token: string) {
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(
    new Request(`http://school.test${path}`, { headers: { Authorization: `Bearer ${token}` } }),
  );
  if (res.status !== 200) return { res, reader: null };
  const reader = res.body!.getReader();
  await reader.read();
  return { res, reader };
}

/**
 * Publishes `events` then a `students_changed` marker, and answers the events the stream got before the marker
 * (the hub writes each stream's frames in order, so what was not before the marker never comes).
 */
async function received(reader: ReadableStreamDefaultReader<Uint8Array>, events: LiveEvent[]): Promise<string[]> {
  const e = env as unknown as Env;
  const marker = uid("marker");
  for (const ev of events) await publish(e, ev, "probe", uid());
  await publish(e, "students_changed", "probe", marker);
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 5000;
  while (!text.includes(marker) && Date.now() < deadline) {
    const next = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 500))]);
    if (next?.done) break;
    if (next?.value) text += decoder.decode(next.value, { stream: true });
  }
  await reader.cancel();
  expect(text, "the marker arrives").toContain(marker);
  const frames = text.slice(0, text.indexOf(marker)).split("\n\n");
  return frames.flatMap((f) => /^event: (\w+)$/m.exec(f)?.[1] ?? []).filter((ev) => ev !== "students_changed");
}

describe("live streams by permission", () => {
  const ALL: LiveEvent[] = ["fees_changed", "news_updated"];

  it("a temporary-password token opens no stream (403 PASSWORD_CHANGE_REQUIRED)", async () => {
    const temp = await staffWithToken("administrator", { mustChange: true });
    for (const path of ["/api/fees/events/stream", "/api/fees/events", "/api/students/events"]) {
      const { res } = await openStream(path, temp.token);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { reason: string }).reason, path).toBe("PASSWORD_CHANGE_REQUIRED");
    }
  });

  it("the combined stream carries fees_changed only with fees.read and news_updated only with news.read", async () => {
    const want: Array<[TestStaff, string[]]> = [
      [registrar, ["news_updated"]],
      [teacher, []],
      [accountant, ["fees_changed"]],
      [admin, ["fees_changed", "news_updated"]],
    ];
    for (const [who, events] of want) {
      const { res, reader } = await openStream("/api/fees/events/stream", who.token);
      expect(res.status).toBe(200);
      expect((await received(reader!, ALL)).sort()).toEqual(events);
    }
  });

  it("the fees stream stays closed to a registrar and a teacher", async () => {
    for (const who of [registrar, teacher]) {
      const { res } = await openStream("/api/fees/events", who.token);
      expect(res.status).toBe(403);
    }
  });
});
