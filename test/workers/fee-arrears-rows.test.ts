/**
 * The Fees page's arrears view with a student owing on two past years (docs/product.md#fees): the list has a row per
 * account, each with its own id (the page's row key) and year, and a row's actions (pay, edit), sent with that row's
 * year as the page sends them, change that year's account only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { currentYearName } from "../../worker/services/academic-years/current";
import { ensureYear, testDb } from "./fixtures";
import { api, loginAdmin, uid } from "./helpers";
import { family } from "./online-fixtures";

let token: string;
let older: string;
let past: string;
beforeAll(async () => {
  token = await loginAdmin();
  const y1 = Number((await currentYearName(testDb())).slice(0, 4));
  older = `${y1 - 2}-${y1 - 1}`;
  past = `${y1 - 1}-${y1}`;
  await ensureYear(older, "closed");
  await ensureYear(past, "closed");
});

type Row = { id: number; student_no: string; academic_year_name: string; paid_amount: number; total_amount: number };

const arrearsRows = async (studentNo: string): Promise<Row[]> => {
  const res = await api(`/api/fees?view=arrears&search=${studentNo}&page=1&limit=15`, { token });
  expect(res.status, res.text).toBe(200);
  return (res.json.fees as Row[]).filter((f) => f.student_no === studentNo);
};

describe("the arrears view of a student owing on two past years", () => {
  it("lists a row per account with its own key, and a row's actions act on that row's year", async () => {
    const { studentNo } = await family(token);
    for (const [year, total] of [
      [older, 3000],
      [past, 2000],
    ] as const) {
      const res = await api("/api/fees", {
        method: "POST",
        token,
        body: { student_id: studentNo, grade: "Prep-1", total_amount: total, paid_amount: 0, academic_year_name: year },
      });
      expect(res.status, res.text).toBe(201);
    }
    const rows = await arrearsRows(studentNo);
    expect(rows.map((r) => r.academic_year_name)).toEqual([older, past]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);

    // Pay on the second row (last year's), as its row action sends it.
    const [first, second] = rows as [Row, Row];
    const paid = await api(`/api/fees/${studentNo}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 500, academic_year_name: second.academic_year_name },
      headers: { "Idempotency-Key": uid("rows") },
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json.fee.id).toBe(second.id);
    // Edit the first row's (the older year's) total.
    const edited = await api(`/api/fees/${studentNo}?academic_year=${first.academic_year_name}`, {
      method: "PUT",
      token,
      body: { total_amount: 2800, paid_amount: 0 },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.fee.id).toBe(first.id);

    const after = new Map((await arrearsRows(studentNo)).map((r) => [r.id, r]));
    expect(after.get(first.id)).toMatchObject({ academic_year_name: older, total_amount: 2800, paid_amount: 0 });
    expect(after.get(second.id)).toMatchObject({ academic_year_name: past, total_amount: 2000, paid_amount: 500 });
  });
});
