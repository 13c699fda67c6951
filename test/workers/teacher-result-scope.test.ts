/**
 * A teacher's results stay inside their assignment (docs/product.md#staff-and-roles): the requests a security
 * review sent as a Prep-2/Prep-3 Mathematics + Science teacher. A result for a student of another grade is refused
 * exactly as an unknown ID is (no name, no hint that the student exists); filing under another grade than the
 * student's own is an administrator's; other subjects' rows (remarks included) and the overall remarks are read-only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { gradeRemark } from "../../worker/lib/letter-grades";
import { insertStudent, setPublished, uniqueStudentNo } from "./fixtures";
import { api, expectError, loginAdmin } from "./helpers";
import { staffWithToken, type TestStaff } from "./staff-fixtures";
import { clockYear } from "../support/clock-years";

const TERM = { academic_year_name: clockYear(0), semester: "S1" } as const;
const REVIEW_NAME = "طالب خارج التكليف";

let admin: string;
let teacher: TestStaff;

beforeAll(async () => {
  admin = await loginAdmin();
  teacher = await staffWithToken("teacher", {
    assignments: ["Prep-2", "Prep-3"].flatMap((grade) =>
      ["Mathematics", "Science"].map((subject) => ({ grade, subject })),
    ),
  });
  await setPublished(TERM.academic_year_name, TERM.semester, false);
});

type Row = { subject_name: string; score: number; max_score: number; remarks?: string | null };
const post = (token: string, body: Record<string, unknown>) =>
  api("/api/admin/results", { method: "POST", token, body: { ...TERM, ...body } });
const put = (id: number, body: Record<string, unknown>) =>
  api(`/api/admin/results/${id}`, { method: "PUT", token: teacher.token, body: { ...TERM, ...body } });

/** The review's marks: Mathematics 2/100, Science 1/100, filed as Prep-3. */
const reviewBody = (studentId: string) => ({
  student_id: studentId,
  grade: "Prep-3",
  subject_scores: [
    { subject_name: "Mathematics", score: 2, max_score: 100 },
    { subject_name: "Science", score: 1, max_score: 100 },
  ],
});

/** A Prep-3 result entered by the administrator: Mathematics, English (remarks "Excellent") and overall remarks. */
async function adminResult(grade = "Prep-3", studentGrade = grade) {
  const student = await insertStudent({ currentGrade: studentGrade });
  const scores: Row[] = [
    { subject_name: "Mathematics", score: 40, max_score: 100, remarks: "Grade: F" },
    { subject_name: "English", score: 70, max_score: 100, remarks: "Excellent" },
  ];
  const res = await post(admin, { student_id: student.studentNo, grade, subject_scores: scores, remarks: "Good" });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { student, id: res.json.data.id as number, scores };
}

/** What the administrator reads of result `id`. */
const current = async (id: number) => (await api(`/api/admin/results/${id}`, { token: admin })).json.data;

describe("a teacher creating a result", () => {
  it("is refused a Primary-2 student filed as Prep-3, as an unknown ID is, and nothing is stored", async () => {
    const outside = await insertStudent({ currentGrade: "Primary-2", fullName: REVIEW_NAME });
    const refused = await post(teacher.token, reviewBody(outside.studentNo));
    const unknown = await post(teacher.token, reviewBody(uniqueStudentNo()));
    expectError(refused, 404, "NOT_FOUND");
    expect(refused.json.reason).toBe("STUDENT_NOT_FOUND");
    expect(JSON.stringify(refused.json)).not.toContain(REVIEW_NAME);
    expect({ status: refused.status, ...refused.json }).toEqual({ status: unknown.status, ...unknown.json });
    // Without a grade in the body, too.
    const bare = await post(teacher.token, { ...reviewBody(outside.studentNo), grade: undefined });
    expect({ status: bare.status, ...bare.json }).toEqual({ status: unknown.status, ...unknown.json });
    const stored = await api(`/api/admin/results?search=${outside.studentNo}`, { token: admin });
    expect(stored.json.data).toEqual([]);
  });

  it("may not file a student of an assigned grade under another grade", async () => {
    const student = await insertStudent({ currentGrade: "Prep-3" });
    const res = await post(teacher.token, { ...reviewBody(student.studentNo), grade: "Prep-2" });
    expect(expectError(res, 403, "FORBIDDEN").reason).toBe("RESULT_GRADE_NOT_STUDENTS");
  });

  it("files a result of their own subjects under the student's own grade", async () => {
    const student = await insertStudent({ currentGrade: "Prep-2" });
    const res = await post(teacher.token, { ...reviewBody(student.studentNo), grade: "Prep-2" });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data).toMatchObject({ current_grade: "Prep-2", remarks: null });
  });

  it("may not set the overall remarks nor a subject outside the assignment", async () => {
    const student = await insertStudent({ currentGrade: "Prep-3" });
    const remarks = await post(teacher.token, { ...reviewBody(student.studentNo), remarks: "Weak" });
    expect(expectError(remarks, 403, "FORBIDDEN")).toMatchObject({
      reason: "RESULT_FIELD_ADMIN_ONLY",
      params: { field: "remarks" },
    });
    const english = await post(teacher.token, {
      student_id: student.studentNo,
      subject_scores: [{ subject_name: "English", score: 5, max_score: 100 }],
    });
    expect(expectError(english, 403, "FORBIDDEN")).toMatchObject({
      reason: "TEACHER_NOT_ASSIGNED",
      params: { subject: "English", grade: "Prep-3" },
    });
  });

  it("an administrator still files a result under another grade than the student's", async () => {
    const student = await insertStudent({ currentGrade: "Primary-2" });
    const res = await post(admin, reviewBody(student.studentNo));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data).toMatchObject({ current_grade: "Prep-3", student_no: student.studentNo });
  });
});

describe("a teacher changing a result", () => {
  it("changes their subject's marks and leaves the rest as it was", async () => {
    const { student, id, scores } = await adminResult();
    const res = await put(id, {
      student_id: student.studentNo,
      subject_scores: [{ ...scores[0]!, score: 55, remarks: null }, scores[1]],
      remarks: "Good",
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.subject_scores).toEqual([
      { subject_name: "Mathematics", score: 55, max_score: 100, remarks: gradeRemark(55, 100), absent: false },
      { subject_name: "English", score: 70, max_score: 100, remarks: "Excellent", absent: false },
    ]);
    expect(res.json.data.remarks).toBe("Good");
  });

  it("is refused another subject's remarks or total, and nothing changes", async () => {
    const { student, id, scores } = await adminResult();
    for (const english of [
      { ...scores[1]!, remarks: "Poor" },
      { ...scores[1]!, remarks: null },
      { ...scores[1]!, max_score: 80 },
    ]) {
      const res = await put(id, {
        student_id: student.studentNo,
        subject_scores: [scores[0], english],
        remarks: "Good",
      });
      expect(expectError(res, 403, "FORBIDDEN")).toMatchObject({
        reason: "TEACHER_NOT_ASSIGNED",
        params: { subject: "English", grade: "Prep-3" },
      });
    }
    expect((await current(id)).subject_scores[1]).toEqual({ ...scores[1], absent: false });
  });

  it("is refused the overall remarks, and nothing changes", async () => {
    const { student, id, scores } = await adminResult();
    for (const remarks of ["Needs work", null]) {
      const res = await put(id, { student_id: student.studentNo, subject_scores: scores, remarks });
      expect(expectError(res, 403, "FORBIDDEN")).toMatchObject({
        reason: "RESULT_FIELD_ADMIN_ONLY",
        params: { field: "remarks" },
      });
    }
    expect((await current(id)).remarks).toBe("Good");
  });

  it("may not move the result to another student, known or not, nor to another term or grade", async () => {
    const { student, id, scores } = await adminResult();
    const body = { subject_scores: scores, remarks: "Good" };
    const other = await insertStudent({ currentGrade: "Primary-2", fullName: REVIEW_NAME });
    const toOther = await put(id, { ...body, student_id: other.studentNo });
    const toUnknown = await put(id, { ...body, student_id: uniqueStudentNo() });
    expect(expectError(toOther, 403, "FORBIDDEN")).toMatchObject({ params: { field: "student_id" } });
    expect(JSON.stringify(toOther.json)).not.toContain(REVIEW_NAME);
    expect({ status: toOther.status, ...toOther.json }).toEqual({ status: toUnknown.status, ...toUnknown.json });
    const term = await put(id, { ...body, student_id: student.studentNo, semester: "S2" });
    expect(expectError(term, 403, "FORBIDDEN")).toMatchObject({ params: { field: "semester" } });
    const grade = await put(id, { ...body, student_id: student.studentNo, grade: "Prep-2" });
    expect(expectError(grade, 403, "FORBIDDEN").reason).toBe("RESULT_GRADE_NOT_STUDENTS");
    expect(await current(id)).toMatchObject({ student_no: student.studentNo, semester: "S1", current_grade: "Prep-3" });
  });

  it("is refused a result filed under an assigned grade for a student of another grade", async () => {
    const { student, id, scores } = await adminResult("Prep-3", "Primary-2");
    const res = await put(id, {
      student_id: student.studentNo,
      subject_scores: [{ ...scores[0]!, score: 90 }, scores[1]],
      remarks: "Good",
    });
    expect(expectError(res, 403, "FORBIDDEN").reason).toBe("RESULT_GRADE_NOT_STUDENTS");
    expect((await current(id)).subject_scores[0].score).toBe(40);
  });
});
