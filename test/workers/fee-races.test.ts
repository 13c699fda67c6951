/**
 * Fee writes racing each other (docs/product.md#fee-plans; docs/decisions/0028-fee-record-version.md): two plans of
 * one grade applied while discounts, own schedules, payments and fee and student imports of the same students run
 * at once. After every round:
 * - a record carrying a plan (and no own schedule) has that plan's total less its discount, and that plan's
 *   instalments (lines, numbers, due dates) less the discount taken latest first; an own schedule is in its plan's year;
 * - every record's instalments add up to its total, and their paid amounts to its paid amount (= Σ payments);
 * - each record's and each student's audit rows form a chain: every row's `before` is the previous row's `after`.
 * No request answers 5xx; a write that lost a race answers 409 and writes nothing.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, feeInstalments, feePlanInstalments, feeRecords, payments, students } from "../../db/schema";
import { academicYearBounds, addDays, fillOldestFirst, percentOf } from "../../worker/lib/fee-schedule";
import { discounted, planSchedule } from "../../worker/services/fee-plans";
import { api, loginAdmin, uid } from "./helpers";
import { ensureYear, insertStudent, testDb } from "./fixtures";

const GRADE = "Primary-6";
let token: string;
beforeAll(async () => {
  token = await loginAdmin();
  // Applying a plan takes every active student of the grade: only this file's students may be active in it.
  await testDb().update(students).set({ isActive: false }).where(eq(students.currentGrade, GRADE));
});

let yearNo = 2400;
const lineArb = fc.array(
  fc.record({ day: fc.integer({ min: 0, max: 364 }), piastres: fc.integer({ min: 50_000, max: 400_000 }) }),
  { minLength: 1, maxLength: 3 },
);
const planArb = fc.array(lineArb, { minLength: 1, maxLength: 2 });
const who = fc.integer({ min: 0, max: 4 });
const opArb = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("apply" as const), plan: fc.integer({ min: 0, max: 1 }) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("discount" as const),
      s: who,
      percent: fc.boolean(),
      share: fc.double({ min: 0, max: 0.5, noNaN: true }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("schedule" as const),
      s: who,
      plan: fc.integer({ min: 0, max: 1 }),
      piastres: fc.integer({ min: 10_000, max: 300_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("clear" as const), s: who }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("pay" as const), s: who, piastres: fc.integer({ min: 100, max: 5_000 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("feeImport" as const),
      s: who,
      piastres: fc.integer({ min: 10_000, max: 900_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("studentImport" as const), s: who, active: fc.boolean() }) },
);
/** Before the race the students have no fee record, a record without a plan (the import may change its total), or plan A. */
const roundArb = fc.record({
  plans: fc.tuple(planArb, planArb),
  start: fc.constantFrom("none", "plain", "plan"),
  ops: fc.array(opArb, { minLength: 12, maxLength: 22 }),
});

type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;
type Plan = { id: number; year: string; gross: number };
type Student = Awaited<ReturnType<typeof insertStudent>>;

const linesOf = (lines: Array<Array<{ day: number; piastres: number }>>, start: string) =>
  lines.map((l, li) => {
    const inst = [...l].sort((a, b) => a.day - b.day);
    return {
      name: `Line ${li + 1}`,
      instalments: inst.map((x, i) => ({ no: i + 1, due_date: addDays(start, x.day), amount: x.piastres / 100 })),
    };
  });

/** One request of the race; its answer's status and reason. */
function run(op: Op, plans: Plan[], people: Student[]) {
  const s = "s" in op ? people[op.s % people.length]! : null;
  const key = { "Idempotency-Key": uid("k") };
  switch (op.kind) {
    case "apply":
      return api(`/api/admin/fee-plans/${plans[op.plan]!.id}/apply`, { method: "POST", token });
    case "discount": {
      const gross = Math.min(plans[0]!.gross, plans[1]!.gross);
      const value = op.percent ? Math.round(op.share * 10_000) / 100 : Math.floor(gross * op.share) / 100;
      return api(`/api/fees/${s!.studentNo}/discount?academic_year=${plans[0]!.year}`, {
        method: "PUT",
        token,
        body: { kind: op.percent ? "percent" : "amount", value, reason: "Race" },
      });
    }
    case "schedule": {
      const start = academicYearBounds(plans[op.plan]!.year)!.start;
      const instalments = [
        { line: "Own", due_date: addDays(start, 20), amount: op.piastres / 100 },
        { line: "Own", due_date: addDays(start, 200), amount: 1000 },
      ];
      const url = `/api/fees/${s!.studentNo}/schedule?academic_year=${plans[op.plan]!.year}`;
      return api(url, { method: "PUT", token, body: { instalments } });
    }
    case "clear":
      return api(`/api/fees/${s!.studentNo}/schedule?academic_year=${plans[0]!.year}`, { method: "DELETE", token });
    case "pay":
      return api(`/api/fees/${s!.studentNo}/add-payment`, {
        method: "POST",
        token,
        body: { payment_amount: op.piastres / 100 },
      });
    case "feeImport":
      return api("/api/admin/import/fees", {
        method: "POST",
        token,
        headers: key,
        body: { rows: [{ student_id: s!.studentNo, grade: GRADE, total_amount: op.piastres / 100 }] },
      });
    case "studentImport": {
      const row = {
        student_no: s!.studentNo,
        full_name: `طالب ${uid()}`,
        nationality: "Egyptian",
        current_grade: GRADE,
        building_no: 1,
        gender: "male",
        is_active: op.active,
      };
      return api("/api/admin/import/students", { method: "POST", token, headers: key, body: { rows: [row] } });
    }
  }
}

describe("fee writes racing plan applies", () => {
  it("keep every record whole and every audit chain unbroken", async () => {
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(roundArb, async (round) => {
        yearNo += 2;
        const plans: Plan[] = [];
        for (const [i, lines] of round.plans.entries()) {
          const year = `${yearNo + i}-${yearNo + i + 1}`;
          await ensureYear(year);
          const created = await api("/api/admin/fee-plans", {
            method: "POST",
            token,
            body: { academic_year_name: year, grade: GRADE, lines: linesOf(lines, `${yearNo + i}-09-01`) },
          });
          expect(created.status, JSON.stringify(created.json)).toBe(201);
          plans.push({ id: created.json.plan.id, year, gross: Math.round(created.json.plan.total * 100) });
        }
        const people = await Promise.all(Array.from({ length: 5 }, () => insertStudent({ currentGrade: GRADE })));
        try {
          if (round.start === "plan") expect((await run({ kind: "apply", plan: 0 }, plans, people)).status).toBe(200);
          for (const p of round.start === "plain" ? people : []) {
            const made = await api("/api/fees", {
              method: "POST",
              token,
              body: { student_id: p.studentNo, grade: GRADE, total_amount: 2000, paid_amount: 0 },
            });
            expect(made.status, JSON.stringify(made.json)).toBe(201);
          }
          const answers = await Promise.all(round.ops.map((op) => run(op, plans, people)));
          answers.forEach((a, i) => {
            const tag = `${round.ops[i]!.kind} ${a.status} ${a.json?.reason ?? ""}`.trim();
            outcomes.set(tag, (outcomes.get(tag) ?? 0) + 1);
            expect([200, 201, 400, 404, 409], tag + JSON.stringify(a.json)).toContain(a.status);
          });
          for (const p of people) await checkRecord(p.id, plans);
          for (const p of people) await checkStudentChain(p.id);
        } finally {
          await testDb().update(students).set({ isActive: false }).where(eq(students.currentGrade, GRADE));
        }
      }),
      { numRuns: 20 },
    );
    console.log("fee races:", JSON.stringify(Object.fromEntries([...outcomes].sort())));
  }, 90_000);
});

/** Every year's account of `studentId` against its plan, its payments and its audit chain (none: nothing to check). */
async function checkRecord(studentId: number, plans: Plan[]) {
  const accounts = await testDb().select().from(feeRecords).where(eq(feeRecords.studentId, studentId));
  for (const fee of accounts) await checkAccount(fee, plans);
}

/** One account against its plan, its payments and its audit chain. */
async function checkAccount(fee: typeof feeRecords.$inferSelect, plans: Plan[]) {
  const db = testDb();
  const where = `record ${fee.id}`;
  const inst = await db
    .select()
    .from(feeInstalments)
    .where(eq(feeInstalments.feeRecordId, fee.id))
    .orderBy(asc(feeInstalments.dueDate), asc(feeInstalments.seq));
  const [{ sum }] = await db
    .select({ sum: sql<number>`coalesce(sum(${payments.amountPiastres}), 0)` })
    .from(payments)
    .where(eq(payments.feeRecordId, fee.id));
  expect(Number(sum), where).toBe(fee.paidPiastres);
  if (inst.length) {
    expect(
      inst.reduce((x, i) => x + i.amountPiastres, 0),
      `${where}: Σ instalments = total`,
    ).toBe(fee.totalPiastres);
    expect(
      inst.map((i) => i.paidPiastres),
      where,
    ).toEqual(
      fillOldestFirst(
        inst.map((i) => i.amountPiastres),
        fee.paidPiastres,
      ),
    );
  }
  const plan = plans.find((p) => p.id === fee.planId);
  // An own schedule stays after its flag is cleared, until a plan is applied again or a discount is set.
  const own = fee.customSchedule || inst.some((i) => i.line === "Own");
  if (plan && !own) {
    const rows = await db.select().from(feePlanInstalments).where(eq(feePlanInstalments.planId, plan.id));
    const discount = fee.discountPercent !== null ? percentOf(plan.gross, fee.discountPercent) : fee.discountPiastres;
    expect(fee.discountPiastres, `${where}: discount`).toBe(discount);
    expect(fee.totalPiastres, `${where}: plan ${plan.year} total less discount`).toBe(plan.gross - discount);
    const want = discounted(planSchedule(rows), discount).map((i) => [i.line, i.no, i.dueDate, i.amount]);
    expect(
      inst.map((i) => [i.line, i.no, i.dueDate, i.amountPiastres]),
      `${where}: plan ${plan.year} instalments`,
    ).toEqual(want);
  } else if (plan) {
    const { start, end } = academicYearBounds(plan.year)!;
    for (const i of inst)
      expect(i.dueDate >= start && i.dueDate <= end, `${where}: own schedule in ${plan.year}`).toBe(true);
  }
  await checkChain("fee_record", fee.id, (snap) => totalOf(snap), fee.totalPiastres);
}

/** A fee snapshot's total in piastres, whichever way the action wrote it. */
function totalOf(snap: Record<string, unknown> | null): number | undefined {
  if (!snap) return undefined;
  if (typeof snap.total_piastres === "number") return snap.total_piastres;
  if (typeof snap.total_amount === "number") return Math.round(snap.total_amount * 100);
  return undefined;
}

async function checkStudentChain(studentId: number) {
  const [s] = await testDb().select().from(students).where(eq(students.id, studentId));
  await checkChain(
    "student",
    studentId,
    (snap) => (snap ? `${snap.full_name}|${snap.is_active}` : undefined),
    `${s!.fullName}|${s!.isActive}`,
  );
}

/**
 * The audit rows of one entity, in commit order: each row's `before` (by `field`) equals the last `after` seen, and
 * the last `after` is the stored value. Rows with neither (clearing an own schedule) change nothing it reads; an
 * `after` without the field leaves the next `before` unchecked.
 */
async function checkChain(
  entity: string,
  id: number,
  field: (snap: Record<string, unknown> | null) => unknown,
  now: unknown,
) {
  const rows = await testDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
  let last: unknown;
  for (const [i, r] of rows.entries()) {
    if (!r.before && !r.after) continue;
    const before = field(r.before ? JSON.parse(r.before) : null);
    if (before !== undefined && last !== undefined)
      expect(before, `${entity} ${id}, audit row ${i + 1} (${r.action}) before`).toEqual(last);
    last = field(r.after ? JSON.parse(r.after) : null);
  }
  if (last !== undefined) expect(last, `${entity} ${id}: last audit after = stored`).toEqual(now);
}
