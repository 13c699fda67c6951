/**
 * Academic years as data (docs/product.md#academic-years-and-rollover): every role reads the years; the administrator
 * creates the next one with default dates, edits dates while a year is open, makes the next year current (the old one
 * closes in the same batch) and closes the current one (the next becomes current); one year is current, which the
 * database keeps; each write is audited. A closed year's marks change only by an administrator. The daily cron
 * makes the next year current on its start date.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { flipDueYear } from "../../worker/services/academic-years/write";
import { insertStudent, testDb } from "./fixtures";
import { api, expectError, loginAdmin } from "./helpers";
import { staffWithToken, type TestStaff } from "./staff-fixtures";
import { snapshotYears } from "./years-state";

const BASE = "/api/admin/academic-years";
let admin: string;
let teacher: TestStaff;
let years: Awaited<ReturnType<typeof snapshotYears>>;
let auditFloor = 0;

beforeAll(async () => {
  years = await snapshotYears();
  auditFloor = (await testDb().all<{ m: number }>(sql`SELECT coalesce(max(id), 0) AS m FROM audit_log`))[0]!.m;
  admin = await loginAdmin();
  teacher = await staffWithToken("teacher", { assignments: [{ grade: "Prep-3", subject: "Mathematics" }] });
});
afterAll(async () => {
  await years.restore();
});

const list = async (token = admin) => (await api(BASE, { token })).json as { years: any[]; current: string | null };
const next = (name: string) => `${Number(name.slice(0, 4)) + 1}-${Number(name.slice(0, 4)) + 2}`;
const post = (path: string, body?: unknown) => api(`${BASE}${path}`, { method: "POST", token: admin, body });
const auditsOf = (action: string, entityId: string) =>
  testDb()
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, "academic_year"),
        eq(auditLog.action, action),
        eq(auditLog.entityId, entityId),
        // This file's own rows (another file's daily flip may have named the same year before).
        gt(auditLog.id, auditFloor),
      ),
    );
const currentCount = async () =>
  (await testDb().all<{ n: number }>(sql`SELECT count(*) AS n FROM academic_years WHERE state = 'current'`))[0]!.n;

describe("reading the years", () => {
  it("every role reads them, newest first, with the current one named", async () => {
    const mine = await list(teacher.token);
    expect(mine.current).toBe(years.current);
    const names = mine.years.map((y) => y.name);
    expect(names).toEqual(names.toSorted().toReversed());
    expect(mine.years.filter((y) => y.state === "current")).toHaveLength(1);
    const one = await api(`${BASE}/${mine.current}`, { token: teacher.token });
    expect(one.json.year).toMatchObject({ name: mine.current, state: "current" });
    expectError(await api(`${BASE}/2031-2033`, { token: admin }), 400, "VALIDATION_FAILED");
  });

  it("a teacher may not change them", async () => {
    const newest = (await list()).years[0].name;
    expectError(
      await api(BASE, { method: "POST", token: teacher.token, body: { name: next(newest) } }),
      403,
      "FORBIDDEN",
    );
  });
});

describe("changing the years", () => {
  it("creates the next year with default dates, once, with an audit row", async () => {
    const newest = (await list()).years[0].name;
    const name = next(newest);
    const res = await post("", { name });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const [y1, y2] = [name.slice(0, 4), name.slice(5)];
    expect(res.json.year).toEqual({
      name,
      state: "upcoming",
      closed_at: null,
      start_date: `${y1}-09-01`,
      end_date: `${y2}-08-31`,
      term1_start: `${y1}-09-01`,
      term1_end: `${y2}-01-31`,
      term2_start: `${y2}-02-01`,
      term2_end: `${y2}-06-30`,
    });
    expect(await auditsOf("create", name)).toHaveLength(1);
    expectError(await post("", { name }), 409, "CONFLICT");
    expectError(await post("", { name: next(next(name)) }), 409, "CONFLICT");
    expectError(await post("", { name: "2031-2030" }), 400, "VALIDATION_FAILED");
  });

  it("edits an open year's dates in order only, audited", async () => {
    const name = (await list()).years[0].name;
    const [y1, y2] = [name.slice(0, 4), name.slice(5)];
    const dates = {
      start_date: `${y1}-09-05`,
      end_date: `${y2}-08-31`,
      term1_start: `${y1}-09-05`,
      term1_end: `${y2}-01-20`,
      term2_start: `${y2}-02-05`,
      term2_end: `${y2}-06-25`,
    };
    const res = await api(`${BASE}/${name}`, { method: "PUT", token: admin, body: dates });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.year).toMatchObject(dates);
    expect(await auditsOf("update", name)).toHaveLength(1);
    const reversed = { ...dates, term1_end: `${y2}-03-01` };
    expect(
      expectError(
        await api(`${BASE}/${name}`, { method: "PUT", token: admin, body: reversed }),
        400,
        "VALIDATION_FAILED",
      ),
    ).toMatchObject({ reason: "ACADEMIC_YEAR_DATES_INVALID" });
  });

  it("makes only the next upcoming year current; the old current closes in the same batch", async () => {
    const before = await list();
    const current = before.current!;
    const skip = await post(`/${next(next(current))}/make-current`);
    expect(expectError(skip, 409, "CONFLICT")).toMatchObject({ reason: "ACADEMIC_YEAR_NOT_NEXT" });
    const res = await post(`/${next(current)}/make-current`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.year).toMatchObject({ name: next(current), state: "current" });
    const after = await list();
    expect(after.current).toBe(next(current));
    expect(after.years.find((y) => y.name === current)).toMatchObject({ state: "closed" });
    expect(after.years.find((y) => y.name === current).closed_at).not.toBeNull();
    expect(await currentCount()).toBe(1);
    expect(await auditsOf("make_current", next(current))).toHaveLength(1);
    // A closed year's dates and state no longer change.
    expect(expectError(await post(`/${current}/make-current`), 409, "CONFLICT")).toMatchObject({
      reason: "ACADEMIC_YEAR_CLOSED",
    });
    const closed = after.years.find((y) => y.name === current);
    const { name: _n, state: _s, closed_at: _c, ...dates } = closed;
    expect(
      expectError(await api(`${BASE}/${current}`, { method: "PUT", token: admin, body: dates }), 409, "CONFLICT"),
    ).toMatchObject({ reason: "ACADEMIC_YEAR_CLOSED" });
  });

  it("closes only the current year, and the next one becomes current", async () => {
    const current = (await list()).current!;
    expect(expectError(await post(`/${next(current)}/close`), 409, "CONFLICT")).toMatchObject({
      reason: "ACADEMIC_YEAR_NOT_CURRENT",
    });
    const res = await post(`/${current}/close`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.year).toMatchObject({ name: current, state: "closed" });
    expect((await list()).current).toBe(next(current));
    expect(await currentCount()).toBe(1);
    expect(await auditsOf("close", current)).toHaveLength(1);
    // The last of the years that follow the current one without a gap (other files' years may lie far beyond).
    const names = new Set((await list()).years.map((y) => y.name));
    let last = next(current);
    while (names.has(next(last))) last = next(last);
    // Close the current year until that last one is current: then there is no next year to hand over to.
    while ((await list()).current !== last) expect((await post(`/${(await list()).current}/close`)).status).toBe(200);
    expect(expectError(await post(`/${last}/close`), 409, "CONFLICT")).toMatchObject({
      reason: "ACADEMIC_YEAR_NEXT_MISSING",
    });
  });

  it("the database keeps one year current", async () => {
    const current = (await list()).current!;
    const other = (await list()).years.find((y) => y.state !== "current").name;
    await expect(
      testDb().run(sql`UPDATE academic_years SET state = 'current' WHERE name = ${other}`),
    ).rejects.toThrow();
    expect((await list()).current).toBe(current);
  });
});

describe("a closed year's marks", () => {
  it("are refused to a teacher and changed by an administrator, with an audit row", async () => {
    const closed = (await list()).years.find((y) => y.state === "closed").name;
    const student = await insertStudent({ currentGrade: "Prep-3" });
    const body = (math: number) => ({
      student_id: student.studentNo,
      academic_year_name: closed,
      semester: "S1",
      grade: "Prep-3",
      subject_scores: [{ subject_name: "Mathematics", score: math, max_score: 100 }],
    });
    const created = await api("/api/admin/results", { method: "POST", token: admin, body: body(40) });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.data.id;
    const refused = await api(`/api/admin/results/${id}`, { method: "PUT", token: teacher.token, body: body(90) });
    expect(expectError(refused, 403, "FORBIDDEN")).toMatchObject({
      reason: "ACADEMIC_YEAR_CLOSED_MARKS",
      params: { year: closed },
    });
    const changed = await api(`/api/admin/results/${id}`, { method: "PUT", token: admin, body: body(90) });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.data.subject_scores[0].score).toBe(90);
    const audit = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "result"), eq(auditLog.entityId, String(id)), eq(auditLog.action, "update")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.adminUsername).toBe("admin");
  });
});

describe("the daily flip", () => {
  it("makes the next year current on its start date, not the day before", async () => {
    const before = await list();
    let upcoming = before.years.filter((y) => y.state === "upcoming").at(-1);
    if (!upcoming) {
      expect((await post("", { name: next(before.years[0].name) })).status).toBe(201);
      upcoming = (await list()).years[0];
    }
    const start = upcoming.start_date as string;
    const dayBefore = new Date(Date.parse(`${start}T12:00:00Z`) - 86_400_000);
    expect(await flipDueYear(testDb(), dayBefore.toISOString().slice(0, 10), dayBefore)).toBeNull();
    expect((await list()).current).toBe(before.current);
    const on = new Date(`${start}T00:10:00+03:00`);
    expect(await flipDueYear(testDb(), start, on)).toBe(upcoming.name);
    const after = await list();
    expect(after.current).toBe(upcoming.name);
    expect(after.years.find((y) => y.name === before.current)).toMatchObject({ state: "closed" });
    const [row] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "academic_year"), eq(auditLog.adminUsername, "calendar")))
      .orderBy(desc(auditLog.id));
    expect(row).toMatchObject({ entityId: upcoming.name, action: "make_current", adminId: null });
  });
});
