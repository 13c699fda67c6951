/**
 * The year-end rollover against the real database (docs/product.md#the-year-end-rollover): the dry run's counts and
 * next grades, exceptions by hand and by the S2 rule, the apply (enrolments, outcomes, fee accounts from next year's
 * plans with recurring discounts), a second apply changing nothing, a run stopped mid-way and continued, and the undo
 * allowed until the new year's first payment or result. Each test closes a year of its own far from the clock's, so
 * the other files' students are never part of it.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  academicYears,
  admins,
  enrolments,
  feeInstalments,
  feePlanInstalments,
  feePlans,
  feeRecords,
  payments,
  rolloverRuns,
  rolloverRunStudents,
  students,
} from "../../db/schema";
import { applyRollover } from "../../worker/services/rollover/apply";
import type { RequestContext } from "../../worker/request-context";
import { api, expectError, loginAdmin } from "./helpers";
import { insertResult, insertStudent, testDb } from "./fixtures";

let token: string;
let yearNo = 2400 + Math.floor(Math.random() * 300) * 3;
beforeAll(async () => {
  token = await loginAdmin();
});

const db = () => testDb();
const name = (y: number) => `${y}-${y + 1}`;

/** A closing year of its own with students enrolled in `grades`, and next year's plan for `planGrades`. */
async function school(grades: string[], planGrades: string[] = []) {
  yearNo += 3;
  const y = yearNo;
  const from = name(y);
  const to = name(y + 1);
  await db()
    .insert(academicYears)
    .values({
      name: from,
      startDate: `${y}-09-01`,
      endDate: `${y + 1}-08-31`,
      term1Start: `${y}-09-01`,
      term1End: `${y + 1}-01-31`,
      term2Start: `${y + 1}-02-01`,
      term2End: `${y + 1}-06-30`,
      // Upcoming, as the years page leaves a year after the current one: a closed year after it would stop the
      // other files' year changes in this shared database (only the next year in line becomes current).
      state: "upcoming",
    });
  const people = [];
  for (const [i, grade] of grades.entries()) {
    const s = await insertStudent({ currentGrade: grade, buildingNo: 2, fullName: `طالب ${i}` });
    await db()
      .insert(enrolments)
      .values({ studentId: s.id, academicYearName: from, grade, buildingNo: 2, section: "1/1" });
    people.push(s);
  }
  for (const grade of planGrades) {
    const [plan] = await db().insert(feePlans).values({ academicYearName: to, grade }).returning();
    await db()
      .insert(feePlanInstalments)
      .values([
        {
          planId: plan!.id,
          linePosition: 0,
          line: "مصروفات",
          no: 1,
          dueDate: `${y + 1}-10-01`,
          amountPiastres: 600_00,
        },
        {
          planId: plan!.id,
          linePosition: 0,
          line: "مصروفات",
          no: 2,
          dueDate: `${y + 2}-02-01`,
          amountPiastres: 400_00,
        },
      ]);
  }
  return { from, to, people, y };
}

const post = (path: string, body: unknown) => api(`/api/admin/rollover/${path}`, { method: "POST", token, body });

async function ctx(): Promise<RequestContext> {
  const [a] = await db().select().from(admins).limit(1);
  return {
    db: db(),
    actor: {
      id: a!.id,
      username: a!.username,
      displayName: a!.username,
      role: "administrator",
      mustChangePassword: false,
      sessionId: 0,
    },
    now: new Date(),
    requestId: "rollover-test",
  };
}

describe("rollover: dry run", () => {
  it("promotes up the ladder, graduates Prep-3, keeps Private, lets the inactive leave", async () => {
    const w = await school(["KG-1", "Primary-6", "Prep-3", "Private", "Prep-2"]);
    await db().update(students).set({ isActive: false }).where(eq(students.id, w.people[4]!.id));
    const res = await post("dry-run", { from_year: w.from, to_year: w.to });
    expect(res.status, res.text).toBe(200);
    expect(res.json.totals).toEqual({ promoted: 3, retained: 0, graduated: 1, left: 1, total: 5 });
    const next = Object.fromEntries(
      res.json.grades.flatMap((g: any) => g.students.map((s: any) => [s.grade, [s.outcome, s.next_grade]])),
    );
    expect(next).toEqual({
      "KG-1": ["promoted", "KG-2"],
      "Primary-6": ["promoted", "Prep-1"],
      "Prep-3": ["graduated", null],
      Private: ["promoted", "Private"],
      "Prep-2": ["left", null],
    });
    expect(res.json.grades.map((g: any) => g.grade)).toEqual(["KG-1", "Primary-6", "Prep-2", "Prep-3", "Private"]);
    expect(res.json.to_year_exists).toBe(false);
    expect(res.json.missing_plans.sort()).toEqual(["KG-2", "Prep-1", "Private"]);
  });

  it("applies exceptions by hand and the S2 rule (absent counts as below), and lists unknown exceptions", async () => {
    const w = await school(["Primary-1", "Primary-2", "Primary-3", "Primary-4"]);
    const [a, b, c, d] = w.people;
    await insertResult(
      a!.id,
      w.from,
      "S2",
      [
        ["Math", 20, 100],
        ["Arabic", 49.5, 100],
        ["English", 90, 100],
      ],
      "Primary-1",
    );
    const r = await insertResult(
      b!.id,
      w.from,
      "S2",
      [
        ["Math", 20, 100],
        ["Arabic", 80, 100],
      ],
      "Primary-2",
    );
    await db().run(sql`UPDATE result_subject_scores SET score_hundredths = NULL, absent = 1
      WHERE result_id = ${r.id} AND subject_name = 'Arabic'`);
    const res = await post("dry-run", {
      from_year: w.from,
      to_year: w.to,
      rule: { pass_mark_percent: 50, max_failed: 1 },
      exceptions: [
        { student_no: c!.studentNo, outcome: "left" },
        { student_no: d!.studentNo, outcome: "promoted", building: 4, section: "5/2" },
        { student_no: "99999999", outcome: "retained" },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const by = new Map(res.json.grades.flatMap((g: any) => g.students.map((s: any) => [s.student_id, s])));
    expect(by.get(a!.id)).toMatchObject({
      outcome: "retained",
      source: "rule",
      next_grade: "Primary-1",
      next_section: "1/1",
      s2_failed: 2,
      s2_subjects: 3,
    });
    expect(by.get(b!.id)).toMatchObject({ outcome: "retained", source: "rule", s2_failed: 2 });
    expect(by.get(c!.id)).toMatchObject({ outcome: "left", source: "exception", next_grade: null });
    expect(by.get(d!.id)).toMatchObject({
      outcome: "promoted",
      next_grade: "Primary-5",
      next_building: 4,
      next_section: "5/2",
    });
    expect(res.json.unknown_exceptions).toEqual(["99999999"]);
    const refused = await post("apply", {
      from_year: w.from,
      to_year: w.to,
      exceptions: [{ student_no: "99999999", outcome: "left" }],
    });
    expectError(refused, 400, "VALIDATION_FAILED");
    expect(refused.json.reason).toBe("ROLLOVER_EXCEPTIONS_INVALID");
  });
});

async function snapshot(to: string, from: string) {
  const [e, f, i, o] = await db().batch([
    db().select().from(enrolments).where(eq(enrolments.academicYearName, to)),
    db().select().from(feeRecords).where(eq(feeRecords.academicYearName, to)),
    db()
      .select({ n: sql<number>`count(*)` })
      .from(feeInstalments)
      .where(sql`fee_record_id IN (SELECT id FROM fee_records WHERE academic_year_name = ${to})`),
    db().select().from(enrolments).where(eq(enrolments.academicYearName, from)),
  ]);
  return { e, f, i: i[0]!.n, o };
}

describe("rollover: status", () => {
  it("names the closing year, the next one, and the years that can be closed", async () => {
    const w = await school(["Primary-2"]);
    const status = await api(`/api/admin/rollover?from_year=${w.from}`, { token });
    expect(status.status, status.text).toBe(200);
    expect(status.json).toMatchObject({ current_year: w.from, next_year: w.to, run: null });
    const closable: string[] = status.json.closable_years;
    expect(closable).toContain(w.from);
    expect(closable).toEqual([...closable].sort().reverse());
    const current = (await api("/api/admin/rollover", { token })).json.current_year;
    expect(closable).toContain(current);
  });
});

describe("rollover: apply", () => {
  it("enrols, sets outcomes, creates accounts from the plans (recurring discounts only), and a second apply changes nothing", async () => {
    const w = await school(["KG-1", "KG-1", "Prep-3", "Primary-3"], ["KG-2"]);
    const [a, b, c] = w.people;
    await db()
      .insert(feeRecords)
      .values([
        {
          studentId: a!.id,
          academicYearName: w.from,
          grade: "KG-1",
          totalPiastres: 900_00,
          paidPiastres: 100_00,
          discountPiastres: 0,
          discountPercent: 1000,
          discountReason: "أخوة",
          discountRecurring: true,
        },
        {
          studentId: b!.id,
          academicYearName: w.from,
          grade: "KG-1",
          totalPiastres: 900_00,
          discountPiastres: 100_00,
          discountReason: "مرة",
          discountRecurring: false,
        },
      ]);
    const first = await post("apply", { from_year: w.from, to_year: w.to });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ state: "applied", created_year: true, total: 4, done: 4, undoable: true });
    expect(first.json.counts).toMatchObject({ promoted: 3, graduated: 1, total: 4 });
    const [year] = await db().select().from(academicYears).where(eq(academicYears.name, w.to));
    expect(year).toMatchObject({ state: "upcoming", startDate: `${w.y + 1}-09-01`, term2End: `${w.y + 2}-06-30` });
    const before = await snapshot(w.to, w.from);
    expect(before.e.map((e) => e.studentId).sort()).toEqual([a!.id, b!.id, w.people[3]!.id].sort());
    expect(before.e.every((e) => e.outcome === null)).toBe(true);
    expect(before.o.find((e) => e.studentId === c!.id)?.outcome).toBe("graduated");
    const fa = before.f.find((f) => f.studentId === a!.id)!;
    const fb = before.f.find((f) => f.studentId === b!.id)!;
    expect(fa).toMatchObject({
      totalPiastres: 900_00,
      discountPiastres: 100_00,
      discountPercent: 1000,
      discountRecurring: true,
      paidPiastres: 0,
    });
    expect(fb).toMatchObject({ totalPiastres: 1000_00, discountPiastres: 0, discountRecurring: false });
    expect(before.f.find((f) => f.studentId === w.people[3]!.id)).toMatchObject({
      grade: "Primary-4",
      totalPiastres: 0,
      planId: null,
    });
    expect(before.i).toBe(4);
    // The closing year's accounts are untouched.
    const [old] = await db()
      .select()
      .from(feeRecords)
      .where(and(eq(feeRecords.studentId, a!.id), eq(feeRecords.academicYearName, w.from)));
    expect(old).toMatchObject({ totalPiastres: 900_00, paidPiastres: 100_00 });

    const second = await post("apply", {
      from_year: w.from,
      to_year: w.to,
      exceptions: [{ student_no: a!.studentNo, outcome: "left" }],
    });
    expect(second.status, second.text).toBe(200);
    expect(second.json.id).toBe(first.json.id);
    expect(await snapshot(w.to, w.from)).toEqual(before);
  });

  it("continues a run stopped mid-way with its own exceptions, writing each student once", async () => {
    const w = await school(["KG-1", "KG-2", "Primary-1", "Primary-2"], ["KG-2", "Primary-1"]);
    const exceptions = [{ student_no: w.people[3]!.studentNo, outcome: "retained" as const }];
    const stopped = await applyRollover(
      await ctx(),
      { from_year: w.from, to_year: w.to, exceptions },
      {
        afterBatch: (n) => {
          if (n >= 2) throw new Error("crash after the second batch");
        },
      },
    ).catch((e: Error) => e);
    expect(String(stopped)).toContain("crash");
    const [run] = await db().select().from(rolloverRuns).where(eq(rolloverRuns.fromYear, w.from));
    expect(run).toMatchObject({ state: "running", done: 2, total: 4 });
    const status = await api(`/api/admin/rollover?from_year=${w.from}`, { token });
    expect(status.json.run).toMatchObject({ state: "running", done: 2 });
    // Resumed without the exceptions: the run's own are applied.
    const resumed = await post("apply", { from_year: w.from, to_year: w.to });
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.json).toMatchObject({ id: run!.id, state: "applied", done: 4 });
    expect(resumed.json.counts).toMatchObject({ promoted: 3, retained: 1 });
    const rows = await db().select().from(rolloverRunStudents).where(eq(rolloverRunStudents.runId, run!.id));
    expect(rows).toHaveLength(4);
    const next = await db().select().from(enrolments).where(eq(enrolments.academicYearName, w.to));
    expect(next.map((e) => e.grade).sort()).toEqual(["KG-2", "Primary-1", "Primary-2", "Primary-2"]);
    const accounts = await db().select().from(feeRecords).where(eq(feeRecords.academicYearName, w.to));
    expect(accounts).toHaveLength(4);
  });
});

describe("rollover: undo", () => {
  it("undoes the whole run, then is refused once the new year has a payment", async () => {
    const w = await school(["Primary-5", "Prep-3"], ["Primary-6"]);
    const applied = await post("apply", { from_year: w.from, to_year: w.to });
    expect(applied.status, applied.text).toBe(200);
    const undone = await post("undo", { run_id: applied.json.id });
    expect(undone.status, undone.text).toBe(200);
    expect(undone.json.state).toBe("undone");
    const after = await snapshot(w.to, w.from);
    expect(after.e).toEqual([]);
    expect(after.f).toEqual([]);
    expect(after.o.every((e) => e.outcome === null)).toBe(true);
    // The run created the year, but the office's fee plans name it: it stays.
    expect(await db().select().from(academicYears).where(eq(academicYears.name, w.to))).toHaveLength(1);
    expectError(await post("undo", { run_id: applied.json.id }), 404, "NOT_FOUND");

    const again = await post("apply", { from_year: w.from, to_year: w.to });
    expect(again.status, again.text).toBe(200);
    expect(again.json.id).not.toBe(applied.json.id);
    const [acc] = await db().select().from(feeRecords).where(eq(feeRecords.academicYearName, w.to));
    await db().batch([
      db().update(feeRecords).set({ paidPiastres: 100_00 }).where(eq(feeRecords.id, acc!.id)),
      db()
        .insert(payments)
        .values({
          feeRecordId: acc!.id,
          receiptNo: `R-${w.to}-1`,
          academicYear: w.to,
          sequence: 1,
          amountPiastres: 100_00,
        }),
    ]);
    const locked = await post("undo", { run_id: again.json.id });
    expectError(locked, 409, "CONFLICT");
    expect(locked.json.reason).toBe("ROLLOVER_UNDO_LOCKED");
    const status = await api(`/api/admin/rollover?from_year=${w.from}`, { token });
    expect(status.json.run).toMatchObject({ state: "applied", undoable: false });
    expect((await snapshot(w.to, w.from)).e).toHaveLength(1);
  });

  it("is refused once the new year has a result", async () => {
    const w = await school(["Primary-5"]);
    const first = await post("apply", { from_year: w.from, to_year: w.to });
    await post("undo", { run_id: first.json.id });
    // Nothing else names the year the run created: the undo removed it.
    expect(await db().select().from(academicYears).where(eq(academicYears.name, w.to))).toEqual([]);
    const applied = await post("apply", { from_year: w.from, to_year: w.to });
    await insertResult(w.people[0]!.id, w.to, "S1", [["Math", 50, 100]], "Primary-6");
    const locked = await post("undo", { run_id: applied.json.id });
    expect(locked.json.reason).toBe("ROLLOVER_UNDO_LOCKED");
  });
});

describe("rollover: the students follow the year that becomes current", () => {
  it("takes the new enrolment's grade and building, and makes the graduates inactive (a trigger)", async () => {
    const w = await school(["Primary-2", "Prep-3"]);
    const applied = await post("apply", {
      from_year: w.from,
      to_year: w.to,
      exceptions: [{ student_no: w.people[0]!.studentNo, outcome: "promoted", building: 6 }],
    });
    expect(applied.status, applied.text).toBe(200);
    // Inside a transaction rolled back: the real current year is never changed for the other files.
    let seen: Array<typeof students.$inferSelect> = [];
    await db()
      .transaction(async (tx) => {
        await tx.run(sql`UPDATE academic_years SET state = 'closed' WHERE state = 'current'`);
        await tx.run(sql`UPDATE academic_years SET state = 'current' WHERE name = ${w.to}`);
        seen = await tx
          .select()
          .from(students)
          .where(sql`${students.id} IN (${w.people[0]!.id}, ${w.people[1]!.id})`)
          .orderBy(students.id);
        tx.rollback();
      })
      .catch(() => {});
    expect(seen.map((s) => [s.currentGrade, s.buildingNo, s.isActive])).toEqual([
      ["Primary-3", 6, true],
      ["Prep-3", 2, false],
    ]);
    const [after] = await db().select().from(students).where(eq(students.id, w.people[1]!.id));
    expect(after).toMatchObject({ currentGrade: "Prep-3", isActive: true });
  });
});
