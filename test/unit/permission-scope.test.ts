/**
 * How far a role holds a permission (worker/permissions.ts `scopeOf`, docs/product.md#staff-and-roles): one answer
 * that the server's narrowing (worker/services/teaching.ts) and the console (result dialog, staff form) both ask; the
 * subject rows a change touches, remarks included; and the result dialog sending read-only rows as stored.
 */
import { describe, expect, it } from "vitest";
import { can, hasAssignedScope, PERMISSIONS, type Permission, rolesWith, scopeOf } from "../../worker/permissions";
import { STAFF_ROLES } from "../../common/staff-roles";
import { changedSubjects } from "../../worker/services/teaching";
import { keepReadOnly } from "../../web/features/results/admin/result-form";
import type { ResultBody, ResultJson } from "../../worker/contracts/results";

const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

describe("scopeOf", () => {
  it("narrows the teacher's reads of students and results and their marks to their assignments", () => {
    for (const p of ["students.read", "results.read", "results.write"] as const) {
      expect(scopeOf("teacher", p), p).toBe("assigned");
      expect(scopeOf("administrator", p), p).toBe("all");
    }
    expect(scopeOf("viewer", "results.read")).toBe("all");
    expect(scopeOf("teacher", "session.own")).toBe("all");
    expect(scopeOf("teacher", "results.delete")).toBeNull();
    expect(scopeOf("viewer", "results.write")).toBeNull();
  });

  it("agrees with can and rolesWith for every role and permission", () => {
    for (const p of ALL_PERMISSIONS) {
      expect(rolesWith(p)).toEqual(STAFF_ROLES.filter((r) => scopeOf(r, p) !== null));
      for (const r of STAFF_ROLES) expect(can(r, p), `${r} ${p}`).toBe(scopeOf(r, p) !== null);
    }
  });

  it("gives an assigned scope, and so assignments, to the teacher only", () => {
    expect(STAFF_ROLES.filter(hasAssignedScope)).toEqual(["teacher"]);
  });
});

describe("changedSubjects", () => {
  const row = (subject_name: string, score: number, max_score = 100, remarks: string | null = "Grade: B") => ({
    subject_name,
    score,
    max_score,
    remarks,
  });

  it("names every subject whose score, total or remarks differ, and those added or removed", () => {
    const before = [row("Mathematics", 40), row("English", 70), row("Science", 50), row("Art", 9)];
    const after = [row("Mathematics", 40), row("English", 70, 100, "Poor"), row("Science", 50, 80), row("History", 60)];
    expect([...changedSubjects(before, after)].sort()).toEqual(["Art", "English", "History", "Science"]);
    expect(changedSubjects(before, before).size).toBe(0);
    expect([...changedSubjects([row("Art", 9, 10, null)], [row("Art", 9, 10, "")])]).toEqual(["Art"]);
  });
});

describe("keepReadOnly", () => {
  const editing = {
    remarks: "Good",
    subject_scores: [
      { subject_name: "Mathematics", score: 40, max_score: 100, remarks: "Grade: F" },
      { subject_name: "English", score: 70, max_score: 100, remarks: "Excellent" },
    ],
  } as ResultJson;
  const body = {
    student_id: "31001310119461",
    academic_year_name: "2026-2027",
    semester: "S1",
    subject_scores: [
      { subject_name: "Mathematics", score: 55, max_score: 100, remarks: "Grade: D" },
      { subject_name: "English", score: 70, max_score: 100, remarks: "Grade: B" },
    ],
    remarks: "Changed",
  } as ResultBody;
  const maths = (s: string) => s === "Mathematics";

  it("sends other subjects' rows and the overall remarks as stored", () => {
    expect(keepReadOnly(body, editing, maths)).toEqual({
      ...body,
      subject_scores: [body.subject_scores[0], editing.subject_scores[1]],
      remarks: "Good",
    });
  });

  it("sends no overall remarks on a new result", () => {
    expect(keepReadOnly(body, null, maths).remarks).toBeNull();
  });
});
