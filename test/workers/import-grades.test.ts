/**
 * Grade spellings in an import (docs/product.md#accepted-grade-labels, #bulk-import): an office's "ثالثة إعدادي",
 * "3 إعدادي", "تالتة اعدادي", "أولى ابتدائي" and "رياض أطفال أولى" are read as grades, not refused, and each row of
 * the answer says which grade its cell became; the records are created under it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, loginAdmin, uid } from "./helpers";
import { uniqueStudentNo } from "./fixtures";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const SPELLINGS = [
  ["ثالثة إعدادي", "Prep-3"],
  ["3 إعدادي", "Prep-3"],
  ["تالتة اعدادي", "Prep-3"],
  ["أولى ابتدائي", "Primary-1"],
  ["رياض أطفال أولى", "KG-1"],
] as const;

describe("a students import", () => {
  it("reads the spellings offices type and answers the grade each became", async () => {
    const rows = SPELLINGS.map(([grade]) => ({
      student_no: uniqueStudentNo(),
      full_name: `طالب ${uid()}`,
      nationality: "مصري",
      current_grade: grade,
      building_no: 2,
    }));
    const post = (key?: string) =>
      api(`/api/admin/import/students${key ? "" : "?dry_run=1"}`, {
        method: "POST",
        token,
        body: { rows },
        headers: key ? { "Idempotency-Key": key } : {},
      });
    const dry = await post();
    expect(dry.status, JSON.stringify(dry.json)).toBe(200);
    expect(dry.json.rows.map((r: { action: string; grade?: string }) => [r.action, r.grade])).toEqual(
      SPELLINGS.map(([, grade]) => ["create", grade]),
    );
    expect((await post(uid("grades"))).status).toBe(200);
    const stored = await api(`/api/students?search=${rows[0]!.student_no}`, { token });
    expect(stored.json.students[0].current_grade).toBe("Prep-3");
  });

  it("still refuses a grade it cannot read, with no grade in the answer", async () => {
    const dry = await api("/api/admin/import/students?dry_run=1", {
      method: "POST",
      token,
      body: {
        rows: [
          {
            student_no: uniqueStudentNo(),
            full_name: "س",
            nationality: "مصري",
            current_grade: "رابعة إعدادي",
            building_no: 1,
          },
        ],
      },
    });
    expect(dry.json.rows[0]).toMatchObject({
      action: "error",
      errors: [{ field: "current_grade", code: "GRADE_UNKNOWN" }],
    });
    expect(dry.json.rows[0].grade).toBeUndefined();
  });
});
