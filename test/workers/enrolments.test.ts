/**
 * Enrolments (docs/product.md#academic-years-and-rollover): a student's create and edit keep the current year's
 * enrolment (grade, building, section) with `current_grade`; the student's years read one line each, newest first;
 * a teacher reads those of their grades only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { uniqueStudentNo } from "./fixtures";
import { api, expectError, loginAdmin } from "./helpers";
import { staffWithToken, type TestStaff } from "./staff-fixtures";

let admin: string;
let teacher: TestStaff;
let current: string;

beforeAll(async () => {
  admin = await loginAdmin();
  teacher = await staffWithToken("teacher", { assignments: [{ grade: "Prep-1", subject: "Mathematics" }] });
  current = (await api("/api/admin/academic-years", { token: admin })).json.current;
});

const student = (over: Record<string, unknown> = {}) => ({
  student_no: uniqueStudentNo(),
  full_name: "طالب الأعوام",
  nationality: "Egyptian",
  current_grade: "Prep-1",
  building_no: 2,
  ...over,
});
const yearsOf = (id: number, token = admin) => api(`/api/students/${id}/enrolments`, { token });

describe("a student's current year", () => {
  it("is written with the student, and follows an edit; an omitted section is kept", async () => {
    const body = student({ section: "1/3" });
    const created = await api("/api/students", { method: "POST", token: admin, body });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.student.id;
    expect((await yearsOf(id)).json.enrolments).toEqual([
      {
        academic_year_name: current,
        year_state: "current",
        grade: "Prep-1",
        building_no: 2,
        section: "1/3",
        outcome: null,
      },
    ]);
    const edited = await api(`/api/students/${id}`, {
      method: "PUT",
      token: admin,
      body: { ...body, section: undefined, current_grade: "Prep-2", building_no: 3 },
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect((await yearsOf(id)).json.enrolments).toEqual([
      {
        academic_year_name: current,
        year_state: "current",
        grade: "Prep-2",
        building_no: 3,
        section: "1/3",
        outcome: null,
      },
    ]);
    await api(`/api/students/${id}`, { method: "PUT", token: admin, body: { ...body, section: "" } });
    expect((await yearsOf(id)).json.enrolments[0].section).toBeNull();
  });

  it("refuses a section that is not one", async () => {
    const res = await api("/api/students", { method: "POST", token: admin, body: student({ section: "<b>1</b>" }) });
    expect(expectError(res, 400, "VALIDATION_FAILED").issues[0]).toMatchObject({ reason: "SECTION_INVALID" });
  });

  it("a teacher reads the years of their grades' students only", async () => {
    const mine = (await api("/api/students", { method: "POST", token: admin, body: student() })).json.student.id;
    const other = (
      await api("/api/students", { method: "POST", token: admin, body: student({ current_grade: "KG-1" }) })
    ).json.student.id;
    expect((await yearsOf(mine, teacher.token)).status).toBe(200);
    expectError(await yearsOf(other, teacher.token), 404, "NOT_FOUND");
    expectError(await yearsOf(999_999_999), 404, "NOT_FOUND");
  });
});
