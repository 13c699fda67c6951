/**
 * The dashboard's Overdue card and the overdue lists count the same students (docs/product.md#dashboard,
 * docs/product.md#fees): active students with an unpaid instalment past due on the current year's account or an
 * earlier year's (the arrears, counted apart too); the Fees page lists them per year (`?status=overdue&academic_year=`,
 * the current year by default) and in the arrears view. A student owing on two years is one student; an inactive student's overdue account is in neither.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { feeRecords } from "../../db/schema";
import { currentYearName } from "../../worker/services/academic-years/current";
import { ensureYear, insertFee, insertStudent, testDb } from "./fixtures";
import { api, loginAdmin } from "./helpers";

let token: string;
let current: string;
let past: string;
beforeAll(async () => {
  token = await loginAdmin();
  current = await currentYearName(testDb());
  const y1 = Number(current.slice(0, 4));
  past = `${y1 - 1}-${y1}`;
  await ensureYear(past, "closed");
});

/** An account of `year` for student `studentId` with one unpaid instalment due on 10 January 2020. */
async function overdueAccount(studentId: number, year: string) {
  await insertFee(studentId, 500_000, 0, "Prep-3", year);
  const [fee] = await testDb()
    .select({ id: feeRecords.id })
    .from(feeRecords)
    .where(sql`${feeRecords.studentId} = ${studentId} AND ${feeRecords.academicYearName} = ${year}`);
  await testDb().run(
    sql`INSERT INTO fee_instalments (fee_record_id, seq, line, no, due_date, amount_piastres) VALUES (${fee!.id}, 1, 'tuition', 1, '2020-01-10', 500000)`,
  );
}

describe("overdue population", () => {
  it("the card's student count equals the students of the overdue lists; inactive students are in neither", async () => {
    const both = await insertStudent({ isActive: true });
    await overdueAccount(both.id, current);
    await overdueAccount(both.id, past);
    const arrearsOnly = await insertStudent({ isActive: true });
    await overdueAccount(arrearsOnly.id, past);
    const inactive = await insertStudent({ isActive: false });
    await overdueAccount(inactive.id, current);
    const headers = { "X-Test-Now": "2020-02-01T10:00:00Z" };
    const nosOf = async (query: string) => {
      const res = await api(`/api/fees?status=overdue${query}`, { token, headers });
      expect(res.status, res.text).toBe(200);
      return (res.json.fees as { student_no: string }[]).map((f) => f.student_no);
    };

    const thisYear = await nosOf("");
    expect(thisYear).toContain(both.studentNo);
    expect(thisYear).not.toContain(arrearsOnly.studentNo);
    expect(thisYear).not.toContain(inactive.studentNo);
    const arrears = await nosOf("&view=arrears");
    expect(arrears).toEqual(expect.arrayContaining([both.studentNo, arrearsOnly.studentNo]));
    expect(arrears).not.toContain(inactive.studentNo);

    // Every year's overdue list together: each student once, whatever the number of years owed.
    const years = (await api("/api/admin/academic-years", { token })).json.years.map((y: { name: string }) => y.name);
    const everyone = new Set<string>();
    for (const year of years) for (const no of await nosOf(`&academic_year=${year}`)) everyone.add(no);
    expect(everyone).toContain(both.studentNo);
    expect(everyone).toContain(arrearsOnly.studentNo);
    expect(everyone).not.toContain(inactive.studentNo);
    const summary = await api("/api/fees/overdue-summary", { token, headers });
    expect(summary.status).toBe(200);
    expect(summary.json.overdueStudents).toBe(everyone.size);
    // The arrears part: the students of the arrears view's overdue list (a student owing on two years counted once).
    expect(summary.json.arrearsStudents).toBe(new Set(arrears).size);

    const paged = await api("/api/fees?status=overdue&page=1&limit=15", { token, headers });
    expect(paged.json.pagination.total).toBe(thisYear.length);
  });
});
