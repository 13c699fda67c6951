/**
 * Absent marks through the API (docs/product.md#results, #bulk-import, #public-results): a subject is marked absent
 * with `absent: true` and no score, or "غ"/"غائب"/"abs" typed as its marks (a teacher's sheet no longer stops at
 * "غ"); it is stored and answered as absent, never as 0; an imported sheet with "غ" is created and, sent again, is
 * unchanged; the public lookup answers it with the school's rule for the total, which `results_absent_rule` sets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, expectError, loginAdmin, uid } from "./helpers";
import { insertStudent, setPublished } from "./fixtures";
import { clockYear } from "../support/clock-years";

// A term other files publish too and never unpublish (public-results, teacher-marks).
const TERM = { academic_year_name: clockYear(1), semester: "S1" } as const;
let token: string;
let ip = 0;

beforeAll(async () => {
  token = await loginAdmin();
  await setPublished(TERM.academic_year_name, TERM.semester, true);
});
afterAll(async () => {
  await api("/api/admin/settings", { method: "PUT", token, body: { results_absent_rule: "excluded" } });
});

const create = (studentId: string, subjectScores: unknown[]) =>
  api("/api/admin/results", {
    method: "POST",
    token,
    body: { student_id: studentId, ...TERM, subject_scores: subjectScores },
  });

const lookup = (no: string) =>
  api(`/api/student/results/${no}`, { headers: { "CF-Connecting-IP": `10.9.${Math.floor(++ip / 250)}.${ip % 250}` } });

describe("the results API", () => {
  it("stores an absent subject (absent: true, or غ typed as the marks) and answers it absent with no score", async () => {
    const s = await insertStudent({ currentGrade: "Prep-3" });
    const res = await create(s.studentNo, [
      { subject_name: "Mathematics", score: 45, max_score: 50 },
      { subject_name: "Science", absent: true, max_score: 50 },
      { subject_name: "English", score: "غائب" },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const read = await api(`/api/admin/results/${res.json.data.id}`, { token });
    expect(read.json.data.subject_scores).toEqual([
      { subject_name: "Mathematics", score: 45, max_score: 50, remarks: "Grade: A+", absent: false },
      { subject_name: "Science", score: null, max_score: 50, remarks: null, absent: true },
      { subject_name: "English", score: null, max_score: 100, remarks: null, absent: true },
    ]);
    const listed = await api(`/api/admin/results?search=${s.studentNo}`, { token });
    expect(listed.json.data[0].subject_scores[1]).toMatchObject({ score: null, absent: true });
  });

  it("refuses marks on an absent subject", async () => {
    const s = await insertStudent({ currentGrade: "Prep-3" });
    const res = await create(s.studentNo, [{ subject_name: "Science", absent: true, score: 0 }]);
    expect(expectError(res, 400, "VALIDATION_FAILED").reason).toBe("ABSENT_WITH_MARKS");
  });
});

describe("the results import", () => {
  it("reads غ in a teacher's sheet as absent, creates the result, and the same sheet again is unchanged", async () => {
    const a = await insertStudent({ currentGrade: "Prep-3" });
    const b = await insertStudent({ currentGrade: "Prep-3" });
    const rows = [
      {
        student_id: a.studentNo,
        subject_scores: [
          { subject_name: "Mathematics", score: "38" },
          { subject_name: "Science", score: "غ" },
        ],
      },
      { student_id: b.studentNo, subject_scores: [{ subject_name: "Mathematics", score: " ABS " }] },
    ];
    const body = { rows, options: TERM };
    const post = (key?: string) =>
      api(`/api/admin/import/results${key ? "" : "?dry_run=1"}`, {
        method: "POST",
        token,
        body,
        headers: key ? { "Idempotency-Key": key } : {},
      });
    const dry = await post();
    expect(dry.status, JSON.stringify(dry.json)).toBe(200);
    expect(dry.json.rows.map((r: { action: string; errors: unknown[] }) => [r.action, r.errors])).toEqual([
      ["create", []],
      ["create", []],
    ]);
    expect((await post(uid("absent"))).status).toBe(200);
    const listed = await api(`/api/admin/results?search=${a.studentNo}`, { token });
    expect(listed.json.data[0].subject_scores[1]).toMatchObject({ subject_name: "Science", score: null, absent: true });
    const again = await post();
    expect(again.json.summary).toMatchObject({ unchanged: 2, errors: 0 });
    // A mark where the stored subject was absent is a change.
    const changed = await api("/api/admin/import/results?dry_run=1", {
      method: "POST",
      token,
      body: { rows: [{ ...rows[1], subject_scores: [{ subject_name: "Mathematics", score: "0" }] }], options: TERM },
    });
    expect(changed.json.rows[0].action).toBe("update");
  });
});

describe("the public lookup", () => {
  it("answers an absent subject with no score and the school's rule, which the settings change", async () => {
    const s = await insertStudent({ currentGrade: "Prep-3", fullName: `غائب ${uid()}` });
    const made = await create(s.studentNo, [
      { subject_name: "Mathematics", score: 45, max_score: 50 },
      { subject_name: "Science", score: "غ", max_score: 50 },
    ]);
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const first = await lookup(s.studentNo);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data[0]).toMatchObject({
      absent_rule: "excluded",
      subjects: [
        { subject_name: "Mathematics", score: 45, max_score: 50, absent: false },
        { subject_name: "Science", score: null, max_score: 50, absent: true },
      ],
    });
    const set = await api("/api/admin/settings", { method: "PUT", token, body: { results_absent_rule: "zero" } });
    expect(set.json.settings).toMatchObject({ results_absent_rule: "zero", results_fee_rule: expect.any(String) });
    expect((await lookup(s.studentNo)).json.data[0].absent_rule).toBe("zero");
    const bad = await api("/api/admin/settings", { method: "PUT", token, body: { results_absent_rule: "half" } });
    expect(expectError(bad, 400, "VALIDATION_FAILED").reason).toBe("SETTING_VALUE_INVALID");
  });
});
