/**
 * A teacher's reach (docs/product.md#staff-and-roles): the students and results of their assigned grades, the marks
 * of their assigned subjects, and only while the term is unpublished.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { insertStudent, setPublished } from "./fixtures";
import { api, expectError, loginAdmin } from "./helpers";
import { staffWithToken, type TestStaff } from "./staff-fixtures";
import { clockYear } from "../support/clock-years";

const OPEN = { academic_year_name: clockYear(0), semester: "S2" } as const;
const PUBLISHED = { academic_year_name: clockYear(1), semester: "S2" } as const;

let admin: string;
let teacher: TestStaff;

beforeAll(async () => {
  admin = await loginAdmin();
  teacher = await staffWithToken("teacher", { assignments: [{ grade: "Prep-3", subject: "Mathematics" }] });
  await setPublished(OPEN.academic_year_name, OPEN.semester, false);
  await setPublished(PUBLISHED.academic_year_name, PUBLISHED.semester, true);
});

/** A result of a new Prep-3 student in `term`, entered by the administrator. */
async function resultOf(term: typeof OPEN | typeof PUBLISHED, grade = "Prep-3") {
  const student = await insertStudent({ currentGrade: grade });
  const res = await api("/api/admin/results", {
    method: "POST",
    token: admin,
    body: {
      student_id: student.studentNo,
      ...term,
      grade,
      subject_scores: [
        { subject_name: "Mathematics", score: 40, max_score: 100 },
        { subject_name: "English", score: 70, max_score: 100 },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { student, result: res.json.data as { id: number; subject_scores: unknown[] } };
}

const edit = (id: number, studentNo: string, term: typeof OPEN | typeof PUBLISHED, math: number, english = 70) =>
  api(`/api/admin/results/${id}`, {
    method: "PUT",
    token: teacher.token,
    body: {
      student_id: studentNo,
      ...term,
      grade: "Prep-3",
      subject_scores: [
        { subject_name: "Mathematics", score: math, max_score: 100 },
        { subject_name: "English", score: english, max_score: 100 },
      ],
    },
  });

describe("a teacher's marks", () => {
  it("changes the marks of an assigned subject in an unpublished term", async () => {
    const { student, result } = await resultOf(OPEN);
    const res = await edit(result.id, student.studentNo, OPEN, 87.5);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.subject_scores[0]).toMatchObject({ subject_name: "Mathematics", score: 87.5 });
  });

  it("is refused another subject, and nothing changes", async () => {
    const { student, result } = await resultOf(OPEN);
    const res = await edit(result.id, student.studentNo, OPEN, 40, 99);
    const body = expectError(res, 403, "FORBIDDEN");
    expect(body).toMatchObject({ reason: "TEACHER_NOT_ASSIGNED", params: { subject: "English", grade: "Prep-3" } });
    const now = await api(`/api/admin/results/${result.id}`, { token: admin });
    expect(now.json.data.subject_scores[1]).toMatchObject({ subject_name: "English", score: 70 });
  });

  it("is refused a published term", async () => {
    const { student, result } = await resultOf(PUBLISHED);
    const res = await edit(result.id, student.studentNo, PUBLISHED, 95);
    expect(expectError(res, 403, "FORBIDDEN").reason).toBe("RESULTS_TERM_PUBLISHED");
  });

  it("is told the term is published before anything else it may not do there", async () => {
    // Another subject's marks in a published result: the term is the reason, not the assignment.
    const { student, result } = await resultOf(PUBLISHED);
    const other = await edit(result.id, student.studentNo, PUBLISHED, 40, 99);
    expect(expectError(other, 403, "FORBIDDEN").reason).toBe("RESULTS_TERM_PUBLISHED");
    // A new result in a published term with a subject not theirs.
    const fresh = await insertStudent({ currentGrade: "Prep-3" });
    const created = await api("/api/admin/results", {
      method: "POST",
      token: teacher.token,
      body: {
        student_id: fresh.studentNo,
        ...PUBLISHED,
        subject_scores: [{ subject_name: "English", score: 50, max_score: 100 }],
      },
    });
    expect(expectError(created, 403, "FORBIDDEN").reason).toBe("RESULTS_TERM_PUBLISHED");
  });

  it("may not move a result of an open term into a published one: the published term is the reason", async () => {
    const { student, result } = await resultOf(OPEN);
    const moved = await edit(result.id, student.studentNo, PUBLISHED, 40, 99);
    expect(expectError(moved, 403, "FORBIDDEN").reason).toBe("RESULTS_TERM_PUBLISHED");
    const now = await api(`/api/admin/results/${result.id}`, { token: admin });
    expect(now.json.data).toMatchObject(OPEN);
  });

  it("reads only the students and results of assigned grades, and deletes no result", async () => {
    const other = await resultOf(OPEN, "Prep-1");
    const mine = await resultOf(OPEN);
    const results = await api(`/api/admin/results?search=${mine.student.studentNo}`, { token: teacher.token });
    expect(results.json.data.map((r: { id: number }) => r.id)).toEqual([mine.result.id]);
    const hidden = await api(`/api/admin/results?search=${other.student.studentNo}`, { token: teacher.token });
    expect(hidden.json.data).toEqual([]);
    expectError(await api(`/api/admin/results/${other.result.id}`, { token: teacher.token }), 404, "NOT_FOUND");
    const students = await api(`/api/students?search=${other.student.studentNo}`, { token: teacher.token });
    expect(students.status).toBe(200);
    expect(JSON.stringify(students.json)).not.toContain(other.student.studentNo);
    const del = await api(`/api/admin/results/${mine.result.id}`, { method: "DELETE", token: teacher.token });
    expect(expectError(del, 403, "FORBIDDEN").reason).toBe("FORBIDDEN_FOR_ROLE");
  });
});
