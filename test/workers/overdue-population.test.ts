/**
 * The dashboard's Overdue card and the overdue list count the same students (docs/product.md#dashboard):
 * active students with an unpaid instalment past due. An inactive student's overdue record is in neither.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { feeRecords } from "../../db/schema";
import { insertFee, insertStudent, testDb } from "./fixtures";
import { api, loginAdmin } from "./helpers";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

async function overdueStudent(isActive: boolean) {
  const s = await insertStudent({ isActive });
  await insertFee(s.id, 500_000, 0);
  const [fee] = await testDb().select({ id: feeRecords.id }).from(feeRecords).where(eq(feeRecords.studentId, s.id));
  await testDb().run(
    sql`INSERT INTO fee_instalments (fee_record_id, seq, line, no, due_date, amount_piastres) VALUES (${fee!.id}, 1, 'tuition', 1, '2020-01-10', 500000)`,
  );
  return s;
}

describe("overdue population", () => {
  it("the card's student count equals the overdue list's length; inactive students are in neither", async () => {
    const active = await overdueStudent(true);
    const inactive = await overdueStudent(false);
    const headers = { "X-Test-Now": "2020-02-01T10:00:00Z" };
    const [summary, list] = await Promise.all([
      api("/api/fees/overdue-summary", { token, headers }),
      api("/api/fees?status=overdue", { token, headers }),
    ]);
    expect(list.status).toBe(200);
    const nos = list.json.fees.map((f: { student_no: string }) => f.student_no);
    expect(nos).toContain(active.studentNo);
    expect(nos).not.toContain(inactive.studentNo);
    expect(summary.json.overdueStudents).toBe(nos.length);
    const paged = await api("/api/fees?status=overdue&page=1&limit=15", { token, headers });
    expect(paged.json.pagination.total).toBe(summary.json.overdueStudents);
  });
});
