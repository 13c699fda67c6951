/**
 * Clock travel (docs/product.md#academic-years-and-rollover): the Worker's clock set to 2 September 2029 and to
 * 1 October 2031 (or as many whole years later as the present needs), with those years created through the API and
 * made current by the daily flip. The years' list, a new student's enrolment, a new fee account and its receipt,
 * and the publications all name that year; nothing defaults to a year in the code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { academicYearOf } from "../../worker/lib/fee-schedule";
import { flipDueYear } from "../../worker/services/academic-years/write";
import { testDb, uniqueStudentNo } from "./fixtures";
import { api, loginAdmin } from "./helpers";
import { snapshotYears } from "./years-state";

let admin: string;
let years: Awaited<ReturnType<typeof snapshotYears>>;
beforeAll(async () => {
  years = await snapshotYears();
  admin = await loginAdmin();
});
afterAll(async () => {
  await years.restore();
});

/** The travel dates, moved on by whole years if the present has passed the first of them. */
const shift = Math.max(0, Number(academicYearOf(new Date()).slice(0, 4)) + 1 - 2029);
const STOPS = [
  { at: `${2029 + shift}-09-02T09:00:00Z`, year: `${2029 + shift}-${2030 + shift}` },
  { at: `${2031 + shift}-10-01T09:00:00Z`, year: `${2031 + shift}-${2032 + shift}` },
];
/** The demo data's old year, which no default may name. */
const OLD_DEFAULT = "2024-2025";

describe.each(STOPS)("the clock at $at", ({ at, year }) => {
  const headers = { "X-Test-Now": at };
  const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
    api(path, { ...init, token: admin, headers });

  it(`makes ${year} current on its start date and every default follows it`, async () => {
    // The administrator creates the years up to it ahead of time.
    for (;;) {
      const newest = (await call("/api/admin/academic-years")).json.years[0].name as string;
      if (newest >= year) break;
      const next = `${Number(newest.slice(0, 4)) + 1}-${Number(newest.slice(0, 4)) + 2}`;
      expect((await call("/api/admin/academic-years", { method: "POST", body: { name: next } })).status).toBe(201);
    }
    const today = at.slice(0, 10);
    await flipDueYear(testDb(), today, new Date(at));
    const list = (await call("/api/admin/academic-years")).json;
    expect(list.current).toBe(year);
    expect(list.years.filter((y: { state: string }) => y.state === "current")).toHaveLength(1);

    const created = await call("/api/students", {
      method: "POST",
      body: {
        student_no: uniqueStudentNo(),
        full_name: "طالب المستقبل",
        nationality: "Egyptian",
        current_grade: "Primary-2",
        building_no: 3,
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const student = created.json.student;
    const enrolled = (await call(`/api/students/${student.id}/enrolments`)).json.enrolments;
    expect(enrolled).toMatchObject([{ academic_year_name: year, year_state: "current", grade: "Primary-2" }]);

    const fee = await call("/api/fees", {
      method: "POST",
      body: { student_id: student.student_no, grade: "Primary-2", total_amount: 1000, paid_amount: 250 },
    });
    expect(fee.status, JSON.stringify(fee.json)).toBe(201);
    expect(fee.json.fee.academic_year_name).toBe(year);
    expect(fee.json.fee.payments[0].receipt_no).toContain(year);

    const publications = (await call("/api/admin/results/publications")).json.data;
    expect(publications.map((p: { academic_year_name: string }) => p.academic_year_name)).toContain(year);
    // The list holds every year, old ones too; what the writes answered names no other year.
    for (const answer of [created, fee]) expect(JSON.stringify(answer.json)).not.toContain(OLD_DEFAULT);
  });
});
