/**
 * Exports choose a year (docs/product.md#csv-exports): the fees list the console's Fees export reads takes the year,
 * default the current one, and refuses a year the data does not have (ACADEMIC_YEAR_UNKNOWN) or a malformed one
 * (ACADEMIC_YEAR_INVALID) instead of answering an empty file; the Students export of a year reads that year's
 * enrolments.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { uniqueStudentNo } from "./fixtures";
import { api, expectError, loginAdmin, uid } from "./helpers";

let token: string;
let current: string;
const yearsBefore = (year: string, n: number) => `${Number(year.slice(0, 4)) - n}-${Number(year.slice(0, 4)) - n + 1}`;

beforeAll(async () => {
  token = await loginAdmin();
  current = (await api("/api/admin/academic-years", { token })).json.current;
});

describe("the lists behind the exports", () => {
  it("fees: one year's accounts, default the current year; an unknown or malformed year is refused", async () => {
    const no = uniqueStudentNo();
    const s = await api("/api/students", {
      method: "POST",
      token,
      body: {
        student_no: no,
        full_name: `تصدير ${uid()}`,
        nationality: "مصري",
        current_grade: "Prep-1",
        building_no: 1,
      },
    });
    expect(s.status, s.text).toBe(201);
    const f = await api("/api/fees", {
      method: "POST",
      token,
      body: { student_id: no, grade: "Prep-1", total_amount: 100, paid_amount: 0 },
    });
    expect(f.status, f.text).toBe(201);
    const byDefault = await api(`/api/fees?search=${no}`, { token });
    const named = await api(`/api/fees?search=${no}&academic_year=${current}`, { token });
    for (const r of [byDefault, named])
      expect(r.json.fees.map((x: { academic_year_name: string }) => x.academic_year_name)).toEqual([current]);
    const unknown = expectError(
      await api(`/api/fees?academic_year=${yearsBefore(current, 40)}`, { token }),
      400,
      "VALIDATION_FAILED",
    );
    expect(unknown).toMatchObject({ reason: "ACADEMIC_YEAR_UNKNOWN" });
    expect(expectError(await api("/api/fees?academic_year=2026-20", { token }), 400, "VALIDATION_FAILED").reason).toBe(
      "ACADEMIC_YEAR_INVALID",
    );
  });

  it("students: a year's enrolments (grade, building, section) for its export; an unknown year → 404", async () => {
    const no = uniqueStudentNo();
    const s = await api("/api/students", {
      method: "POST",
      token,
      body: { student_no: no, full_name: `تصدير ${uid()}`, nationality: "مصري", current_grade: "KG-2", building_no: 4 },
    });
    expect(s.status, s.text).toBe(201);
    const res = await api(`/api/admin/academic-years/${current}/enrolments`, { token });
    expect(res.status, res.text).toBe(200);
    expect(res.json.academic_year_name).toBe(current);
    expect(res.json.enrolments.find((e: { student_no: string }) => e.student_no === no)).toEqual({
      student_no: no,
      grade: "KG-2",
      building_no: 4,
      section: null,
      outcome: null,
    });
    const unknown = await api(`/api/admin/academic-years/${yearsBefore(current, 40)}/enrolments`, { token });
    expect(expectError(unknown, 404, "NOT_FOUND").reason).toBe("ACADEMIC_YEAR_NOT_FOUND");
  });
});
