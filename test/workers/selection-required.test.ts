/**
 * Which subjects a student must choose, and what an update keeps (docs/product.md#teacher-selection):
 * - an active subject without an active teacher is not required (it used to block every student: the page asked
 *   for the subjects it was offered, the server for every active subject);
 * - the admin list of active subjects without an active teacher with seats;
 * - an update keeps the group (session) and date of a subject whose teacher did not change.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { selectionSubjects, studentSelections, students, teachers } from "../../db/schema";
import { api, expectError, loginAdmin } from "./helpers";
import { testDb } from "./fixtures";
import { makeWorld as makeWorldIn, type World } from "../support/selection-world";

const makeWorld = (o: Parameters<typeof makeWorldIn>[1]) => makeWorldIn(testDb() as never, o);
let ip = 0;
const call = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  api(path, { ...init, headers: { "CF-Connecting-IP": `10.77.${Math.floor(++ip / 250)}.${ip % 250}` } });
const choose = (w: World, pick: (s: World["subjects"][number]) => number = (s) => s.teachers[0]!) =>
  w.subjects.map((s) => ({ subject_id: s.id, teacher_id: pick(s) }));
const select = (studentNo: string, selections: unknown) =>
  call("/api/public/selection/student/select", { method: "POST", body: { student_id: studentNo, selections } });

let seq = 0;
/** An extra active subject with teachers of the given capacities and activity. */
async function addSubject(name: string, teacherSpecs: Array<{ caps: [number, number]; active?: boolean }>) {
  const tag = `${Date.now().toString(36)}${++seq}`;
  const [s] = await testDb()
    .insert(selectionSubjects)
    .values({ name: `${name}-${tag}` })
    .returning();
  const ids: number[] = [];
  for (const [i, t] of teacherSpecs.entries()) {
    const [row] = await testDb()
      .insert(teachers)
      .values({
        teacherCode: `X${tag}${i}`,
        fullName: `معلم ${name} ${i}`,
        subjectId: s!.id,
        session1Capacity: t.caps[0],
        session2Capacity: t.caps[1],
        isActive: t.active ?? true,
      })
      .returning({ id: teachers.id });
    ids.push(row!.id);
  }
  return { id: s!.id, name: s!.name, teachers: ids };
}

let w: World;
beforeEach(async () => {
  w = await makeWorld({
    subjects: 2,
    caps: [
      [3, 3],
      [5, 5],
    ],
    studentCount: 4,
  });
});

describe("required subjects", () => {
  it("does not require an active subject without an active teacher, and requires it once it has one", async () => {
    const empty = await addSubject("empty", []);
    const inactiveOnly = await addSubject("inactive", [{ caps: [5, 5], active: false }]);
    const no = w.students[0]!;

    const offered = (await call(`/api/public/selection/teachers/${no}`)).json.teachers as { subject_id: number }[];
    expect(new Set(offered.map((t) => t.subject_id))).toEqual(new Set(w.subjects.map((s) => s.id)));

    // The page asks for the two offered subjects; the server agrees.
    expect(expectError(await select(no, choose(w).slice(0, 1)), 400, "VALIDATION_FAILED").message).toBe(
      "Please choose a teacher for all 2 subjects.",
    );
    const saved = await select(no, choose(w));
    expect(saved.status, JSON.stringify(saved.json)).toBe(201);

    // A teacher arrives for the empty subject: now it is offered, and required.
    await testDb().update(teachers).set({ isActive: true }).where(eq(teachers.id, inactiveOnly.teachers[0]!));
    const other = w.students[1]!;
    const now = (await call(`/api/public/selection/teachers/${other}`)).json.teachers as { subject_id: number }[];
    expect(new Set(now.map((t) => t.subject_id))).toEqual(new Set([...w.subjects.map((s) => s.id), inactiveOnly.id]));
    expect(expectError(await select(other, choose(w)), 400, "VALIDATION_FAILED").message).toBe(
      "Please choose a teacher for all 3 subjects.",
    );
    const full = [...choose(w), { subject_id: inactiveOnly.id, teacher_id: inactiveOnly.teachers[0]! }];
    expect((await select(other, full)).status).toBe(201);
    // A choice for a subject nobody teaches is still refused.
    expectError(
      await select(w.students[2]!, [...full, { subject_id: empty.id, teacher_id: inactiveOnly.teachers[0]! }]),
      400,
      "VALIDATION_FAILED",
    );
  });
});

describe("GET /api/admin/selection/subjects/uncovered", () => {
  it("lists each active subject without an active teacher with a free seat", async () => {
    const token = await loginAdmin();
    const empty = await addSubject("empty", []);
    const inactiveOnly = await addSubject("inactive", [{ caps: [5, 5], active: false }]);
    const noCapacity = await addSubject("nocap", [{ caps: [0, 0] }]);
    await addSubject("open", [{ caps: [0, 2] }, { caps: [0, 0], active: false }]);
    const dormant = await addSubject("dormant", []);
    await testDb().update(selectionSubjects).set({ isActive: false }).where(eq(selectionSubjects.id, dormant.id));

    const res = await call("/api/admin/selection/subjects/uncovered", { token });
    expect(res.status).toBe(200);
    const byId = new Map(
      (
        res.json.data as { subject_id: number; subject_name: string; active_teachers: number; seats_left: number }[]
      ).map((r) => [r.subject_id, r]),
    );
    expect([...byId.keys()].sort()).toEqual([empty.id, inactiveOnly.id, noCapacity.id].sort());
    expect(byId.get(empty.id)).toEqual({
      subject_id: empty.id,
      subject_name: empty.name,
      active_teachers: 0,
      seats_left: 0,
    });
    expect(byId.get(inactiveOnly.id)).toMatchObject({ active_teachers: 0, seats_left: 0 });
    expect(byId.get(noCapacity.id)).toMatchObject({ active_teachers: 1, seats_left: 0 });

    // Seats running out puts a subject on the list.
    await testDb()
      .update(teachers)
      .set({ seatsTaken1: 3, seatsTaken2: 3 })
      .where(eq(teachers.id, w.subjects[0]!.teachers[0]!));
    await testDb().update(teachers).set({ isActive: false }).where(eq(teachers.id, w.subjects[0]!.teachers[1]!));
    const after = await call("/api/admin/selection/subjects/uncovered", { token });
    expect(after.json.data.find((r: { subject_id: number }) => r.subject_id === w.subjects[0]!.id)).toMatchObject({
      active_teachers: 1,
      seats_left: 0,
    });

    expectError(await call("/api/admin/selection/subjects/uncovered"), 401, "UNAUTHORIZED");
  });
});

describe("an update keeps the group of an unchanged teacher", () => {
  it("keeps session and date for the kept subject; the changed one gets the group with more free seats", async () => {
    const token = await loginAdmin();
    const [a, b] = w.students;
    const [s0, s1] = w.subjects;
    // b takes group 1 of teacher 0 in both subjects, so a is placed in group 2 (3 free against 2).
    expect((await select(b!, choose(w))).status).toBe(201);
    expect((await select(a!, choose(w))).status).toBe(201);
    const before = (await call(`/api/public/selection/student/${a}/selections`)).json.data.selections as {
      subject_id: number;
      session_number: number;
      selection_date: string;
    }[];
    expect(before.map((s) => s.session_number)).toEqual([2, 2]);
    // b leaves: group 1 is now emptier, so re-placing a would move them to group 1.
    expect(
      (await call("/api/admin/selection/delete-all", { method: "DELETE", token, body: { student_id: b } })).status,
    ).toBe(200);

    const upd = await select(a!, [
      { subject_id: s0!.id, teacher_id: s0!.teachers[0]! },
      { subject_id: s1!.id, teacher_id: s1!.teachers[1]! },
    ]);
    expect(upd.json).toMatchObject({ success: true, action: "updated" });
    const after = (await call(`/api/public/selection/student/${a}/selections`)).json.data.selections as {
      subject_id: number;
      teacher_id: number;
      session_number: number;
      selection_date: string;
    }[];
    const kept = after.find((s) => s.subject_id === s0!.id)!;
    expect(kept).toMatchObject({
      teacher_id: s0!.teachers[0],
      session_number: 2,
      selection_date: before.find((s) => s.subject_id === s0!.id)!.selection_date,
    });
    const changed = after.find((s) => s.subject_id === s1!.id)!;
    expect(changed).toMatchObject({ teacher_id: s1!.teachers[1], session_number: 1 });

    // Seat counters match the rows, group by group.
    const [t0] = await testDb().select().from(teachers).where(eq(teachers.id, s0!.teachers[0]!));
    expect([t0!.seatsTaken1, t0!.seatsTaken2]).toEqual([0, 1]);
    const rows = await testDb()
      .select({ session: studentSelections.sessionNumber })
      .from(studentSelections)
      .innerJoin(students, eq(students.id, studentSelections.studentId))
      .where(and(eq(students.studentNo, a!), eq(studentSelections.teacherId, s0!.teachers[0]!)));
    expect(rows).toEqual([{ session: 2 }]);
  });
});
