/**
 * Admin results CRUD with subject rows, and publications (docs/product.md#results, #results-publishing): answers,
 * refusals with their reasons, audit rows, live events and the generated API document.
 */
import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, resultSubjectScores, students } from "../../db/schema";
import { getDb } from "../../worker/db";
import { isPublished, publishedPairs } from "../../worker/services/results";
import { api, expectError, loginAdmin, uid } from "./helpers";
import { clockYear } from "../support/clock-years";

const db = () => getDb(env as never);
const BASE = "/api/admin/results";
/** A well-formed academic year no test database holds (the tests' years are the clock's, give or take a few). */
const FAR_YEAR = `${new Date().getUTCFullYear() + 60}-${new Date().getUTCFullYear() + 61}`;
let token: string;

beforeAll(async () => {
  token = await loginAdmin();
});

let seq = 0;
/** A 14-digit student_no unlikely to clash with other test files (they share the database). */
function uniqueStudentNo(): string {
  seq += 1;
  const t = (Date.now() % 1e8).toString().padStart(8, "0");
  return `9${t}${String(seq % 100).padStart(2, "0")}${Math.floor(Math.random() * 1000)
    .toString()
    .padStart(3, "0")}`;
}

async function makeStudent(grade = "Prep-2") {
  const studentNo = uniqueStudentNo();
  const fullName = `Result Student ${uid()}`;
  const [row] = await db()
    .insert(students)
    .values({ studentNo, fullName, nationality: "Egyptian", currentGrade: grade, buildingNo: 2, gender: "female" })
    .returning();
  return row!;
}

const toArabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const toPersian = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

function body(studentNo: string, overrides: Record<string, unknown> = {}) {
  return {
    student_id: studentNo,
    academic_year_name: clockYear(-2),
    grade: "Prep-2",
    semester: "S1",
    subject_scores: [
      { subject_name: "Mathematics", score: 95, max_score: 100, remarks: "" },
      { subject_name: "English", score: 79, max_score: 100 },
      { subject_name: "Art", score: 30, max_score: 50, remarks: "Needs practice" },
    ],
    remarks: "Good term",
    ...overrides,
  };
}

const post = (b: unknown) => api(BASE, { method: "POST", token, body: b });

async function createResult(overrides: Record<string, unknown> = {}, grade?: string) {
  const student = await makeStudent(grade);
  const res = await post(body(student.studentNo, overrides));
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { student, result: res.json.data };
}

async function auditRows(entity: string, entityId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.id);
}

describe("auth", () => {
  it("refuses every endpoint without a bearer token (401)", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ["GET", BASE],
      ["POST", BASE, {}],
      ["GET", `${BASE}/1`],
      ["PUT", `${BASE}/1`, {}],
      ["DELETE", `${BASE}/1`],
      ["GET", `${BASE}/publications`],
      ["PUT", `${BASE}/publications`, {}],
    ];
    for (const [method, path, b] of calls) expectError(await api(path, { method, body: b }), 401, "UNAUTHORIZED");
  });
});

describe("POST /api/admin/results", () => {
  it('creates a result with its subject rows in order, default remarks "Grade: X", and an audit row with the new id', async () => {
    const { student, result } = await createResult();
    expect(result).toMatchObject({
      result_id: result.id,
      student_no: student.studentNo,
      full_name: student.fullName,
      academic_year_name: clockYear(-2),
      semester: "S1",
      current_grade: "Prep-2",
      remarks: "Good term",
      subject_scores: [
        { subject_name: "Mathematics", score: 95, max_score: 100, remarks: "Grade: A+" },
        { subject_name: "English", score: 79, max_score: 100, remarks: "Grade: B+" },
        { subject_name: "Art", score: 30, max_score: 50, remarks: "Needs practice" },
      ],
    });
    expect(result.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const [audit] = await auditRows("result", String(result.id));
    expect(audit).toMatchObject({ action: "create", adminUsername: "admin" });
    expect(JSON.parse(audit!.after!)).toMatchObject({ student_no: student.studentNo, semester: "S1" });
  });

  it("defaults max_score to 100, the grade to the student's current grade, and accepts Arabic-Indic/Persian digits in student_id", async () => {
    const student = await makeStudent("Primary-4");
    const res = await post({
      student_id: ` ${toArabicIndic(student.studentNo)} `,
      academic_year_name: clockYear(-1),
      semester: "S2",
      subject_scores: [{ subject_name: "Science", score: 39 }],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data).toMatchObject({
      current_grade: "Primary-4",
      remarks: null,
      subject_scores: [{ subject_name: "Science", score: 39, max_score: 100, remarks: "Grade: F" }],
    });
    // Persian digits, with a right-to-left mark picked up when the ID was copied from Arabic text.
    const persian = await post(body(`\u200f${toPersian(student.studentNo)}`, { academic_year_name: clockYear(0) }));
    expect(persian.status).toBe(201);
    expect(persian.json.data.student_no).toBe(student.studentNo);
  });

  it("stores half marks exactly: 45.5 of 50 (and typed text such as ٤٥٫٥) round-trips, in hundredths in the database", async () => {
    const { result } = await createResult({
      subject_scores: [
        { subject_name: "Art", score: 45.5, max_score: 50 },
        { subject_name: "Music", score: "٧٫٥", max_score: "۱۰" },
        { subject_name: "Science", score: 0.01, max_score: 99.99 },
        { subject_name: "History", score: 44.55, max_score: 49.5 },
      ],
    });
    expect(result.subject_scores.map((s: any) => [s.score, s.max_score, s.remarks])).toEqual([
      [45.5, 50, "Grade: A+"],
      [7.5, 10, "Grade: B+"],
      [0.01, 99.99, "Grade: F"],
      [44.55, 49.5, "Grade: A+"], // exactly 90 %
    ]);
    const stored = await db()
      .select()
      .from(resultSubjectScores)
      .where(eq(resultSubjectScores.resultId, result.id))
      .orderBy(resultSubjectScores.position);
    expect(stored.map((r) => [r.scoreHundredths, r.maxScoreHundredths])).toEqual([
      [4550, 5000],
      [750, 1000],
      [1, 9999],
      [4455, 4950],
    ]);
    const read = await api(`${BASE}/${result.id}`, { token });
    expect(read.json.data.subject_scores.map((s: any) => s.score)).toEqual([45.5, 7.5, 0.01, 44.55]);
  });

  it("accepts a score equal to the max and a score of 0", async () => {
    const { result } = await createResult({
      subject_scores: [
        { subject_name: "Music", score: 50, max_score: 50 },
        { subject_name: "History", score: 0, max_score: 100 },
      ],
    });
    expect(result.subject_scores.map((s: any) => s.remarks)).toEqual(["Grade: A+", "Grade: F"]);
  });

  it("404 for an unknown student", async () => {
    const res = expectError(await post(body("00000000000009")), 404, "NOT_FOUND");
    expect(res.message).toBe("Student not found");
    expect(res.reason).toBe("STUDENT_NOT_FOUND");
  });

  it("409 for a second result of the same student, year and semester, and writes nothing", async () => {
    const { student, result } = await createResult();
    const dup = expectError(
      await post(body(student.studentNo, { subject_scores: [{ subject_name: "Biology", score: 1, max_score: 10 }] })),
      409,
      "CONFLICT",
    );
    expect(dup.message).toBe("A result for this student, academic year and semester already exists");
    expect(dup.reason).toBe("RESULT_DUPLICATE");
    const scores = await db().select().from(resultSubjectScores).where(eq(resultSubjectScores.resultId, result.id));
    expect(scores).toHaveLength(3);
    expect(await auditRows("result", String(result.id))).toHaveLength(1);
    // Another semester of the same year is a different result.
    expect((await post(body(student.studentNo, { semester: "S2" }))).status).toBe(201);
  });

  it.each([
    [
      "an academic year that does not exist",
      { academic_year_name: FAR_YEAR },
      /academic year/i,
      "ACADEMIC_YEAR_UNKNOWN",
    ],
    ["a malformed academic year", { academic_year_name: "2031-2033" }, /YYYY-YYYY/, "ACADEMIC_YEAR_INVALID"],
    ["a missing academic year", { academic_year_name: "" }, /Academic Year is required/, "ACADEMIC_YEAR_REQUIRED"],
    ["semester S3", { semester: "S3" }, /S1 or S2/, "SEMESTER_INVALID"],
    ["a missing semester", { semester: undefined }, /^Semester is required$/, "SEMESTER_REQUIRED"],
    ["no subject rows", { subject_scores: [] }, /at least one subject/i, "RESULT_SUBJECTS_REQUIRED"],
    [
      "an unknown subject",
      { subject_scores: [{ subject_name: "Alchemy", score: 1, max_score: 10 }] },
      /Unknown subject/,
      "RESULT_SUBJECT_UNKNOWN",
    ],
    [
      "an empty subject",
      { subject_scores: [{ subject_name: "", score: 1, max_score: 10 }] },
      /select a subject/,
      "RESULT_SUBJECT_REQUIRED",
    ],
    [
      "a duplicate subject",
      {
        subject_scores: [
          { subject_name: "Art", score: 1, max_score: 10 },
          { subject_name: "Art", score: 2, max_score: 10 },
        ],
      },
      /more than once/,
      "RESULT_SUBJECT_REPEATED",
    ],
    [
      "a score above the max",
      { subject_scores: [{ subject_name: "Art", score: 51, max_score: 50 }] },
      /more than the total/,
      "MARKS_ABOVE_TOTAL",
    ],
    [
      "a missing score",
      { subject_scores: [{ subject_name: "Art", max_score: 50 }] },
      /^Marks are required$/,
      "MARKS_REQUIRED",
    ],
    [
      "an empty total",
      { subject_scores: [{ subject_name: "Art", score: 1, max_score: "" }] },
      /^Total is required$/,
      "TOTAL_REQUIRED",
    ],
    [
      "a negative score",
      { subject_scores: [{ subject_name: "Art", score: -1, max_score: 50 }] },
      /^Marks cannot be negative$/,
      "NUMBER_NEGATIVE",
    ],
    [
      "a max score of 0",
      { subject_scores: [{ subject_name: "Art", score: 0, max_score: 0 }] },
      /^Total must be at least 0.01$/,
      "NUMBER_MIN",
    ],
    [
      "a score with 3 decimals",
      { subject_scores: [{ subject_name: "Art", score: 10.555, max_score: 50 }] },
      /^Marks can have at most 2 decimal places$/,
      "NUMBER_DECIMALS",
    ],
    [
      "a total with 3 decimals",
      { subject_scores: [{ subject_name: "Art", score: 10, max_score: 50.001 }] },
      /^Total can have at most 2 decimal places$/,
      "NUMBER_DECIMALS",
    ],
    [
      "a score typed as 1e2",
      { subject_scores: [{ subject_name: "Art", score: "1e2", max_score: 500 }] },
      /^Marks must be a number$/,
      "NUMBER_INVALID",
    ],
    [
      "a score typed as -5",
      { subject_scores: [{ subject_name: "Art", score: "-5", max_score: 50 }] },
      /^Marks cannot be negative$/,
      "NUMBER_NEGATIVE",
    ],
    [
      "a score typed with a comma",
      { subject_scores: [{ subject_name: "Art", score: "7,5", max_score: 50 }] },
      /^Marks must be a number$/,
      "NUMBER_INVALID",
    ],
    [
      "a score above the max in half marks",
      { subject_scores: [{ subject_name: "Art", score: 50.5, max_score: 50 }] },
      /more than the total/,
      "MARKS_ABOVE_TOTAL",
    ],
    ["a grade outside the list", { grade: "Grade-13" }, /Unknown grade/, "GRADE_UNKNOWN"],
    [
      "remarks over 500 characters",
      { remarks: "x".repeat(501) },
      /^Remarks must be at most 500 characters$/,
      "TOO_LONG",
    ],
  ])("400 for %s, with its reason", async (_label, overrides, message, reason) => {
    const student = await makeStudent();
    const res = expectError(await post(body(student.studentNo, overrides)), 400, "VALIDATION_FAILED");
    expect(res.message).toMatch(message);
    expect(res.reason).toBe(reason);
  });

  it("names the params of a refused field: the repeated subject, the field and its limit", async () => {
    const student = await makeStudent();
    const rows = [
      { subject_name: "Computer Science", score: 1, max_score: 10, remarks: "r".repeat(201) },
      { subject_name: "Computer Science", score: 2, max_score: 10 },
    ];
    const res = expectError(await post(body(student.studentNo, { subject_scores: rows })), 400, "VALIDATION_FAILED");
    expect(res.issues).toEqual(
      expect.arrayContaining([
        {
          path: "subject_scores.0.remarks",
          reason: "TOO_LONG",
          params: { field: "remarks", max: 200 },
          message: "Remarks must be at most 200 characters",
        },
        {
          path: "subject_scores.1.subject_name",
          reason: "RESULT_SUBJECT_REPEATED",
          params: { subject: "Computer Science" },
          message: "Computer Science is listed more than once",
        },
      ]),
    );
  });

  it("400 for a missing student_id and for malformed JSON", async () => {
    const { student_id: _omit, ...rest } = body("1");
    const missing = expectError(await post(rest), 400, "VALIDATION_FAILED");
    expect(missing).toMatchObject({
      message: "Student ID is required",
      reason: "REQUIRED",
      params: { field: "student_id" },
    });
    expectError(
      await api(BASE, { method: "POST", token, body: "{nope", headers: { "Content-Type": "application/json" } }),
      400,
      "VALIDATION_FAILED",
    );
  });
});

describe("GET /api/admin/results", () => {
  it("lists results with their subject rows; filters by grade, year, semester and searches name or student_no", async () => {
    const a = await createResult({ grade: "Prep-3", semester: "S1" });
    const b = await createResult({ grade: "Prep-3", semester: "S2", academic_year_name: clockYear(-3) });
    const list = await api(`${BASE}?grade=Prep-3`, { token });
    expect(list.status).toBe(200);
    expect(list.headers.get("Cache-Control")).toBe("no-store");
    const ids = list.json.data.map((r: any) => r.id);
    expect(ids).toEqual(expect.arrayContaining([a.result.id, b.result.id]));
    expect(list.json.data.every((r: any) => r.current_grade === "Prep-3")).toBe(true);
    expect(list.json.data.find((r: any) => r.id === a.result.id).subject_scores).toHaveLength(3);

    const byName = await api(`${BASE}?search=${encodeURIComponent(a.student.fullName.slice(-12))}`, { token });
    expect(byName.json.data.map((r: any) => r.id)).toEqual([a.result.id]);
    const byNo = await api(`${BASE}?search=${encodeURIComponent(toArabicIndic(b.student.studentNo))}`, { token });
    expect(byNo.json.data.map((r: any) => r.id)).toEqual([b.result.id]);
    const scoped = await api(
      `${BASE}?grade=All&academic_year_name=${clockYear(-3)}&semester=S2&search=${b.student.studentNo}`,
      { token },
    );
    expect(scoped.json.data.map((r: any) => r.id)).toEqual([b.result.id]);
    const none = await api(`${BASE}?academic_year_name=${clockYear(-2)}&search=${b.student.studentNo}`, { token });
    expect(none.json.data).toEqual([]);
  });

  it("treats LIKE wildcards in the search as text", async () => {
    const res = await api(`${BASE}?search=${encodeURIComponent("%_%")}`, { token });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([]);
  });

  it("400 for an unknown grade, year or semester filter, or a search over 100 characters", async () => {
    expect(expectError(await api(`${BASE}?grade=Grade-99`, { token }), 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "GRADE_UNKNOWN",
      message: "Unknown grade",
    });
    expect(
      expectError(await api(`${BASE}?academic_year_name=2031-30`, { token }), 400, "VALIDATION_FAILED"),
    ).toMatchObject({ reason: "ACADEMIC_YEAR_INVALID" });
    // A well-formed year with no row lists nothing.
    const none = await api(`${BASE}?academic_year_name=${FAR_YEAR}`, { token });
    expect(none.status).toBe(200);
    expect(none.json.data).toEqual([]);
    expect(expectError(await api(`${BASE}?semester=S9`, { token }), 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "UNKNOWN_VALUE",
      message: "Unknown semester",
    });
    expect(
      expectError(await api(`${BASE}?search=${"x".repeat(101)}`, { token }), 400, "VALIDATION_FAILED"),
    ).toMatchObject({ reason: "RESULT_SEARCH_TOO_LONG", message: "Search is too long" });
  });
});

describe("GET /api/admin/results/:id", () => {
  it("returns one result; 404 for an unknown id; 400 for a non-numeric id", async () => {
    const { result } = await createResult();
    const res = await api(`${BASE}/${result.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual(result);
    expect(expectError(await api(`${BASE}/999999999`, { token }), 404, "NOT_FOUND")).toMatchObject({
      message: "Result not found",
      reason: "RESULT_NOT_FOUND",
    });
    expect(expectError(await api(`${BASE}/abc`, { token }), 400, "VALIDATION_FAILED")).toMatchObject({
      message: "Invalid result id",
      reason: "RESULT_ID_INVALID",
    });
  });
});

describe("PUT /api/admin/results/:id", () => {
  it("replaces the subject rows, the fields and updated_at, with an audit row holding before and after", async () => {
    const { student, result } = await createResult();
    const res = await api(`${BASE}/${result.id}`, {
      method: "PUT",
      token,
      body: body(student.studentNo, {
        semester: "S2",
        grade: "Prep-3",
        remarks: "",
        subject_scores: [
          { subject_name: "Physics", score: 45, max_score: 50 },
          { subject_name: "Mathematics", score: 59, max_score: 100, remarks: "Resit" },
        ],
      }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({
      id: result.id,
      semester: "S2",
      current_grade: "Prep-3",
      remarks: null,
      subject_scores: [
        { subject_name: "Physics", score: 45, max_score: 50, remarks: "Grade: A+" },
        { subject_name: "Mathematics", score: 59, max_score: 100, remarks: "Resit" },
      ],
    });
    expect(res.json.data.updated_at >= result.updated_at).toBe(true);
    expect((await api(`${BASE}/${result.id}`, { token })).json.data).toEqual(res.json.data);
    const rows = await db().select().from(resultSubjectScores).where(eq(resultSubjectScores.resultId, result.id));
    expect(rows.map((r) => r.subjectName).sort()).toEqual(["Mathematics", "Physics"]);
    const update = (await auditRows("result", String(result.id))).find((r) => r.action === "update")!;
    expect(JSON.parse(update.before!).subject_scores).toHaveLength(3);
    expect(JSON.parse(update.after!).subject_scores).toHaveLength(2);
  });

  it("keeps the result's grade when the body omits it", async () => {
    const { student, result } = await createResult({ grade: "Private" });
    const { grade: _g, ...rest } = body(student.studentNo);
    const res = await api(`${BASE}/${result.id}`, { method: "PUT", token, body: rest });
    expect(res.json.data.current_grade).toBe("Private");
  });

  it("409 when it would collide with another result, leaving both unchanged", async () => {
    const { student, result: s1 } = await createResult();
    const s2 = (await post(body(student.studentNo, { semester: "S2" }))).json.data;
    const clash = await api(`${BASE}/${s2.id}`, {
      method: "PUT",
      token,
      body: body(student.studentNo, {
        semester: "S1",
        subject_scores: [{ subject_name: "Art", score: 1, max_score: 10 }],
      }),
    });
    expect(expectError(clash, 409, "CONFLICT")).toMatchObject({
      message: "A result for this student, academic year and semester already exists",
      reason: "RESULT_DUPLICATE",
    });
    expect((await api(`${BASE}/${s2.id}`, { token })).json.data).toEqual(s2);
    expect((await api(`${BASE}/${s1.id}`, { token })).json.data).toEqual(s1);
  });

  it("404 for an unknown result or student; 400 for an invalid body", async () => {
    const { student, result } = await createResult();
    expect(
      expectError(
        await api(`${BASE}/999999999`, { method: "PUT", token, body: body(student.studentNo) }),
        404,
        "NOT_FOUND",
      ),
    ).toMatchObject({ message: "Result not found", reason: "RESULT_NOT_FOUND" });
    expect(
      expectError(
        await api(`${BASE}/${result.id}`, { method: "PUT", token, body: body("00000000000008") }),
        404,
        "NOT_FOUND",
      ),
    ).toMatchObject({ message: "Student not found", reason: "STUDENT_NOT_FOUND" });
    expectError(
      await api(`${BASE}/${result.id}`, {
        method: "PUT",
        token,
        body: body(student.studentNo, { subject_scores: [] }),
      }),
      400,
      "VALIDATION_FAILED",
    );
    expect((await api(`${BASE}/${result.id}`, { token })).json.data).toEqual(result);
  });
});

describe("DELETE /api/admin/results/:id", () => {
  it("deletes the result and its subject rows, with an audit row holding the before snapshot; then 404", async () => {
    const { result } = await createResult();
    const res = await api(`${BASE}/${result.id}`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Result deleted successfully");
    expectError(await api(`${BASE}/${result.id}`, { token }), 404, "NOT_FOUND");
    expect(await db().select().from(resultSubjectScores).where(eq(resultSubjectScores.resultId, result.id))).toEqual(
      [],
    );
    const del = (await auditRows("result", String(result.id))).find((r) => r.action === "delete")!;
    expect(JSON.parse(del.before!)).toEqual(result);
    expect(del.after).toBeNull();
    expectError(await api(`${BASE}/${result.id}`, { method: "DELETE", token }), 404, "NOT_FOUND");
    expectError(await api(`${BASE}/x1`, { method: "DELETE", token }), 400, "VALIDATION_FAILED");
  });
});

describe("publications", () => {
  // Tests share one database and run in parallel: public-results.test.ts sets next year's S1 and this year's S2, so
  // this file toggles only S2 of three years ago, which no other file touches.
  const year = clockYear(-3);
  const semester = "S2";
  const put = (b: unknown) => api(`${BASE}/publications`, { method: "PUT", token, body: b });

  it("lists every academic year of the data × semester, oldest first, unpublished by default", async () => {
    const res = await api(`${BASE}/publications`, { token });
    expect(res.status).toBe(200);
    const years = (await api("/api/admin/academic-years", { token })).json.years.map((y: any) => y.name).toReversed();
    expect(years).toContain(year);
    expect(res.json.data.map((p: any) => `${p.academic_year_name} ${p.semester}`)).toEqual(
      years.flatMap((y: string) => [`${y} S1`, `${y} S2`]),
    );
    expect(res.json.data.find((p: any) => p.academic_year_name === year && p.semester === semester)).toEqual({
      academic_year_name: year,
      semester,
      is_published: false,
      published_at: null,
    });
    for (const p of res.json.data)
      expect(p.published_at === null || !Number.isNaN(Date.parse(p.published_at))).toBe(true);
  });

  it("publishes (setting published_at, kept on re-publish), unpublishes (clearing it), audits, and feeds isPublished", async () => {
    const on = await put({ academic_year_name: year, semester, is_published: true });
    expect(on.status, JSON.stringify(on.json)).toBe(200);
    expect(on.json.data).toMatchObject({ academic_year_name: year, semester, is_published: true });
    expect(Date.parse(on.json.data.published_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await isPublished(db(), year, semester)).toBe(true);
    expect(await isPublished(db(), year, "S1")).toBe(false);
    expect((await publishedPairs(db())).some((p) => p.academic_year_name === year && p.semester === semester)).toBe(
      true,
    );

    const again = await put({ academic_year_name: year, semester, is_published: true });
    expect(again.json.data.published_at).toBe(on.json.data.published_at);
    const listed = (await api(`${BASE}/publications`, { token })).json.data.find(
      (p: any) => p.academic_year_name === year && p.semester === semester,
    );
    expect(listed).toEqual(on.json.data);

    const off = await put({ academic_year_name: year, semester, is_published: false });
    expect(off.json.data).toEqual({ academic_year_name: year, semester, is_published: false, published_at: null });
    expect(await isPublished(db(), year, semester)).toBe(false);

    const audits = await auditRows("result_publication", `${year}/${semester}`);
    expect(audits.map((a) => a.action)).toEqual(["publish", "publish", "unpublish"]);
    expect(JSON.parse(audits[2]!.before!)).toMatchObject({ is_published: true });
  });

  it("400 for a year outside the list, a bad semester or a missing flag", async () => {
    expectError(
      await put({ academic_year_name: FAR_YEAR, semester: "S1", is_published: true }),
      400,
      "VALIDATION_FAILED",
    );
    expectError(await put({ academic_year_name: year, semester: "S3", is_published: true }), 400, "VALIDATION_FAILED");
    expect(
      expectError(await put({ academic_year_name: year, semester, is_published: "yes" }), 400, "VALIDATION_FAILED"),
    ).toMatchObject({
      reason: "NOT_BOOLEAN",
      params: { field: "is_published" },
      message: "is_published must be true or false",
    });
  });
});

describe("live events", () => {
  it('a result mutation publishes students_changed with entity "result" and its id', async () => {
    const ctrl = new AbortController();
    const res = await (exports as unknown as { default: Fetcher }).default.fetch(
      new Request("http://school.test/api/students/events", {
        headers: { Authorization: `Bearer ${token}` },
        signal: ctrl.signal,
      }),
    );
    const reader = res.body!.getReader();
    await reader.read(); // ": connected"
    const { result } = await createResult();
    // Other test files publish on the same hub: read until this result's event shows up.
    let seen = "";
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && !seen.includes(`"id":${result.id}`)) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 1_000))]);
      if (chunk?.value) seen += new TextDecoder().decode(chunk.value);
    }
    ctrl.abort();
    await reader.cancel().catch(() => {});
    const event = seen.split("\n\n").find((e) => e.includes(`"id":${result.id}`));
    expect(event).toContain("event: students_changed");
    expect(JSON.parse(event!.split("data: ")[1]!)).toMatchObject({ entity: "result", id: result.id });
  });
});

describe("OpenAPI", () => {
  it("documents every results endpoint from its route schemas", async () => {
    const doc = (await api("/api/openapi.json")).json;
    expect(Object.keys(doc.paths["/api/admin/results"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(doc.paths["/api/admin/results/{id}"])).toEqual(expect.arrayContaining(["get", "put", "delete"]));
    expect(Object.keys(doc.paths["/api/admin/results/publications"])).toEqual(expect.arrayContaining(["get", "put"]));
    // One parameter per query field; answers described by their schemas, errors by the one error shape.
    const list = doc.paths["/api/admin/results"].get;
    const query = list.parameters.filter((p: { in: string }) => p.in === "query").map((p: { name: string }) => p.name);
    expect(query).toEqual(expect.arrayContaining(["grade", "search", "academic_year_name", "semester"]));
    expect(list.security).toEqual([{ bearer: [] }]);
    const result = list.responses["200"].content["application/json"].schema.properties.data.items;
    expect(Object.keys(result.properties)).toEqual(
      expect.arrayContaining(["id", "student_no", "subject_scores", "current_grade"]),
    );
    expect(doc.paths["/api/admin/results"].post.requestBody.content["application/json"].schema).toBeTruthy();
    expect(doc.paths["/api/admin/results"].post.responses["409"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/Error",
    );
    expect(doc.paths["/api/admin/results/{id}"].delete.responses["404"]).toBeTruthy();
    const publication =
      doc.paths["/api/admin/results/publications"].put.responses["200"].content["application/json"].schema.properties
        .data;
    expect(Object.keys(publication.properties)).toEqual([
      "academic_year_name",
      "semester",
      "is_published",
      "published_at",
    ]);
  });
});
