/**
 * Selection periods (docs/product.md#selection-periods): ISO UTC dates, end after start, one active period
 * (toggle/create/update deactivate the others in the same batch), delete rules, 400/401/404/409 paths.
 * Other test files use the single active period too: the one active before this file is restored at the end.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messages, selectionPeriods, selectionSubjects, studentSelections, teachers } from "../../db/schema";
import { broke } from "../../worker/db-constraints";
import { insertStudent, testDb } from "./fixtures";
import { mobile, studentBody } from "./guardian-fixtures";
import { api, expectError, loginAdmin, uid } from "./helpers";
import { clockYearStart } from "../support/clock-years";

/** A year far from the clock's (five on), whose days no other test's data falls on. */
const FAR = clockYearStart(5);

const BASE = "/api/admin/selection/periods";
let token: string;
let previouslyActive: number | undefined;
const mine: number[] = [];

beforeAll(async () => {
  token = await loginAdmin();
  previouslyActive = (await testDb().select().from(selectionPeriods).where(eq(selectionPeriods.isActive, true)))[0]?.id;
});

afterAll(async () => {
  const db = testDb();
  await db.batch([
    db
      .update(selectionPeriods)
      .set({ isActive: false })
      .where(inArray(selectionPeriods.id, mine.length ? mine : [0])),
    db
      .update(selectionPeriods)
      .set({ isActive: true })
      .where(eq(selectionPeriods.id, previouslyActive ?? 0)),
  ]);
});

const body = (over: Record<string, unknown> = {}) => ({
  period_name: `Academic Year 2024-2025 - Semester 1 ${uid()}`,
  start_date: `${FAR}-09-01T08:00:00+03:00`,
  end_date: `${FAR}-09-30T20:00Z`,
  ...over,
});
async function create(over: Record<string, unknown> = {}) {
  const res = await api(BASE, { method: "POST", token, body: body(over) });
  if (res.status === 201) mine.push(res.json.data.id);
  return res;
}
const toggle = (id: number, is_active: unknown) =>
  api(`${BASE}/${id}/toggle`, { method: "PUT", token, body: { is_active } });
const activeIds = async () =>
  (
    await testDb().select({ id: selectionPeriods.id }).from(selectionPeriods).where(eq(selectionPeriods.isActive, true))
  ).map((r) => r.id);

describe("selection periods", () => {
  it("creates with defaults, stores ISO UTC, and lists the latest start first", async () => {
    const res = await create();
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data).toMatchObject({
      start_date: `${FAR}-09-01T05:00:00.000Z`,
      end_date: `${FAR}-09-30T20:00:00.000Z`,
      is_active: false,
      allow_changes: true,
      max_subjects: 5,
    });
    expect(Object.keys(res.json.data).sort()).toEqual([
      "allow_changes",
      "created_at",
      "end_date",
      "id",
      "is_active",
      "max_subjects",
      "period_name",
      "start_date",
      "updated_at",
    ]);
    const later = await create({
      start_date: `${FAR + 1}-01-01T00:00:00Z`,
      end_date: `${FAR + 1}-02-01T00:00:00Z`,
      allow_changes: false,
      max_subjects: "۴",
    });
    expect(later.json.data).toMatchObject({ allow_changes: false, max_subjects: 4 });
    const list = await api(BASE, { token });
    expect(list.status).toBe(200);
    const ids = list.json.data.map((p: { id: number }) => p.id);
    expect(ids.indexOf(later.json.data.id)).toBeLessThan(ids.indexOf(res.json.data.id));
    expect(list.json.data.find((p: { id: number }) => p.id === res.json.data.id)).toEqual(res.json.data);
  });

  it.each([
    [{ end_date: `${FAR}-08-01T00:00:00Z` }, /end date must be after start date/i, "PERIOD_END_BEFORE_START"],
    [{ end_date: `${FAR}-09-01T05:00:00Z` }, /end date must be after start date/i, "PERIOD_END_BEFORE_START"],
    [
      { start_date: `${FAR}-09-01T08:00` },
      /^Start date must be a date-time with a time zone, e\.g\. 2025-09-01T08:00:00Z$/,
      "PERIOD_DATE_NO_ZONE",
    ],
    [{ start_date: `${FAR}-02-30T08:00:00Z` }, /time zone/, "PERIOD_DATE_NO_ZONE"],
    [{ start_date: "1999-09-01T08:00:00Z" }, /^Start date is out of range$/, "PERIOD_DATE_OUT_OF_RANGE"],
    [{ end_date: "" }, /end date is required/i, "REQUIRED"],
    [{ period_name: " " }, /period name is required/i, "REQUIRED"],
    [{ max_subjects: 0 }, /between 1 and 10/, "WHOLE_BETWEEN"],
    [{ max_subjects: 11 }, /between 1 and 10/, "WHOLE_BETWEEN"],
    [{ max_subjects: "1.5" }, /between 1 and 10/, "WHOLE_BETWEEN"],
    [{ is_active: "true" }, /true or false/, "NOT_BOOLEAN"],
    [{ allow_changes: 1 }, /^Allow changes must be true or false$/, "NOT_BOOLEAN"],
  ])("refuses %j with 400 and names the reason", async (over, message, reason) => {
    const err = expectError(await create(over), 400, "VALIDATION_FAILED");
    expect(err.message).toMatch(message);
    expect(err.reason).toBe(reason);
  });

  it("names the field of a date's reason in its params and the issue's path", async () => {
    const err = expectError(await create({ end_date: `${FAR}-09-30T20:00` }), 400, "VALIDATION_FAILED");
    expect(err).toMatchObject({ reason: "PERIOD_DATE_NO_ZONE", params: { field: "end_date" } });
    expect(err.issues[0]).toMatchObject({
      path: "end_date",
      reason: "PERIOD_DATE_NO_ZONE",
      params: { field: "end_date" },
    });
  });

  it("toggle activates one and deactivates every other in the same write; leaves exactly one active", async () => {
    const a = (await create()).json.data;
    const b = (await create()).json.data;
    const onA = await toggle(a.id, true);
    expect(onA.status, JSON.stringify(onA.json)).toBe(200);
    expect(onA.json.data).toMatchObject({ id: a.id, is_active: true });
    expect(await activeIds()).toEqual([a.id]);

    const onB = await toggle(b.id, true);
    expect(onB.json.data).toMatchObject({ id: b.id, is_active: true });
    expect(await activeIds()).toEqual([b.id]);

    const offB = await toggle(b.id, false);
    expect(offB.json.data).toMatchObject({ id: b.id, is_active: false });
    expect(await activeIds()).toEqual([]);
    expect(expectError(await toggle(b.id, "yes"), 400, "VALIDATION_FAILED").message).toMatch(/true or false/);
    expect(expectError(await toggle(99999999, true), 404, "NOT_FOUND")).toMatchObject({
      reason: "PERIOD_NOT_FOUND",
      message: "Selection period not found",
    });
  });

  it("simultaneous activations of different periods end with exactly one active", async () => {
    const ps = await Promise.all(Array.from({ length: 6 }, () => create()));
    const results = await Promise.all(ps.map((p) => toggle(p.json.data.id, true)));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    const active = await activeIds();
    expect(active).toHaveLength(1);
    expect(ps.map((p) => p.json.data.id)).toContain(active[0]);
    const [{ n }] = (await testDb().all(
      sql`SELECT count(*) AS n FROM selection_periods WHERE is_active = 1`,
    )) as Array<{ n: number }>;
    expect(Number(n)).toBe(1);
  });

  it("creating or updating with is_active true replaces the active period; omitted fields are kept", async () => {
    const created = (await create({ is_active: true })).json.data;
    expect(created.is_active).toBe(true);
    expect(await activeIds()).toEqual([created.id]);

    const other = (await create({ max_subjects: 7, allow_changes: false })).json.data;
    const upd = await api(`${BASE}/${other.id}`, {
      method: "PUT",
      token,
      body: body({ period_name: "Renamed", is_active: true }),
    });
    expect(upd.status, JSON.stringify(upd.json)).toBe(200);
    expect(upd.json.data).toMatchObject({
      id: other.id,
      period_name: "Renamed",
      is_active: true,
      max_subjects: 7,
      allow_changes: false,
    });
    expect(await activeIds()).toEqual([other.id]);

    // An edit that omits is_active keeps the period active.
    const keep = await api(`${BASE}/${other.id}`, { method: "PUT", token, body: body({ max_subjects: 3 }) });
    expect(keep.json.data).toMatchObject({ is_active: true, max_subjects: 3 });
    expect(await activeIds()).toEqual([other.id]);

    expectError(
      await api(`${BASE}/${other.id}`, { method: "PUT", token, body: body({ end_date: "2020-01-01T00:00:00Z" }) }),
      400,
      "VALIDATION_FAILED",
    );
    expectError(await api(`${BASE}/99999999`, { method: "PUT", token, body: body() }), 404, "NOT_FOUND");
  });

  it("refuses deleting the active period (409); deletes an inactive one and keeps its selections", async () => {
    const live = (await create({ is_active: true })).json.data;
    expect(expectError(await api(`${BASE}/${live.id}`, { method: "DELETE", token }), 409, "CONFLICT")).toMatchObject({
      reason: "PERIOD_IS_ACTIVE",
      message: "Deactivate the period before deleting it",
    });
    expect(await activeIds()).toEqual([live.id]);
    // deletePeriod's guard against a racing activation relies on periods_dates_chk refusing end = start.
    const guard = await testDb()
      .update(selectionPeriods)
      .set({ endDate: sql`${selectionPeriods.startDate}` })
      .where(eq(selectionPeriods.id, live.id))
      .then(
        () => false,
        (e: unknown) => broke(e, "periods_dates_chk"),
      );
    expect(guard).toBe(true);

    const past = (await create()).json.data;
    const db = testDb();
    const [subject] = await db
      .insert(selectionSubjects)
      .values({ name: `Period subject ${uid()}` })
      .returning();
    const [teacher] = await db
      .insert(teachers)
      .values({ teacherCode: `P-${uid()}`, fullName: "t", subjectId: subject!.id })
      .returning();
    const student = await insertStudent();
    const [sel] = await db
      .insert(studentSelections)
      .values({
        studentId: student.id,
        subjectId: subject!.id,
        teacherId: teacher!.id,
        sessionNumber: 2,
        periodId: past.id,
      })
      .returning();

    const del = await api(`${BASE}/${past.id}`, { method: "DELETE", token });
    expect(del.status, JSON.stringify(del.json)).toBe(200);
    expect(del.json.message).toBe("Selection period deleted successfully");
    const [kept] = await db.select().from(studentSelections).where(eq(studentSelections.id, sel!.id));
    expect(kept).toMatchObject({ teacherId: teacher!.id, sessionNumber: 2, periodId: null });
    expectError(await api(`${BASE}/${past.id}`, { method: "DELETE", token }), 404, "NOT_FOUND");
    expectError(await api(`${BASE}/-1`, { method: "DELETE", token }), 400, "VALIDATION_FAILED");

    await db.delete(studentSelections).where(eq(studentSelections.id, sel!.id));
    await db.delete(teachers).where(eq(teachers.id, teacher!.id));
    await db.delete(selectionSubjects).where(eq(selectionSubjects.id, subject!.id));
  });

  it("needs a token (401)", async () => {
    expectError(await api(BASE), 401, "UNAUTHORIZED");
    expectError(await api(BASE, { method: "POST", body: body() }), 401, "UNAUTHORIZED");
    expectError(await api(`${BASE}/1`, { method: "PUT", body: body() }), 401, "UNAUTHORIZED");
    expectError(await api(`${BASE}/1/toggle`, { method: "PUT", body: { is_active: true } }), 401, "UNAUTHORIZED");
    expectError(await api(`${BASE}/1`, { method: "DELETE" }), 401, "UNAUTHORIZED");
  });
});

describe("selection_opened (docs/product.md#guardians-and-messages)", () => {
  const opened = (studentId: number) =>
    testDb()
      .select()
      .from(messages)
      .where(and(eq(messages.studentId, studentId), eq(messages.kind, "selection_opened")));
  const planned = (studentId: number) =>
    vi.waitFor(async () => expect(await opened(studentId)).toHaveLength(1), { timeout: 20_000, interval: 50 });

  /** An active student of `grade` whose father agreed to WhatsApp. */
  async function family(grade: string) {
    const phone = mobile();
    const res = await api("/api/students", {
      method: "POST",
      token,
      body: studentBody({
        current_grade: grade,
        guardians: [{ full_name: "الأب", relation: "father", phone, whatsapp_consent: true }],
      }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return { id: res.json.student.id as number, phone: `+2${phone}` };
  }

  it("activating a period plans it for each Prep-3 family once; activating it again the same day plans nothing new", async () => {
    const prep3 = await family("Prep-3");
    const prep2 = await family("Prep-2");
    const res = await create();
    const id = res.json.data.id as number;
    expect((await toggle(id, true)).status).toBe(200);
    await planned(prep3.id);
    const [m] = await opened(prep3.id);
    expect(m).toMatchObject({ channel: "whatsapp", toPhone: prep3.phone, language: "ar" });
    expect(m!.msgKey).toMatch(new RegExp(`^selection_opened:${prep3.id}:p${id}:\\d{4}-\\d{2}-\\d{2}$`));
    expect(m!.body).toContain("/current-students");
    // One plan writes every family's row: Prep-2 was never planned.
    expect(await opened(prep2.id)).toEqual([]);

    // Closed and opened again the same day: a family that joined meanwhile is planned, the first one not again.
    expect((await toggle(id, false)).status).toBe(200);
    const newcomer = await family("Prep-3");
    expect((await toggle(id, true)).status).toBe(200);
    await planned(newcomer.id);
    expect(await opened(prep3.id)).toHaveLength(1);
    expect((await toggle(id, false)).status).toBe(200);
  });

  it("a period created active is opened too", async () => {
    const prep3 = await family("Prep-3");
    const res = await create({ is_active: true });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    await planned(prep3.id);
    expect((await opened(prep3.id))[0]!.msgKey).toContain(`:p${res.json.data.id}:`);
    expect((await toggle(res.json.data.id, false)).status).toBe(200);
  });
});
