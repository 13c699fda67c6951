/**
 * `students.search_name` is kept by the database (triggers in db/migrations/0002_students_search_name_triggers.sql):
 * every writer gets it, the API and direct inserts alike, and a name change refreshes it. It must equal
 * `foldSearchText` of the name for the names people type, or the Students/Fees search misses them.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { studentGuardians, students } from "../../db/schema";
import { foldSearchText } from "../../worker/lib/normalize";
import { insertStudent, insertFee, insertResult, testDb } from "./fixtures";
import { api, loginAdmin, uid } from "./helpers";
import { clockYear } from "../support/clock-years";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const searchNameOf = async (id: number) =>
  (await testDb().select({ v: students.searchName }).from(students).where(eq(students.id, id)))[0]!.v;

describe("students.search_name", () => {
  it("equals foldSearchText(full_name) for a direct insert, whatever the spelling", async () => {
    for (const name of ["أحمد إبراهيم", "فاطِمَة الزَّهْراء", "مصطفى عبد الله", "آمنة ـعلـي", "Ahmed IBRAHIM", "ليلى حسن"]) {
      const s = await insertStudent({ fullName: name });
      expect(await searchNameOf(s.id)).toBe(foldSearchText(name));
    }
  });

  it("follows a name change through the API, and the Fees search finds the new name", async () => {
    const tag = uid("sn").toLowerCase();
    const s = await insertStudent({ fullName: `طالب ${tag}` });
    await insertFee(s.id, 100_000, 0);
    const res = await api(`/api/students/${s.id}`, {
      method: "PUT",
      token,
      body: {
        student_no: s.studentNo,
        full_name: `أسامة إبراهيم ${tag}`,
        nationality: "Egyptian",
        current_grade: "Prep-3",
        building_no: 5,
        gender: "male",
      },
    });
    expect(res.status).toBe(200);
    expect(await searchNameOf(s.id)).toBe(foldSearchText(`أسامة إبراهيم ${tag}`));
    const fees = await api(`/api/fees?search=${encodeURIComponent(`اسامه ابراهيم ${tag}`)}&page=1&limit=15`, { token });
    expect(fees.status).toBe(200);
    expect(fees.json.fees.map((f: { student_no: string }) => f.student_no)).toEqual([s.studentNo]);
    const old = await api(`/api/fees?search=${encodeURIComponent(`طالب ${tag}`)}&page=1&limit=15`, { token });
    expect(old.json.fees).toEqual([]);
  });

  it("one search rule everywhere: students, fees and results all find a name typed without hamza", async () => {
    const tag = uid("v").toLowerCase();
    const s = await insertStudent({ fullName: `إياد طارق سليمان ${tag}` });
    await insertFee(s.id, 100_000, 0);
    await insertResult(s.id, clockYear(-1), "S1", [["Arabic", 80, 100]]);
    const q = encodeURIComponent(`اياد طارق سليمان ${tag}`);
    const [st, fees, results] = await Promise.all([
      api(`/api/students?search=${q}`, { token }),
      api(`/api/fees?search=${q}`, { token }),
      api(`/api/admin/results?search=${q}`, { token }),
    ]);
    expect(st.json.students.map((x: { student_no: string }) => x.student_no)).toEqual([s.studentNo]);
    expect(fees.json.fees.map((x: { student_no: string }) => x.student_no)).toEqual([s.studentNo]);
    expect(results.json.data.map((x: { student_no: string }) => x.student_no)).toEqual([s.studentNo]);
  });
});

describe("student_guardians.search_name", () => {
  const guardianName = async (id: number) =>
    (
      await testDb()
        .select({ v: studentGuardians.searchName })
        .from(studentGuardians)
        .where(eq(studentGuardians.id, id))
    )[0]!.v;

  it("equals foldSearchText(full_name) for a direct insert and follows a name change", async () => {
    const s = await insertStudent({ fullName: `طالب ${uid("g")}` });
    const names = ["أُمّ إبراهيم", "سلمى", "Fatma ALI", "هالة ـمحمد"];
    const rows = await testDb()
      .insert(studentGuardians)
      .values(
        names
          .map((fullName, position) => ({
            studentId: s.id,
            position,
            fullName,
            relation: "guardian" as const,
            phone: `+2010${String(position).padStart(8, "0")}`,
          }))
          .slice(0, 3),
      )
      .returning({ id: studentGuardians.id, name: studentGuardians.fullName });
    for (const r of rows) expect(await guardianName(r.id)).toBe(foldSearchText(r.name));
    await testDb().update(studentGuardians).set({ fullName: names[3]! }).where(eq(studentGuardians.id, rows[0]!.id));
    expect(await guardianName(rows[0]!.id)).toBe(foldSearchText(names[3]!));
  });
});
