/**
 * A students import keeps the current year's enrolments (docs/product.md#bulk-import,
 * #academic-years-and-rollover), as a student's create and edit do: a created student is enrolled in the current
 * year with the sheet's grade, building and section (Arabic-Indic digits stored as ASCII); an update moves the enrolment with the student's grade and
 * building, and a sheet's section is written (a changed section alone is an update), kept when the sheet has none.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { enrolments, students } from "../../db/schema";
import { currentYearName } from "../../worker/services/academic-years/current";
import { testDb, uniqueStudentNo } from "./fixtures";
import { api, loginAdmin, uid } from "./helpers";

let token: string;
let current: string;
beforeAll(async () => {
  token = await loginAdmin();
  current = await currentYearName(testDb());
});

const commit = (rows: unknown[], dry = false) =>
  api(`/api/admin/import/students${dry ? "?dry_run=1" : ""}`, {
    method: "POST",
    token,
    body: { rows },
    headers: dry ? {} : { "Idempotency-Key": uid("imp-enrol") },
  });

const row = (over: Record<string, unknown> = {}) => ({
  student_no: uniqueStudentNo(),
  full_name: `طالب ${uid()}`,
  nationality: "Egyptian",
  current_grade: "Prep-1",
  building_no: "٢",
  ...over,
});

/** The current year's enrolment of each of `nos` (student number → grade, building, section). */
async function enrolled(nos: string[]) {
  const rows = await testDb()
    .select({
      no: students.studentNo,
      grade: enrolments.grade,
      building: enrolments.buildingNo,
      section: enrolments.section,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(and(inArray(students.studentNo, nos), eq(enrolments.academicYearName, current)));
  return Object.fromEntries(rows.map(({ no, ...e }) => [no, e]));
}

describe("a students import and the current year's enrolments", () => {
  it("enrols created students, moves updated ones with their grade, writes or keeps the section", async () => {
    const a = row({ section: "٣/٢" });
    const b = row({ current_grade: "KG-2" });
    const first = await commit([a, b]);
    expect(first.status, first.text).toBe(200);
    expect(await enrolled([a.student_no, b.student_no])).toEqual({
      [a.student_no]: { grade: "Prep-1", building: 2, section: "3/2" },
      [b.student_no]: { grade: "KG-2", building: 2, section: null },
    });

    // a: a new grade and building, no section column (kept); b: only a section (an update, not unchanged).
    const aMoved: Record<string, unknown> = { ...a, current_grade: "Prep-2", building_no: 1 };
    delete aMoved.section;
    const bSection = { ...b, section: "1/1" };
    const dry = await commit([aMoved, bSection], true);
    expect(dry.json.rows.map((r: { action: string }) => r.action)).toEqual(["update", "update"]);
    const second = await commit([aMoved, bSection]);
    expect(second.status, second.text).toBe(200);
    expect(await enrolled([a.student_no, b.student_no])).toEqual({
      [a.student_no]: { grade: "Prep-2", building: 1, section: "3/2" },
      [b.student_no]: { grade: "KG-2", building: 2, section: "1/1" },
    });
    // Still one enrolment per student and year.
    const all = await testDb()
      .select({ id: enrolments.id })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .where(inArray(students.studentNo, [a.student_no, b.student_no]));
    expect(all).toHaveLength(2);
    expect((await commit([bSection], true)).json.rows[0].action).toBe("unchanged");
  });
});
