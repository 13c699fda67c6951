/**
 * Property test of the rollover against the real database (docs/product.md#the-year-end-rollover): for random
 * schools (grades, inactive students, accounts part-paid, recurring discounts, exceptions, plans for some grades),
 * after an apply:
 * - every active student not graduating nor leaving has exactly one enrolment and one fee account in the new year,
 *   and nobody else has either;
 * - money is conserved: Σ owed on the closing year's accounts before = Σ arrears on them after (what stays owed on the
 *   years before the new one), and every account's paid amount is unchanged.
 */
import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { academicYears, enrolments, feePlanInstalments, feePlans, feeRecords, students } from "../../db/schema";
import { GRADES } from "../../worker/lib/school-grades";
import { api, loginAdmin } from "./helpers";
import { insertStudent, testDb } from "./fixtures";

let token: string;
let yearNo = 5000 + Math.floor(Math.random() * 1000) * 3;
beforeAll(async () => {
  token = await loginAdmin();
});
const db = () => testDb();

const studentArb = fc.record({
  grade: fc.constantFrom(...GRADES),
  active: fc.constantFrom(true, true, true, true, false),
  total: fc.integer({ min: 0, max: 2_000_000 }),
  paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
  recurring: fc.boolean(),
  discount: fc.integer({ min: 0, max: 5_000 }),
  exception: fc.option(fc.constantFrom("promoted", "retained", "left")),
});
const schoolArb = fc.record({
  students: fc.array(studentArb, { minLength: 1, maxLength: 12 }),
  planned: fc.subarray([...GRADES]),
});

describe("rollover: properties", () => {
  it("enrols each continuing student once and conserves money", async () => {
    await fc.assert(
      fc.asyncProperty(schoolArb, async (school) => {
        yearNo += 3;
        const y = yearNo;
        const from = `${y}-${y + 1}`;
        const to = `${y + 1}-${y + 2}`;
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
        for (const grade of school.planned) {
          const [p] = await db().insert(feePlans).values({ academicYearName: to, grade }).returning();
          await db()
            .insert(feePlanInstalments)
            .values({
              planId: p!.id,
              linePosition: 0,
              line: "مصروفات",
              no: 1,
              dueDate: `${y + 1}-10-01`,
              amountPiastres: 1000_00,
            });
        }
        const ids: number[] = [];
        const exceptions = [];
        for (const s of school.students) {
          const row = await insertStudent({ currentGrade: s.grade, isActive: s.active });
          ids.push(row.id);
          await db()
            .insert(enrolments)
            .values({ studentId: row.id, academicYearName: from, grade: s.grade, buildingNo: 5 });
          await db()
            .insert(feeRecords)
            .values({
              studentId: row.id,
              academicYearName: from,
              grade: s.grade,
              totalPiastres: s.total,
              paidPiastres: Math.floor(s.total * s.paidShare),
              discountPiastres: s.discount,
              discountReason: s.discount ? "خصم" : null,
              discountRecurring: s.recurring,
            });
          if (s.exception) exceptions.push({ student_no: row.studentNo, outcome: s.exception });
        }
        const accounts = () => db().select().from(feeRecords).where(inArray(feeRecords.studentId, ids));
        const before = await accounts();
        const res = await api("/api/admin/rollover/apply", {
          method: "POST",
          token,
          body: { from_year: from, to_year: to, exceptions },
        });
        expect(res.status, res.text).toBe(200);

        const after = await accounts();
        const old = after.filter((a) => a.academicYearName === from);
        const owed = (rows: typeof before) => rows.reduce((s, a) => s + a.totalPiastres - a.paidPiastres, 0);
        expect(owed(old)).toBe(owed(before));
        for (const a of before) expect(old.find((o) => o.id === a.id)?.paidPiastres).toBe(a.paidPiastres);
        const [arrears] = await db().all<{
          owed: number;
        }>(sql`SELECT coalesce(sum(total_piastres - paid_piastres), 0) AS owed
          FROM fee_records WHERE student_id IN (${sql.join(ids, sql`, `)}) AND academic_year_name < ${to}`);
        expect(Number(arrears!.owed)).toBe(owed(before));

        const next = await db().select().from(enrolments).where(eq(enrolments.academicYearName, to));
        const nextAccounts = after.filter((a) => a.academicYearName === to);
        school.students.forEach((s, i) => {
          const ex = s.exception;
          const continues = s.active && ex !== "left" && (s.grade !== "Prep-3" || ex === "retained");
          const id = ids[i]!;
          expect(next.filter((e) => e.studentId === id).length, `${s.grade} ${ex}`).toBe(continues ? 1 : 0);
          expect(nextAccounts.filter((a) => a.studentId === id).length).toBe(continues ? 1 : 0);
          const acc = nextAccounts.find((a) => a.studentId === id);
          if (acc) expect(acc.paidPiastres).toBe(0);
        });
        const inactive = await db().select().from(students).where(inArray(students.id, ids));
        expect(inactive.filter((s) => !s.isActive).length).toBe(school.students.filter((s) => !s.active).length);
      }),
      { numRuns: 12 },
    );
  });
});
