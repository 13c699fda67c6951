/**
 * Fee plans, applying them, instalments, allocation, discounts, the overdue list, the results fee rule
 * (docs/product.md#fee-plans). Every refusal names its reason and field. After every write the invariants are
 * checked in the database: paid = Σ payment rows = Σ instalment paid, and no instalment holds more than its amount.
 * Dates come from the request clock (`X-Test-Now`, worker/request-clock.ts).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, feeInstalments, feeRecords, payments } from "../../db/schema";
import { GRADES } from "../../worker/lib/school-grades";
import { api, expectError, loginAdmin, uid } from "./helpers";
import { ensureYear, insertFee, insertResult, insertStudent, setPublished, testDb, uniqueStudentNo } from "./fixtures";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});
afterAll(async () => {
  await api("/api/admin/settings", { method: "PUT", token, body: { results_fee_rule: "fully_paid" } });
});

/** Cairo noon of school day `date`, as the request clock. */
const at = (date: string) => ({ "X-Test-Now": `${date}T10:00:00Z` });
let yearNo = 2060;
/** An academic year no other test uses. */
const freshYear = () => `${++yearNo}-${yearNo + 1}`;
const y1 = (year: string) => year.slice(0, 4);
const y2 = (year: string) => year.slice(5);

const plan = (year: string, grade: string, over: Record<string, unknown> = {}) => ({
  academic_year_name: year,
  grade,
  lines: [
    {
      name: "Tuition",
      total: 10000.03,
      instalments: [
        { no: 1, due_date: `${y1(year)}-09-15`, amount: 2500 },
        { no: 2, due_date: `${y1(year)}-11-15`, amount: 2500 },
        { no: 3, due_date: `${y2(year)}-02-01`, amount: 2500 },
        { no: 4, due_date: `${y2(year)}-04-01`, amount: 2500.03 },
      ],
    },
    { name: "الباص", name_en: "Bus", instalments: [{ no: 1, due_date: `${y1(year)}-10-01`, amount: 1200 }] },
  ],
  ...over,
});

/** Creates a plan; its year (a valid name) is made an academic year first, as the years page would. */
const post = async (body: unknown) => {
  const year = (body as { academic_year_name?: unknown } | null)?.academic_year_name;
  if (typeof year === "string") await ensureYear(year);
  return api("/api/admin/fee-plans", { method: "POST", token, body });
};

/** Checks paid = Σ payments = Σ instalment paid, 0 ≤ instalment paid ≤ amount, and Σ amounts = total when scheduled. */
async function expectBalanced(feeId: number) {
  const db = testDb();
  const [fee] = await db.select().from(feeRecords).where(eq(feeRecords.id, feeId));
  const [{ pay }] = await db
    .select({ pay: sql<number>`coalesce(sum(${payments.amountPiastres}), 0)` })
    .from(payments)
    .where(eq(payments.feeRecordId, feeId));
  const inst = await db.select().from(feeInstalments).where(eq(feeInstalments.feeRecordId, feeId));
  expect(Number(pay)).toBe(fee!.paidPiastres);
  if (inst.length) {
    expect(inst.reduce((s, i) => s + i.paidPiastres, 0)).toBe(fee!.paidPiastres);
    expect(inst.reduce((s, i) => s + i.amountPiastres, 0)).toBe(fee!.totalPiastres);
  }
  for (const i of inst) expect(i.paidPiastres).toBeLessThanOrEqual(i.amountPiastres);
}

describe("plan validation", () => {
  it("needs the admin token", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/fee-plans"],
      ["POST", "/api/admin/fee-plans"],
      ["POST", "/api/admin/fee-plans/1/apply"],
      ["GET", "/api/admin/settings"],
      ["PUT", "/api/admin/settings"],
    ] as const) {
      expectError(await api(path, { method, body: method === "GET" ? undefined : {} }), 401, "UNAUTHORIZED");
    }
  });

  it("refuses instalments that do not add up to the line total, naming the line's total field", async () => {
    const year = freshYear();
    const body = plan(year, "KG-1");
    body.lines[0]!.total = 10000;
    const err = expectError(await post(body), 400, "VALIDATION_FAILED");
    expect(err).toMatchObject({
      reason: "PLAN_SUM_MISMATCH",
      params: { line: "Tuition", sum: 10000.03, total: 10000 },
    });
    expect(err.issues[0].path).toBe("lines.0.total");
  });

  it("refuses a due date outside the academic year, an unreal date, a malformed year, no lines, disorder and repeats", async () => {
    const year = freshYear();
    const outside = plan(year, "KG-1");
    outside.lines[1]!.instalments[0]!.due_date = `${y2(year)}-09-01`;
    const err = expectError(await post(outside), 400, "VALIDATION_FAILED");
    expect(err).toMatchObject({
      reason: "DUE_DATE_OUTSIDE_YEAR",
      params: { start: `${y1(year)}-09-01`, end: `${y2(year)}-08-31` },
    });
    expect(err.issues[0].path).toBe("lines.1.instalments.0.due_date");

    const unreal = plan(year, "KG-1");
    unreal.lines[1]!.instalments[0]!.due_date = `${y2(year)}-02-30`;
    expect(expectError(await post(unreal), 400, "VALIDATION_FAILED").reason).toBe("DUE_DATE_INVALID");

    expect(expectError(await post(plan("2024-2026", "KG-1")), 400, "VALIDATION_FAILED").reason).toBe(
      "PLAN_YEAR_INVALID",
    );
    expect(expectError(await post(plan(year, "KG-1", { lines: [] })), 400, "VALIDATION_FAILED").reason).toBe(
      "PLAN_LINES_REQUIRED",
    );
    expect(expectError(await post(plan(year, "Grade-13")), 400, "VALIDATION_FAILED").reason).toBe("GRADE_UNKNOWN");

    const disorder = plan(year, "KG-1");
    disorder.lines[0]!.instalments.reverse();
    expect(expectError(await post(disorder), 400, "VALIDATION_FAILED").reason).toBe("PLAN_INSTALMENT_ORDER");

    const repeated = plan(year, "KG-1");
    repeated.lines[1]!.name = "tuition";
    expect(expectError(await post(repeated), 400, "VALIDATION_FAILED").reason).toBe("PLAN_LINE_REPEATED");

    const noInstalments = plan(year, "KG-1");
    noInstalments.lines[1]!.instalments = [];
    expect(expectError(await post(noInstalments), 400, "VALIDATION_FAILED").reason).toBe("PLAN_INSTALMENTS_REQUIRED");
  });

  it("creates, reads, replaces and deletes a plan; one plan per year and grade", async () => {
    const year = freshYear();
    const created = await post(plan(year, "kg-2"));
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const p = created.json.plan;
    expect(p).toMatchObject({ academic_year_name: year, grade: "KG-2", total: 11200.03, applied_count: 0 });
    expect(
      p.lines.map((l: { name: string; name_en: string | null; total: number }) => [l.name, l.name_en, l.total]),
    ).toEqual([
      ["Tuition", null, 10000.03],
      ["الباص", "Bus", 1200],
    ]);
    expectError(await post(plan(year, "KG-2")), 409, "CONFLICT");
    expect((await post(plan(year, "KG-2"))).json.reason).toBe("PLAN_EXISTS");

    const replaced = await api(`/api/admin/fee-plans/${p.id}`, {
      method: "PUT",
      token,
      body: plan(year, "KG-2", { lines: [plan(year, "KG-2").lines[1]] }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json.plan.total).toBe(1200);
    const listed = await api(`/api/admin/fee-plans?academic_year_name=${year}`, { token });
    expect(listed.json.plans.map((x: { id: number }) => x.id)).toEqual([p.id]);

    expect((await api(`/api/admin/fee-plans/${p.id}`, { method: "DELETE", token })).status).toBe(200);
    expect(expectError(await api(`/api/admin/fee-plans/${p.id}`, { token }), 404, "NOT_FOUND").reason).toBe(
      "PLAN_NOT_FOUND",
    );
    expect(expectError(await api(`/api/admin/fee-plans/abc`, { token }), 400, "VALIDATION_FAILED").reason).toBe(
      "PLAN_ID_INVALID",
    );
    expect(
      expectError(await api(`/api/admin/fee-plans/999999/apply?dry_run=1`, { method: "POST", token }), 404, "NOT_FOUND")
        .reason,
    ).toBe("PLAN_NOT_FOUND");
    const audits = await testDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(p.id)));
    expect(
      audits
        .filter((a) => a.entity === "fee_plan")
        .map((a) => a.action)
        .sort(),
    ).toEqual(["create", "delete", "update"]);
  });
});

describe("applying a plan, paying, overdue", () => {
  const year = freshYear();
  const grade = "Primary-5";
  let withPayment: { id: number; studentNo: string };
  let without: { id: number; studentNo: string };
  let planId: number;

  beforeAll(async () => {
    withPayment = await insertStudent({ currentGrade: grade, fullName: `Plan A ${uid()}` });
    without = await insertStudent({ currentGrade: grade, fullName: `Plan B ${uid()}` });
    await ensureYear(year);
    const created = await api("/api/fees", {
      method: "POST",
      token,
      body: {
        student_id: withPayment.studentNo,
        grade,
        total_amount: 9000,
        paid_amount: 3000,
        academic_year_name: year,
      },
    });
    expect(created.status).toBe(201);
    const res = await post(plan(year, grade));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    planId = res.json.plan.id;
  });

  const fee = async (studentNo: string, date: string) =>
    (await api(`/api/fees?academic_year=${year}&search=${studentNo}`, { token, headers: at(date) })).json.fees[0];

  it("previews without writing, then applies: creates the missing record and allocates kept payments oldest first", async () => {
    const preview = await api(`/api/admin/fee-plans/${planId}/apply?dry_run=1`, { method: "POST", token });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(preview.json.dry_run).toBe(true);
    const mine = (rows: Array<{ key: string; action: string }>): Record<string, any> =>
      Object.fromEntries(
        rows.filter((r) => [withPayment.studentNo, without.studentNo].includes(r.key)).map((r) => [r.key, r]),
      );
    const rows = mine(preview.json.rows);
    expect(rows[withPayment.studentNo]).toMatchObject({
      action: "update",
      total_before: 9000,
      total_after: 11200.03,
      paid: 3000,
      errors: [],
    });
    expect(rows[without.studentNo]).toMatchObject({
      action: "create",
      total_before: null,
      total_after: 11200.03,
      paid: 0,
    });
    expect(preview.json.summary.total).toBe(preview.json.rows.length);
    expect((await api(`/api/fees?academic_year=${year}&search=${without.studentNo}`, { token })).json.fees).toEqual([]);

    const applied = await api(`/api/admin/fee-plans/${planId}/apply`, { method: "POST", token });
    expect(applied.status, JSON.stringify(applied.json)).toBe(200);
    expect(applied.json.dry_run).toBe(false);

    const a = await fee(withPayment.studentNo, `${y1(year)}-09-01`);
    expect(a).toMatchObject({
      total_amount: 11200.03,
      paid_amount: 3000,
      plan_id: planId,
      overdue_amount: 0,
      next_due_date: `${y1(year)}-10-01`,
    });
    // Oldest first across lines: Tuition 1 (15 Sep), Bus 1 (1 Oct), Tuition 2 (15 Nov), …
    // Each line keeps its Arabic and English names (docs/product.md#fee-plans: "Line names").
    expect(a.instalments[1]).toMatchObject({ line: "الباص", line_en: "Bus" });
    expect(a.instalments.map((i: any) => [i.line, i.no, i.due_date, i.amount, i.paid, i.status])).toEqual([
      ["Tuition", 1, `${y1(year)}-09-15`, 2500, 2500, "paid"],
      ["الباص", 1, `${y1(year)}-10-01`, 1200, 500, "partially_paid"],
      ["Tuition", 2, `${y1(year)}-11-15`, 2500, 0, "upcoming"],
      ["Tuition", 3, `${y2(year)}-02-01`, 2500, 0, "upcoming"],
      ["Tuition", 4, `${y2(year)}-04-01`, 2500.03, 0, "upcoming"],
    ]);
    const b = await fee(without.studentNo, `${y1(year)}-09-01`);
    expect(b).toMatchObject({ total_amount: 11200.03, paid_amount: 0, status: "not_paid" });
    expect(b.instalments[0].status).toBe("due");
    await expectBalanced(a.id);
    await expectBalanced(b.id);

    const again = await api(`/api/admin/fee-plans/${planId}/apply?dry_run=1`, { method: "POST", token });
    expect(mine(again.json.rows)[withPayment.studentNo].action).toBe("unchanged");
  });

  it("allocates a payment to the oldest unpaid instalments in the same write, and the receipt names them", async () => {
    const res = await api(`/api/fees/${withPayment.studentNo}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 3000 },
      headers: at(`${y1(year)}-09-20`),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.payment.allocations).toEqual([
      { instalment_no: 1, line: "الباص", line_en: "Bus", amount: 700 },
      { instalment_no: 2, line: "Tuition", line_en: null, amount: 2300 },
    ]);
    expect(res.json.fee.payments.at(-1).allocations).toEqual(res.json.payment.allocations);
    await expectBalanced(res.json.fee.id);
  });

  it("an instalment is overdue from the school day after its due date (Cairo); the list filters and sorts by it", async () => {
    const dueDay = `${y1(year)}-11-15`;
    const onDueDay = await fee(withPayment.studentNo, dueDay);
    expect(onDueDay.instalments[2].status).toBe("partially_paid");
    expect(onDueDay.overdue_amount).toBe(0);
    // 22:30 UTC on the due day is already 00:30 the next day in Cairo (UTC+2 in November).
    const lateNight = (
      await api(`/api/fees?academic_year=${year}&search=${withPayment.studentNo}`, {
        token,
        headers: { "X-Test-Now": `${dueDay}T22:30:00Z` },
      })
    ).json.fees[0];
    expect(lateNight.instalments[2].status).toBe("overdue");
    expect(lateNight.overdue_amount).toBe(200);
    const nextDay = `${y1(year)}-11-16`;
    const b = await fee(without.studentNo, nextDay);
    expect(b.overdue_amount).toBe(6200);
    expect(b.next_due_date).toBe(`${y2(year)}-02-01`);

    const overdue = await api(
      `/api/fees?academic_year=${year}&status=overdue&grade=${grade}&sortBy=overdue_amount&sortOrder=desc&limit=50`,
      {
        token,
        headers: at(nextDay),
      },
    );
    expect(overdue.status, JSON.stringify(overdue.json)).toBe(200);
    const keys = overdue.json.fees.map((f: { student_no: string }) => f.student_no);
    expect(keys.indexOf(without.studentNo)).toBeLessThan(keys.indexOf(withPayment.studentNo));
    const amounts = overdue.json.fees.map((f: { overdue_amount: number }) => f.overdue_amount);
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
    expect(amounts.every((x: number) => x > 0)).toBe(true);

    const notYet = await api(`/api/fees?academic_year=${year}&status=overdue&search=${without.studentNo}`, {
      token,
      headers: at(`${y1(year)}-09-15`),
    });
    expect(notYet.json.fees).toEqual([]);
    const soon = await api(`/api/fees?academic_year=${year}&due_within_days=20&search=${without.studentNo}`, {
      token,
      headers: at(`${y1(year)}-09-20`),
    });
    expect(soon.json.fees).toHaveLength(1);
    const notSoon = await api(`/api/fees?academic_year=${year}&due_within_days=٣&search=${without.studentNo}`, {
      token,
      headers: at(`${y1(year)}-10-02`),
    });
    expect(notSoon.json.fees).toEqual([]);
    expect(
      expectError(await api(`/api/fees?due_within_days=-1`, { token }), 400, "VALIDATION_FAILED").issues[0].path,
    ).toBe("due_within_days");

    // The dashboard's card counts the current year's and the earlier years' accounts (the two lists it opens,
    // docs/product.md#dashboard); this year comes after the current one, so its overdue is on its own list only.
    const summary = await api("/api/fees/overdue-summary", { token, headers: at(nextDay) });
    expect(summary.status).toBe(200);
    expect(summary.json.arrearsAmount).toBeLessThanOrEqual(summary.json.overdueAmount);
  });

  it("a discount (amount or percent, with a reason) comes off the latest instalments; refusals name the field", async () => {
    const url = `/api/fees/${without.studentNo}/discount?academic_year=${year}`;
    const put = (body: unknown) => api(url, { method: "PUT", token, body, headers: at(`${y1(year)}-09-01`) });
    let err = expectError(await put({ kind: "amount", value: 20000, reason: "Sibling" }), 400, "VALIDATION_FAILED");
    expect(err).toMatchObject({ reason: "DISCOUNT_ABOVE_TOTAL", params: { field: "discount" } });
    err = expectError(await put({ kind: "amount", value: 100 }), 400, "VALIDATION_FAILED");
    expect(err.reason).toBe("DISCOUNT_REASON_REQUIRED");
    expect(err.issues[0].path).toBe("reason");
    expect(
      expectError(await put({ kind: "percent", value: 101, reason: "x" }), 400, "VALIDATION_FAILED").issues[0].path,
    ).toBe("value");
    expect(expectError(await put({ kind: "gift", value: 1, reason: "x" }), 400, "VALIDATION_FAILED").reason).toBe(
      "DISCOUNT_KIND_INVALID",
    );

    const ok = await put({ kind: "percent", value: 25, reason: "Sibling discount" });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.fee.discount).toEqual({ amount: 2800.01, percent: 25, reason: "Sibling discount" });
    expect(ok.json.fee.total_amount).toBe(8400.02);
    expect(ok.json.fee.instalments.map((i: { amount: number }) => i.amount)).toEqual([2500, 1200, 2500, 2200.02, 0]);
    await expectBalanced(ok.json.fee.id);

    const cleared = await put({ kind: "amount", value: 0 });
    expect(cleared.json.fee).toMatchObject({ discount: null, total_amount: 11200.03 });

    const loose = await insertStudent({ currentGrade: "Prep-1" });
    await api("/api/fees", {
      method: "POST",
      token,
      body: { student_id: loose.studentNo, grade: "Prep-1", total_amount: 100, paid_amount: 0 },
    });
    expect(
      expectError(
        await api(`/api/fees/${loose.studentNo}/discount`, {
          method: "PUT",
          token,
          body: { kind: "amount", value: 1, reason: "x" },
        }),
        409,
        "CONFLICT",
      ).reason,
    ).toBe("DISCOUNT_NEEDS_SCHEDULE");
  });

  it("an edit keeps the schedule's total and re-allocates a changed paid amount; paid above a new total is refused", async () => {
    const studentNo = withPayment.studentNo;
    const moved = await api(`/api/fees/${studentNo}?academic_year=${year}`, {
      method: "PUT",
      token,
      body: { total_amount: 5, paid_amount: 0 },
    });
    expect(expectError(moved, 409, "CONFLICT").reason).toBe("TOTAL_SET_BY_SCHEDULE");
    const down = await api(`/api/fees/${studentNo}?academic_year=${year}`, {
      method: "PUT",
      token,
      body: { total_amount: 11200.03, paid_amount: 2000 },
    });
    expect(down.status, JSON.stringify(down.json)).toBe(200);
    expect(down.json.fee.instalments.map((i: { paid: number }) => i.paid)).toEqual([2000, 0, 0, 0, 0]);
    const adjustment = down.json.fee.payments.find((p: { kind: string }) => p.kind === "adjustment");
    expect(adjustment).toMatchObject({ amount: -4000 });
    expect(adjustment.allocations.reduce((s: number, a: { amount: number }) => s + a.amount, 0)).toBe(-4000);
    await expectBalanced(down.json.fee.id);

    const discount = await api(`/api/fees/${studentNo}/discount?academic_year=${year}`, {
      method: "PUT",
      token,
      body: { kind: "amount", value: 9500, reason: "Staff child" },
    });
    expect(expectError(discount, 400, "VALIDATION_FAILED").reason).toBe("TOTAL_BELOW_PAID");
  });

  it("a custom schedule replaces the plan's for one student, keeps payments, and is left alone by the next apply", async () => {
    const url = `/api/fees/${without.studentNo}/schedule?academic_year=${year}`;
    const put = (body: unknown) => api(url, { method: "PUT", token, body, headers: at(`${y1(year)}-09-01`) });
    const outside = await put({ instalments: [{ line: "Tuition", due_date: `${y2(year)}-09-01`, amount: 100 }] });
    expect(expectError(outside, 400, "VALIDATION_FAILED")).toMatchObject({ reason: "DUE_DATE_OUTSIDE_YEAR" });
    expect(outside.json.issues[0].path).toBe("instalments.0.due_date");
    expect(expectError(await put({ instalments: [] }), 400, "VALIDATION_FAILED").reason).toBe(
      "PLAN_INSTALMENTS_REQUIRED",
    );
    await api(`/api/fees/${without.studentNo}/add-payment`, { method: "POST", token, body: { payment_amount: 500 } });
    expect(
      expectError(
        await put({ instalments: [{ line: "Tuition", due_date: `${y1(year)}-10-01`, amount: 400 }] }),
        400,
        "VALIDATION_FAILED",
      ).reason,
    ).toBe("TOTAL_BELOW_PAID");

    const ok = await put({
      instalments: [
        { line: "Tuition", due_date: `${y2(year)}-01-10`, amount: 3000 },
        { line: "Tuition", due_date: `${y1(year)}-10-10`, amount: 3000 },
        { line: "الباص", line_en: "Bus", due_date: `${y1(year)}-10-10`, amount: 600 },
      ],
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.fee).toMatchObject({ total_amount: 6600, paid_amount: 500, custom_schedule: true, discount: null });
    expect(ok.json.fee.instalments.map((i: any) => [i.line, i.no, i.paid])).toEqual([
      ["Tuition", 1, 500],
      ["الباص", 1, 0],
      ["Tuition", 2, 0],
    ]);
    await expectBalanced(ok.json.fee.id);
    const preview = await api(`/api/admin/fee-plans/${planId}/apply?dry_run=1`, { method: "POST", token });
    expect(preview.json.rows.find((r: { key: string }) => r.key === without.studentNo)).toMatchObject({
      action: "unchanged",
      note: "custom_schedule",
    });
    const back = await api(url, { method: "DELETE", token });
    expect(back.json.fee.custom_schedule).toBe(false);
    const applied = await api(`/api/admin/fee-plans/${planId}/apply`, { method: "POST", token });
    expect(applied.status, JSON.stringify(applied.json)).toBe(200);
    expect((await fee(without.studentNo, `${y1(year)}-09-01`)).total_amount).toBe(11200.03);
  });

  it("a commit with an error row writes nothing and answers the preview's body", async () => {
    const studentNo = withPayment.studentNo;
    await api(`/api/fees/${studentNo}?academic_year=${year}`, {
      method: "PUT",
      token,
      body: { total_amount: 11200.03, paid_amount: 11000 },
    });
    const small = await api(`/api/admin/fee-plans/${planId}`, {
      method: "PUT",
      token,
      body: plan(year, grade, { lines: [plan(year, grade).lines[1]] }),
    });
    expect(small.status).toBe(200);
    const res = await api(`/api/admin/fee-plans/${planId}/apply`, { method: "POST", token });
    const err = expectError(res, 400, "VALIDATION_FAILED");
    expect(err.reason).toBe("PLAN_APPLY_ERRORS");
    const row = err.rows.find((r: { key: string }) => r.key === studentNo);
    expect(row).toMatchObject({ action: "error", errors: [{ field: "total_amount", code: "TOTAL_BELOW_PAID" }] });
    expect((await fee(without.studentNo, `${y1(year)}-09-01`)).total_amount).toBe(11200.03);
  });

  it("a commit whose only rows are errors is refused too, not answered 200 with nothing written", async () => {
    // The grade with the fewest active students (other files' students share the database), and a year of its own.
    const counts = await testDb().all<{ grade: string; n: number }>(
      sql`SELECT current_grade AS grade, count(*) AS n FROM students WHERE is_active = 1 GROUP BY current_grade`,
    );
    const lone = GRADES.map((g) => ({ g, n: counts.find((c) => c.grade === g)?.n ?? 0 })).sort((a, b) => a.n - b.n)[0]!
      .g;
    const s = await insertStudent({ currentGrade: lone, fullName: `Plan C ${uid()}` });
    const year = freshYear();
    await ensureYear(year);
    // Every student of the grade holds an account of that year paid beyond the plan's total: each row is an error.
    const others = await testDb().all<{ id: number }>(
      sql`SELECT id FROM students WHERE is_active = 1 AND current_grade = ${lone} AND id <> ${s.id}`,
    );
    for (const o of others) await insertFee(o.id, 2_000_000, 1_500_000, lone, year);
    expect(
      (
        await api(`/api/fees`, {
          method: "POST",
          token,
          body: {
            student_id: s.studentNo,
            grade: lone,
            total_amount: 20000,
            paid_amount: 15000,
            academic_year_name: year,
          },
        })
      ).status,
    ).toBe(201);
    const created = await post(plan(year, lone));
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const res = await api(`/api/admin/fee-plans/${created.json.plan.id}/apply`, { method: "POST", token });
    const err = expectError(res, 400, "VALIDATION_FAILED");
    expect(err).toMatchObject({
      reason: "PLAN_APPLY_ERRORS",
      summary: { total: others.length + 1, errors: others.length + 1, create: 0, update: 0 },
    });
    expect((await api(`/api/fees?academic_year=${year}&search=${s.studentNo}`, { token })).json.fees[0]).toMatchObject({
      total_amount: 20000,
      plan_id: null,
    });
  });
});

describe("results fee rule", () => {
  it("is a setting: fully_paid by default, no_overdue blocks only while an instalment due by today is unpaid", async () => {
    expect((await api("/api/admin/settings", { token })).json.settings).toMatchObject({
      results_fee_rule: "fully_paid",
    });
    const bad = expectError(
      await api("/api/admin/settings", { method: "PUT", token, body: { results_fee_rule: "never" } }),
      400,
      "VALIDATION_FAILED",
    );
    expect(bad).toMatchObject({ reason: "SETTING_VALUE_INVALID", params: { field: "results_fee_rule" } });

    const year = freshYear();
    const grade = "Primary-1";
    await setPublished(year, "S1", true);
    const s = await insertStudent({ currentGrade: grade, studentNo: uniqueStudentNo() });
    await insertResult(s.id, year, "S1", [["Math", 9000, 10000]], grade);
    const p = await post({
      academic_year_name: year,
      grade,
      lines: [
        {
          name: "Tuition",
          instalments: [
            { no: 1, due_date: `${y1(year)}-10-01`, amount: 1000 },
            { no: 2, due_date: `${y2(year)}-03-01`, amount: 1000 },
          ],
        },
      ],
    });
    expect(p.status, JSON.stringify(p.json)).toBe(201);
    expect((await api(`/api/admin/fee-plans/${p.json.plan.id}/apply`, { method: "POST", token })).status).toBe(200);
    await api(`/api/fees/${s.studentNo}/add-payment`, { method: "POST", token, body: { payment_amount: 1000 } });
    const look = (date: string) =>
      api(`/api/student/results/${s.studentNo}`, {
        headers: { "CF-Connecting-IP": `10.9.${Math.floor(Math.random() * 250)}.1`, ...at(date) },
      });

    expect(expectError(await look(`${y1(year)}-12-01`), 403, "FORBIDDEN").reason).toBe("RESULTS_FEES_UNPAID");
    const changed = await api("/api/admin/settings", {
      method: "PUT",
      token,
      body: { results_fee_rule: "no_overdue" },
    });
    expect(changed.json.settings.results_fee_rule).toBe("no_overdue");
    expect((await look(`${y1(year)}-12-01`)).status).toBe(200);
    // Due on or before today and unpaid: blocked on the due day itself.
    expect(expectError(await look(`${y2(year)}-03-01`), 403, "FORBIDDEN")).toMatchObject({
      reason: "RESULTS_FEES_UNPAID",
      requiresPayment: true,
    });
    const audit = await testDb().select().from(auditLog).where(eq(auditLog.entity, "school_settings"));
    expect(audit.at(-1)!.after).toContain("no_overdue");
  });
});
