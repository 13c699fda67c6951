/** The rollover's pure rules (docs/product.md#the-year-end-rollover): ladder, precedence, the S2 rule, accounts, dates. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextAccount } from "../../worker/services/rollover/accounts";
import {
  belowPass,
  byGrade,
  type ClosingStudent,
  datesAfter,
  decide,
  followingYearName,
  nextGradeOf,
  retainedByRule,
} from "../../worker/services/rollover/plan";
import { GRADES } from "../../worker/lib/school-grades";

const student = (over: Partial<ClosingStudent> = {}): ClosingStudent => ({
  studentId: 1,
  studentNo: "30101010101010",
  fullName: "طالب",
  grade: "KG-1",
  building: 2,
  section: "1/1",
  active: true,
  enrolled: true,
  priorOutcome: null,
  ...over,
});

describe("the grade ladder", () => {
  it("runs KG-1 → … → Prep-3 → graduated; Private stays", () => {
    const chain: (string | null)[] = ["KG-1"];
    while (chain.at(-1)) chain.push(nextGradeOf(chain.at(-1)!));
    expect(chain).toEqual([...GRADES.filter((g) => g !== "Private"), null]);
    expect(nextGradeOf("Private")).toBe("Private");
  });
});

describe("decide", () => {
  it("orders inactive and left, then exceptions, then the rule, then the ladder", () => {
    const s = [
      student({ studentId: 1, studentNo: "A0001", active: false }),
      student({ studentId: 2, studentNo: "A0002", priorOutcome: "left" }),
      student({ studentId: 3, studentNo: "A0003", grade: "Prep-3" }),
      student({ studentId: 4, studentNo: "A0004", grade: "Prep-3" }),
      student({ studentId: 5, studentNo: "A0005", grade: "Primary-2" }),
      student({ studentId: 6, studentNo: "A0006", grade: "Primary-2" }),
    ];
    const d = decide(s, {
      exceptions: [
        { student_no: "A0004", outcome: "retained" },
        { student_no: "A0006", outcome: "promoted", building: 5, section: "3/4" },
        { student_no: "A0001", outcome: "promoted" },
      ],
      rule: { pass_mark_percent: 50, max_failed: 2 },
      standings: new Map([
        [5, { subjects: 6, failed: 3 }],
        [6, { subjects: 6, failed: 5 }],
      ]),
    });
    expect(d.map((x) => [x.outcome, x.source, x.nextGrade, x.nextBuilding, x.nextSection])).toEqual([
      ["left", "inactive", null, null, null],
      ["left", "prior", null, null, null],
      ["graduated", "default", null, null, null],
      ["retained", "exception", "Prep-3", 2, "1/1"],
      ["retained", "rule", "Primary-2", 2, "1/1"],
      ["promoted", "exception", "Primary-3", 5, "3/4"],
    ]);
  });

  it("never carries a retained flag into the year after", () => {
    const year1 = decide([student({ grade: "Primary-4" })], {
      exceptions: [{ student_no: "30101010101010", outcome: "retained" }],
    });
    expect(year1[0]).toMatchObject({ outcome: "retained", nextGrade: "Primary-4" });
    // Next year's enrolment starts with no outcome: the next rollover decides afresh.
    const year2 = decide([student({ grade: year1[0]!.nextGrade!, section: year1[0]!.nextSection })]);
    expect(year2[0]).toMatchObject({ outcome: "promoted", nextGrade: "Primary-5" });
  });

  it("groups by grade in school order with counts", () => {
    const d = decide([
      student({ studentId: 1, grade: "Prep-1" }),
      student({ studentId: 2, grade: "KG-2" }),
      student({ studentId: 3, grade: "Prep-3" }),
    ]);
    expect(byGrade(d).map((g) => [g.grade, g.counts.total])).toEqual([
      ["KG-2", 1],
      ["Prep-1", 1],
      ["Prep-3", 1],
    ]);
  });

  it("gives every active, not leaving, not graduating student exactly one next place (property)", () => {
    const grade = fc.constantFrom(...GRADES);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            grade,
            active: fc.boolean(),
            ex: fc.option(
              fc.constantFrom("promoted", "retained", "left") as fc.Arbitrary<"promoted" | "retained" | "left">,
            ),
          }),
          { maxLength: 40 },
        ),
        (rows) => {
          const students = rows.map((r, i) =>
            student({ studentId: i + 1, studentNo: `S${10000 + i}`, grade: r.grade, active: r.active }),
          );
          const exceptions = rows.flatMap((r, i) => (r.ex ? [{ student_no: `S${10000 + i}`, outcome: r.ex }] : []));
          const d = decide(students, { exceptions });
          expect(d).toHaveLength(students.length);
          for (const x of d) {
            const continues = x.outcome === "promoted" || x.outcome === "retained";
            expect(x.nextGrade !== null).toBe(continues);
            if (!x.student.active) expect(x.outcome).toBe("left");
            if (x.outcome === "graduated") expect(x.student.grade).toBe("Prep-3");
          }
        },
      ),
    );
  });
});

describe("the S2 rule", () => {
  it("counts a subject below the pass mark exactly, absent ones included", () => {
    expect(belowPass(5000, 10000, 50)).toBe(false);
    expect(belowPass(4999, 10000, 50)).toBe(true);
    expect(belowPass(2450, 5000, 50)).toBe(true);
    expect(belowPass(null, 10000, 50)).toBe(true);
    expect(retainedByRule({ pass_mark_percent: 50, max_failed: 2 }, { subjects: 5, failed: 2 })).toBe(false);
    expect(retainedByRule({ pass_mark_percent: 50, max_failed: 2 }, { subjects: 5, failed: 3 })).toBe(true);
    expect(retainedByRule({ pass_mark_percent: 50, max_failed: 0 }, null)).toBe(false);
  });
});

describe("next year's account", () => {
  const plan = {
    id: 7,
    schedule: [
      { seq: 0, line: "مصروفات", lineEn: null, no: 1, dueDate: "2031-10-01", amount: 600_00 },
      { seq: 1, line: "مصروفات", lineEn: null, no: 2, dueDate: "2032-02-01", amount: 400_00 },
    ],
  };
  it("carries a recurring discount (a percent recomputed, an amount capped) and drops another", () => {
    const pct = nextAccount(plan, {
      discountPiastres: 50_00,
      discountPercent: 2500,
      discountReason: "أخوة",
      discountRecurring: true,
    });
    expect(pct).toMatchObject({
      totalPiastres: 750_00,
      discountPiastres: 250_00,
      discountPercent: 2500,
      discountRecurring: true,
    });
    expect(pct.schedule.map((s) => s.amount)).toEqual([600_00, 150_00]);
    const big = nextAccount(plan, {
      discountPiastres: 2000_00,
      discountPercent: null,
      discountReason: "منحة",
      discountRecurring: true,
    });
    expect(big.totalPiastres).toBe(0);
    const once = nextAccount(plan, {
      discountPiastres: 100_00,
      discountPercent: null,
      discountReason: "مرة",
      discountRecurring: false,
    });
    expect(once).toMatchObject({
      totalPiastres: 1000_00,
      discountPiastres: 0,
      discountReason: null,
      discountRecurring: false,
    });
    expect(nextAccount(null, null)).toMatchObject({ planId: null, totalPiastres: 0, schedule: [] });
  });
});

describe("the next year's default dates", () => {
  it("shift the closing year's by the years between the names (29 February → 28)", () => {
    const from = {
      name: "2027-2028",
      startDate: "2027-09-01",
      endDate: "2028-08-31",
      term1Start: "2027-09-15",
      term1End: "2028-02-29",
      term2Start: "2028-03-01",
      term2End: "2028-06-30",
    };
    expect(datesAfter(from, followingYearName(from.name))).toEqual({
      startDate: "2028-09-01",
      endDate: "2029-08-31",
      term1Start: "2028-09-15",
      term1End: "2029-02-28",
      term2Start: "2029-03-01",
      term2End: "2029-06-30",
    });
  });
});
