/**
 * A student's class section in the current year (docs/product.md#academic-years-and-rollover, #students): the
 * console's form sends it, the student answer carries the stored section of the current year's enrolment (so the
 * edit form shows it), Arabic-Indic digits are stored as ASCII, an edit without it keeps it, an empty one clears it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { studentFormSchema, studentFormToBody } from "../../worker/contracts/students";
import { uniqueStudentNo } from "./fixtures";
import { api, loginAdmin, uid } from "./helpers";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const body = (over: Record<string, unknown> = {}) => ({
  student_no: uniqueStudentNo(),
  full_name: `طالب ${uid()}`,
  nationality: "Egyptian",
  current_grade: "Primary-3",
  building_no: 2,
  ...over,
});

/** The student `no` as the paged list answers it (what the Students page and its edit form get). */
async function listed(no: string) {
  const res = await api(`/api/students?search=${no}&page=1&limit=15`, { token });
  expect(res.status, res.text).toBe(200);
  return res.json.students.find((s: { student_no: string }) => s.student_no === no);
}

describe("a student's class section", () => {
  it("is sent by the form, answered, listed, kept by an edit without it and cleared by an empty one", async () => {
    // The form's values as the dialog parses them: the section typed in Arabic-Indic digits.
    const form = studentFormSchema.parse({
      studentId: uniqueStudentNo(),
      name: `طالب ${uid()}`,
      nationality: "Egyptian",
      grade: "Primary-3",
      building: "٢",
      section: " ٣/٢ ",
    });
    const sent = studentFormToBody(form);
    expect(sent.section).toBe("3/2");
    const made = await api("/api/students", { method: "POST", token, body: sent });
    expect(made.status, made.text).toBe(201);
    expect(made.json.student.section, "create answer").toBe("3/2");
    expect((await listed(sent.student_no)).section, "listed after create").toBe("3/2");

    const id = (await listed(sent.student_no)).id as number;
    const kept = await api(`/api/students/${id}`, {
      method: "PUT",
      token,
      body: { ...body({ student_no: sent.student_no, full_name: sent.full_name }), current_grade: "Primary-4" },
    });
    expect(kept.status, kept.text).toBe(200);
    expect(await listed(sent.student_no)).toMatchObject({ current_grade: "Primary-4", section: "3/2" });

    const cleared = await api(`/api/students/${id}`, {
      method: "PUT",
      token,
      body: studentFormToBody({ ...form, section: studentFormSchema.shape.section.parse("") }),
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect((await listed(sent.student_no)).section).toBeNull();
  });

  it("is null for a student created without one; a section that is not one is refused", async () => {
    const b = body();
    const made = await api("/api/students", { method: "POST", token, body: b });
    expect(made.status, made.text).toBe(201);
    expect((await listed(b.student_no)).section).toBeNull();
    const bad = await api("/api/students", { method: "POST", token, body: body({ section: "3/2; drop" }) });
    expect(bad.status).toBe(400);
  });
});
