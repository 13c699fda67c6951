/**
 * The Reports charts read the same figures as the lists they summarise (docs/product.md#reports): the collection's sum
 * is the year's payments as the fees list gives them, the overdue ages add up to the overdue list of that year, the
 * receipts by source to the receipts, the marks and pass rates to the results list, the messages per day to the
 * Messages log's counts. The data lives in a year thirty years before the clock's, so no other test's data is in it.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { schoolDateParts } from "../../worker/lib/school-day";
import { insertStudent, testDb } from "./fixtures";
import { api, loginAdmin, uid } from "./helpers";

const first = schoolDateParts(new Date()).year - 30;
const Y = `${first}-${first + 1}`;
const P = `${first - 1}-${first}`;
/** "Today" of every request: in the middle of the year's second term. */
const NOW = `${first + 1}-03-15T10:00:00Z`;
const headers = { "X-Test-Now": NOW };

let token: string;
const studentNos: string[] = [];
const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;

async function insertYear(name: string) {
  const [a, b] = name.split("-");
  await testDb().run(sql`INSERT OR IGNORE INTO academic_years (name, start_date, end_date, term1_start, term1_end,
    term2_start, term2_end, state, closed_at) VALUES (${name}, ${`${a}-09-01`}, ${`${b}-08-31`}, ${`${a}-09-01`},
    ${`${b}-01-31`}, ${`${b}-02-01`}, ${`${b}-06-30`}, 'closed', ${`${b}-08-31T00:00:00Z`})`);
}

/** A student of `grade` with an account in `year` of `total` piastres in instalments due on `dues`. */
async function account(grade: string, year: string, dues: string[], isActive = true) {
  const s = await insertStudent({ currentGrade: grade, isActive });
  const each = 300_000;
  const total = each * dues.length;
  const [fee] = await testDb().all<{ id: number }>(sql`INSERT INTO fee_records (student_id, academic_year_name, grade,
    total_piastres, paid_piastres) VALUES (${s.id}, ${year}, ${grade}, ${total}, 0) RETURNING id`);
  for (const [i, due] of dues.entries())
    await testDb().run(sql`INSERT INTO fee_instalments (fee_record_id, seq, line, no, due_date, amount_piastres)
      VALUES (${fee!.id}, ${i + 1}, 'tuition', ${i + 1}, ${due}, ${each})`);
  studentNos.push(s.studentNo);
  return s;
}

const pay = (studentNo: string, egp: number, at: string, year = Y) =>
  api(`/api/fees/${studentNo}/add-payment`, {
    method: "POST",
    token,
    body: { payment_amount: egp, academic_year_name: year },
    headers: { "X-Test-Now": at, "Idempotency-Key": uid("rep") },
  });

async function message(studentId: number, day: string, channel: string, status: string) {
  await testDb().run(sql`INSERT INTO messages (msg_key, kind, student_id, channel, to_phone, language, template, body,
    status, day) VALUES (${uid("rk")}, 'instalment_due', ${studentId}, ${channel}, '+201000000000', 'ar', 't', 'b',
    ${status}, ${day})`);
}

beforeAll(async () => {
  token = await loginAdmin();
  await insertYear(P);
  await insertYear(Y);
  const a = await account("Prep-1", Y, [
    `${first}-10-01`,
    `${first}-12-20`,
    `${first + 1}-02-20`,
    `${first + 1}-05-01`,
  ]);
  const b = await account("Prep-2", Y, [`${first}-11-01`, `${first + 1}-03-10`]);
  const c = await account("Prep-2", Y, [`${first}-09-15`], false);
  const d = await account("Prep-1", P, [`${first - 1}-10-01`]);
  for (const [no, egp, at] of [
    [a.studentNo, 1000, `${first}-09-20T09:00:00Z`],
    [a.studentNo, 500.5, `${first}-10-31T22:30:00Z`],
    [b.studentNo, 250, `${first + 1}-01-05T08:00:00Z`],
  ] as const)
    expect((await pay(no, egp, at)).status).toBe(201);
  expect((await pay(d.studentNo, 700, `${first - 1}-10-10T09:00:00Z`, P)).status).toBe(201);
  expect((await pay(c.studentNo, 100, `${first}-09-16T09:00:00Z`)).status).toBe(201);
  for (const [st, day, ch, status] of [
    [a.id, `${first}-10-01`, "whatsapp", "read"],
    [a.id, `${first}-10-01`, "whatsapp", "delivered"],
    [b.id, `${first}-10-01`, "sms", "failed"],
    [b.id, `${first + 1}-01-02`, "whatsapp", "sent"],
  ] as const)
    await message(st, day, ch, status);
  const subjects = (m: number, sci: number | null) => [
    { subject_name: "Mathematics", score: m, max_score: 100 },
    sci === null ? { subject_name: "Science", absent: true } : { subject_name: "Science", score: sci, max_score: 50 },
  ];
  for (const [no, sem, m, sci] of [
    [a.studentNo, "S1", 95, 40],
    [b.studentNo, "S1", 45, null],
    [a.studentNo, "S2", 100, 24.5],
  ] as const) {
    const res = await api("/api/admin/results", {
      method: "POST",
      token,
      body: { student_id: no, academic_year_name: Y, semester: sem, subject_scores: subjects(m, sci) },
    });
    expect(res.status).toBe(201);
  }
});

const report = async (name: string, extra = "") => {
  const res = await api(`/api/admin/reports/${name}?academic_year=${Y}${extra}`, { token, headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  return res.json;
};

describe("reports: the charts' figures are the lists'", () => {
  it("collection: the year's sum is its accounts' payments; last year's likewise; cumulative and percent", async () => {
    const [chart, fees, prev] = await Promise.all([
      report("collection"),
      api(`/api/fees?academic_year=${Y}`, { token, headers }),
      api(`/api/fees?academic_year=${P}`, { token, headers }),
    ]);
    const paid = sum(
      fees.json.fees.flatMap((f: { payments: { amount: number }[] }) => f.payments.map((p) => p.amount)),
    );
    expect(paid).toBe(1850.5);
    expect(chart.this_year_collected).toBe(paid);
    expect(sum(chart.months.map((m: { this_year: number }) => m.this_year))).toBe(paid);
    expect(chart.last_year_collected).toBe(sum(prev.json.fees.map((f: { paid_amount: number }) => f.paid_amount)));
    expect(chart.this_year_due).toBe(sum(fees.json.fees.map((f: { total_amount: number }) => f.total_amount)));
    // 22:30 UTC on 31 October is 1 November in Cairo (UTC+2 in winter): the November column.
    const month = (ym: string) => chart.months.find((m: { month: string }) => m.month === ym);
    expect(month(`${first}-09`).this_year).toBe(1100);
    expect(month(`${first}-11`).this_year).toBe(500.5);
    expect(month(`${first}-10`).last_year).toBe(700);
    expect(month(`${first + 1}-03`).this_year_cumulative).toBe(1850.5);
    expect(month(`${first + 1}-04`).this_year_cumulative).toBeNull();
  });

  it("overdue: the ages past due add up to the overdue list of that year, grade by grade", async () => {
    const chart = await report("overdue");
    expect(chart.today).toBe(`${first + 1}-03-15`);
    const list = await api(`/api/fees?academic_year=${Y}&status=overdue`, { token, headers });
    const listed = list.json.fees as { grade: string; overdue_amount: number }[];
    expect(chart.overdue_total).toBe(sum(listed.map((f) => f.overdue_amount)));
    expect(chart.overdue_students).toBe(listed.length);
    for (const g of chart.grades) {
      const own = listed.filter((f) => f.grade === g.grade);
      expect(g.overdue_total).toBe(sum(own.map((f) => f.overdue_amount)));
      expect(g.overdue_students).toBe(own.length);
    }
    // Prep-1: 1,500.50 paid oldest first leaves 1,499.50 of October's (165 days), December's (85 days), February's
    // (23 days); May's is not due yet.
    const p1 = chart.grades.find((g: { grade: string }) => g.grade === "Prep-1");
    expect(p1.amounts).toEqual({ not_due: 3000, d1_30: 3000, d31_60: 0, d61_90: 3000, d90_plus: 1499.5 });
  });

  it("sources: the receipts per week add up to the year's receipts; no credits", async () => {
    const [chart, fees] = await Promise.all([
      report("sources"),
      api(`/api/fees?academic_year=${Y}`, { token, headers }),
    ]);
    const receipts = fees.json.fees.flatMap((f: { payments: { amount: number; kind: string }[] }) =>
      f.payments.filter((p) => p.kind === "payment").map((p) => p.amount),
    );
    expect(sum(chart.weeks.map((w: { amounts: { desk: number } }) => w.amounts.desk))).toBe(sum(receipts));
    expect(sum(chart.weeks.map((w: { count: number }) => w.count))).toBe(receipts.length);
    expect(chart.weeks[0].week).toBe(`${first}-09-01`);
    expect(chart.credits).toEqual({ amount: 0, count: 0 });
  });

  it("results: the bins, absent marks and pass rates are the results list's", async () => {
    const chart = await report("results", "&pass_mark=50");
    const list = await api(`/api/admin/results?academic_year_name=${Y}`, { token });
    type Row = {
      semester: string;
      subject_scores: { subject_name: string; score: number | null; max_score: number }[];
    };
    const rows = list.json.data as Row[];
    for (const s of chart.subjects) {
      const marks = rows
        .filter((r) => r.semester === s.semester)
        .flatMap((r) => r.subject_scores.filter((x) => x.subject_name === s.subject));
      expect(s.absent).toBe(marks.filter((x) => x.score === null).length);
      expect(sum(s.bins)).toBe(marks.filter((x) => x.score !== null).length);
    }
    const math1 = chart.subjects.find(
      (s: { semester: string; subject: string }) => s.semester === "S1" && s.subject === "Mathematics",
    );
    expect(math1.bins[9]).toBe(1);
    expect(math1.bins[4]).toBe(1);
    expect(math1.below_pass).toBe(1);
    const s1 = chart.grades.filter((g: { semester: string }) => g.semester === "S1");
    expect(s1.map((g: { grade: string; rate: number }) => [g.grade, g.rate])).toEqual([
      ["Prep-1", 100],
      ["Prep-2", 0],
    ]);
    // Term 2: Science 24.5 of 50 is below 50 %: Prep-1 falls from 100 % to 0.
    const p1s2 = chart.grades.find(
      (g: { semester: string; grade: string }) => g.semester === "S2" && g.grade === "Prep-1",
    );
    expect(p1s2).toMatchObject({ rate: 0, previous_rate: 100, change: -100 });
    expect(chart.grades.find((g: { grade: string; semester: string }) => g.grade === "Prep-2").absent_marks).toBe(1);
  });

  it("messages: the counts per status are the Messages log's", async () => {
    const chart = await report("messages");
    for (const status of ["sent", "delivered", "read", "failed"]) {
      let logged = 0;
      for (const no of studentNos)
        logged += (await api(`/api/admin/messages?student_no=${no}&status=${status}`, { token })).json.pagination.total;
      const charted = chart.days.reduce((n: number, d: { counts: Record<string, number> }) => n + d.counts[status], 0);
      expect(charted).toBe(logged);
    }
    expect(chart.days[0]).toMatchObject({ day: `${first}-10-01`, channel: "sms" });
  });

  it("an unknown year is 404 ACADEMIC_YEAR_NOT_FOUND; no token is 401 (the roles: the permission matrix)", async () => {
    // A year no test creates (other files keep closed years some decades back).
    const missing = await api(`/api/admin/reports/overdue?academic_year=${first - 900}-${first - 899}`, { token });
    expect(missing.status).toBe(404);
    expect((await api("/api/admin/reports/overdue")).status).toBe(401);
  });
});
