/** Teacher selection (docs/product.md#teacher-selection): lookups, states, every refusal, session assignment, update-once. */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { selectionAttempts, selectionRegistrations, students } from "../../db/schema";
import { api, expectError, loginAdmin, withinOneLimiterWindow } from "./helpers";
import { insertStudent, testDb } from "./fixtures";
import {
  makeWorld as makeWorldIn,
  seatLedger as ledgerIn,
  setPeriodActive as setActiveIn,
  type World,
} from "../support/selection-world";

const makeWorld = (o: Parameters<typeof makeWorldIn>[1]) => makeWorldIn(testDb() as never, o);
const seatLedger = (ids: number[]) => ledgerIn(testDb() as never, ids);
const setPeriodActive = (id: number, on: boolean) => setActiveIn(testDb() as never, id, on);

let ip = 0;
const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
  api(path, { ...init, headers: { "CF-Connecting-IP": `10.9.${Math.floor(++ip / 250)}.${ip % 250}` } });
const choose = (w: World, pick: (s: World["subjects"][number]) => number = (s) => s.teachers[0]!) =>
  w.subjects.map((s) => ({ subject_id: s.id, teacher_id: pick(s) }));
const select = (studentNo: string, selections: unknown) =>
  call("/api/public/selection/student/select", { method: "POST", body: { student_id: studentNo, selections } });

let w: World;
beforeEach(async () => {
  w = await makeWorld({
    subjects: 5,
    caps: [
      [2, 1],
      [35, 35],
    ],
    studentCount: 6,
  });
});

describe("lookups", () => {
  it("returns the student card, teachers with seats, and an empty selection state", async () => {
    const no = w.students[0]!;
    const card = await call(`/api/public/selection/student/${no}`);
    expect(card.json).toEqual({ success: true, data: { student_no: no, full_name: "طالب", current_grade: "Prep-3" } });
    const t = await call(`/api/public/selection/teachers/${no}`);
    expect(t.json.teachers).toHaveLength(10);
    expect(t.json.teachers[0]).toMatchObject({
      teacher_id: w.subjects[0]!.teachers[0],
      subject_id: w.subjects[0]!.id,
      session_1_available: 2,
      session_2_available: 1,
      recommended_session: 1,
    });
    const sel = await call(`/api/public/selection/student/${no}/selections`);
    expect(sel.json.data).toEqual({
      has_selections: false,
      selections: [],
      canUpdate: false,
      updateDeadline: null,
      hasUpdated: false,
      periodClosed: false,
    });
    const seats = await call("/api/public/selection/seats");
    expect(seats.json.seats[0]).toEqual({
      teacher_id: expect.any(Number),
      session_1_available: expect.any(Number),
      session_2_available: expect.any(Number),
      recommended_session: expect.anything(),
    });
    expect(JSON.stringify(seats.json)).not.toMatch(/طالب|معلم/);
  });

  it("gives an unknown ID and a student who is not an active Prep-3 student one identical answer, on every endpoint", async () => {
    const prep2 = await insertStudent({ currentGrade: "Prep-2" });
    await testDb().update(students).set({ isActive: false }).where(eq(students.studentNo, w.students[1]!));
    const ids = ["00000000000001", prep2.studentNo, w.students[1]!];
    for (const path of ["/student/ID", "/student/ID/selections", "/teachers/ID"]) {
      const answers = await Promise.all(ids.map((id) => call(`/api/public/selection${path.replace("ID", id)}`)));
      const first = expectError(answers[0]!, 403, "FORBIDDEN");
      expect(first.message).toBe("Teacher selection is only available to active Prep-3 students.");
      // One reason and no params: nothing in the answer tells an unknown ID from a student of another grade.
      expect(first.reason).toBe("SELECTION_NOT_ELIGIBLE");
      expect(first).not.toHaveProperty("params");
      for (const a of answers) expect([a.status, a.json], path).toEqual([403, first]);
    }
    const posted = [];
    for (const id of ids) posted.push(await select(id, choose(w)));
    for (const a of posted) expect([a.status, a.json]).toEqual([403, posted[0]!.json]);
    expect(posted[0]!.json.reason).toBe("SELECTION_NOT_ELIGIBLE");
    expect(expectError(await call("/api/public/selection/student/%20"), 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "SELECTION_STUDENT_ID_REQUIRED",
      message: "Student ID is required",
    });
    expect(expectError(await call("/api/public/selection/student/12-34"), 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "SELECTION_STUDENT_ID_INVALID",
      message: "Invalid student ID",
    });
  });

  it("says the period is closed when none is active or it has not started, the same for every ID", async () => {
    await setPeriodActive(w.periodId, false);
    const prep2 = await insertStudent({ currentGrade: "Prep-2" });
    for (const id of [w.students[0]!, "00000000000001", prep2.studentNo]) {
      for (const path of [`/student/${id}`, `/student/${id}/selections`, `/teachers/${id}`]) {
        expect(expectError(await call(`/api/public/selection${path}`), 403, "FORBIDDEN"), path).toMatchObject({
          reason: "NO_ACTIVE_PERIOD",
          message: "No active selection period found.",
        });
      }
      expect(expectError(await select(id, choose(w)), 403, "FORBIDDEN")).toMatchObject({
        reason: "NO_ACTIVE_PERIOD",
        message: "No active selection period found.",
      });
    }
    const later = await makeWorld({
      subjects: 5,
      caps: [[5, 5]],
      studentCount: 1,
      periodStart: new Date(Date.now() + 86_400_000),
    });
    for (const id of [later.students[0]!, "00000000000001"]) {
      expect(expectError(await call(`/api/public/selection/student/${id}`), 403, "FORBIDDEN")).toMatchObject({
        reason: "PERIOD_NOT_OPEN",
        message: "Selection period is not currently active.",
      });
      expect(expectError(await select(id, choose(later)), 403, "FORBIDDEN")).toMatchObject({
        reason: "PERIOD_NOT_OPEN",
        message: "Selection period is not currently active.",
      });
    }
  });

  it("records attempts only for real students: unknown IDs posted write nothing", async () => {
    const ghost = "00000000000077";
    for (let i = 0; i < 3; i++) expectError(await select(ghost, choose(w)), 403, "FORBIDDEN");
    expect(await testDb().select().from(selectionAttempts).where(eq(selectionAttempts.studentNo, ghost))).toEqual([]);
    const prep2 = await insertStudent({ currentGrade: "Prep-2" });
    expectError(await select(prep2.studentNo, choose(w)), 403, "FORBIDDEN");
    expect(
      await testDb().select().from(selectionAttempts).where(eq(selectionAttempts.studentNo, prep2.studentNo)),
    ).toHaveLength(1);
  });
});

describe("one lookup budget per client", () => {
  it("shares the 60-a-minute budget between the results and selection lookups", async () => {
    await withinOneLimiterWindow();
    const ip = "10.250.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const id = `6660000000${String(i).padStart(4, "0")}`;
      const path = i % 2 === 0 ? `/api/student/results/${id}` : `/api/public/selection/student/${id}`;
      statuses.push((await api(path, { headers: { "CF-Connecting-IP": ip } })).status);
    }
    expect(statuses.slice(0, 60).includes(429)).toBe(false);
    expect(statuses[60]).toBe(429);
  });

  it("keys an IPv6 client by its /64", async () => {
    await withinOneLimiterWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await api(`/api/public/selection/student/7770000000${String(i).padStart(4, "0")}`, {
        headers: { "CF-Connecting-IP": `2001:db8:60:1::${(i + 1).toString(16)}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 60).includes(429)).toBe(false);
    expect(statuses[60]).toBe(429);
    expect(
      (
        await api("/api/public/selection/student/77700000009999", {
          headers: { "CF-Connecting-IP": "2001:db8:60:2::1" },
        })
      ).status,
    ).not.toBe(429);
  });

  it("counts an IPv6 /48 too: 100 lookups a minute across its /64s, other /48s untouched", async () => {
    await withinOneLimiterWindow();
    const lookup = (i: number, ip: string) =>
      api(`/api/public/selection/student/7780000000${String(i).padStart(4, "0")}`, {
        headers: { "CF-Connecting-IP": ip },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await lookup(i, `2001:db8:48:1::${(i + 1).toString(16)}`)).status);
    for (let i = 60; i < 101; i++) statuses.push((await lookup(i, `2001:db8:48:2::${(i + 1).toString(16)}`)).status);
    expect(statuses.slice(0, 100).includes(429)).toBe(false);
    expect(statuses[100]).toBe(429);
    expect((await lookup(200, "2001:db8:48:3::1")).status, "another /64 of the same /48").toBe(429);
    expect((await lookup(201, "2001:db8:49:1::1")).status, "another /48").not.toBe(429);
  });
});

describe("POST /student/select", () => {
  it("creates, assigns the session with more free seats (1 on a tie), then allows exactly one update", async () => {
    const [a, b] = w.students;
    const first = await select(a!, choose(w));
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ success: true, action: "created", hasUpdated: false, message: expect.any(String) });
    // caps [2,1]: a takes session 1 (2 free vs 1), b takes... 1 free vs 1 free → session 1 on the tie.
    await select(b!, choose(w));
    const state = (await call(`/api/public/selection/student/${b}/selections`)).json.data;
    expect(state.selections.map((s: { session_number: number }) => s.session_number)).toEqual([1, 1, 1, 1, 1]);
    expect(state).toMatchObject({ has_selections: true, canUpdate: true, hasUpdated: false, periodClosed: false });
    expect(Date.parse(state.updateDeadline) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const upd = await select(
      a!,
      choose(w, (s) => s.teachers[1]!),
    );
    expect(upd.json).toMatchObject({ success: true, action: "updated", hasUpdated: true });
    const again = expectError(await select(a!, choose(w)), 403, "FORBIDDEN");
    expect(again).toMatchObject({
      reason: "UPDATE_USED",
      message: "You have already used your one allowed update.",
      hasUpdated: true,
    });
    const ledger = await seatLedger(w.subjects.flatMap((s) => s.teachers));
    for (const t of ledger) {
      expect(t.taken1).toBe(t.rows1);
      expect(t.taken2).toBe(t.rows2);
    }
    const after = (await call(`/api/public/selection/student/${a}/selections`)).json.data;
    expect(after).toMatchObject({ canUpdate: false, hasUpdated: true });
  });

  it("refuses incomplete, duplicate and mismatched choices with 400", async () => {
    const no = w.students[0]!;
    expect(expectError(await select(no, choose(w).slice(0, 4)), 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "SELECTION_INCOMPLETE",
      params: { required: 5 },
      required: 5,
      message: "Please choose a teacher for all 5 subjects.",
    });
    const dup = choose(w);
    dup[4] = dup[0]!;
    expect(expectError(await select(no, dup), 400, "VALIDATION_FAILED").reason).toBe("SELECTION_INCOMPLETE");
    const wrong = choose(w);
    wrong[0] = { subject_id: w.subjects[0]!.id, teacher_id: w.subjects[1]!.teachers[0]! };
    expect(expectError(await select(no, wrong), 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "SELECTION_TEACHER_MISMATCH",
      message: "A chosen teacher does not teach that subject, or is not available.",
    });
    expect(expectError(await select(no, []), 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "SELECTIONS_REQUIRED",
      message: "At least one selection is required",
    });
    expectError(
      await call("/api/public/selection/student/select", { method: "POST", body: { student_id: no } }),
      400,
      "VALIDATION_FAILED",
    );
    const attempts = await testDb().select().from(selectionAttempts).where(eq(selectionAttempts.studentNo, no));
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(attempts.every((a) => a.outcome === "refused" && a.reason)).toBe(true);
  });

  it("refuses with 409 naming the subject when a teacher is full, and stores nothing", async () => {
    // Teacher 0 of each subject has 2 + 1 seats: three students fill it.
    for (const no of w.students.slice(0, 3)) expect((await select(no, choose(w))).status).toBe(201);
    const full = expectError(await select(w.students[3]!, choose(w)), 409, "CONFLICT");
    expect(full.subject_name).toMatch(/^subj0-/);
    expect(full).toMatchObject({
      reason: "NO_SEATS",
      params: { subject: full.subject_name, teacher: expect.any(String) },
      subject_id: w.subjects[0]!.id,
    });
    expect(full.message).toBe(
      `No seats left with ${full.params.teacher} for ${full.subject_name}. Please choose another teacher.`,
    );
    const state = (await call(`/api/public/selection/student/${w.students[3]}/selections`)).json.data;
    expect(state.has_selections).toBe(false);
    const [reg] = await testDb()
      .select()
      .from(selectionRegistrations)
      .innerJoin(students, eq(students.id, selectionRegistrations.studentId))
      .where(eq(students.studentNo, w.students[3]!));
    expect(reg).toBeUndefined();
    const t = (await call(`/api/public/selection/teachers/${w.students[3]}`)).json.teachers[0];
    expect([t.session_1_available, t.session_2_available, t.recommended_session]).toEqual([0, 0, null]);
  });

  it("refuses an update when the period does not allow changes", async () => {
    const strict = await makeWorld({ subjects: 5, caps: [[5, 5]], studentCount: 1, allowChanges: false });
    const no = strict.students[0]!;
    expect((await select(no, choose(strict))).status).toBe(201);
    expect((await call(`/api/public/selection/student/${no}/selections`)).json.data.canUpdate).toBe(false);
    expect(expectError(await select(no, choose(strict)), 403, "FORBIDDEN")).toMatchObject({
      reason: "CHANGES_NOT_ALLOWED",
      message: "Changes are not allowed in this selection period.",
    });
  });
});

describe("admin summary and delete-all", () => {
  it("lists combinations with student IDs, and delete-all frees the seats so the student can choose again", async () => {
    const token = await loginAdmin();
    const no = w.students[0]!;
    await select(no, choose(w));
    const summary = await api("/api/admin/selection/summary", { token });
    const row = summary.json.data.find((r: { student_ids: string[] }) => r.student_ids.includes(no));
    expect(row).toMatchObject({
      session_number: 1,
      total_selections: 1,
      teacher_name: expect.any(String),
      subject_name: expect.any(String),
    });
    const del = await api("/api/admin/selection/delete-all", { method: "DELETE", token, body: { student_id: no } });
    expect(del.json).toEqual({ success: true, message: "All selections deleted successfully", deleted: 5 });
    const ledger = await seatLedger(w.subjects.flatMap((s) => s.teachers));
    expect(ledger.every((t) => t.taken1 === 0 && t.taken2 === 0)).toBe(true);
    expect((await select(no, choose(w))).json.action).toBe("created");
    expect(
      expectError(
        await api("/api/admin/selection/delete-all", {
          method: "DELETE",
          token,
          body: { student_id: "00000000000009" },
        }),
        404,
        "NOT_FOUND",
      ),
    ).toMatchObject({
      reason: "STUDENT_NOT_FOUND",
      message: "Student not found",
    });
    const other = w.students[1]!;
    expect(
      expectError(
        await api("/api/admin/selection/delete-all", { method: "DELETE", token, body: { student_id: other } }),
        404,
        "NOT_FOUND",
      ),
    ).toMatchObject({
      reason: "SELECTIONS_NOT_FOUND",
      message: "No selections found for this student",
    });
    expect(
      expectError(
        await api("/api/admin/selection/delete-all", { method: "DELETE", token, body: {} }),
        400,
        "VALIDATION_FAILED",
      ).reason,
    ).toBe("SELECTION_STUDENT_ID_REQUIRED");
    expectError(await api("/api/admin/selection/summary"), 401, "UNAUTHORIZED");
  });
});

describe("update keeping a full teacher", () => {
  it("lets a student keep a teacher whose sessions are full because of their own seat", async () => {
    const tight = await makeWorld({
      subjects: 1,
      caps: [
        [1, 0],
        [5, 5],
      ],
      studentCount: 1,
    });
    const [sub] = tight.subjects;
    const no = tight.students[0]!;
    expect((await select(no, [{ subject_id: sub!.id, teacher_id: sub!.teachers[0]! }])).status).toBe(201);
    const again = await select(no, [{ subject_id: sub!.id, teacher_id: sub!.teachers[0]! }]);
    expect(again.status).toBe(200);
    expect(again.json.action).toBe("updated");
  });
});

describe("OpenAPI document", () => {
  it("documents the selection endpoints from their route schemas", async () => {
    const doc = (await api("/api/openapi.json")).json;
    const p = doc.paths;
    // Public: no security; answers with their schemas; the error shape for refusals.
    expect(p["/api/public/selection/student/{id}"].get.security).toEqual([]);
    expect(p["/api/public/selection/student/{id}"].get.parameters).toContainEqual(
      expect.objectContaining({ name: "id", in: "path", required: true }),
    );
    expect(
      p["/api/public/selection/student/{id}/selections"].get.responses["200"].content["application/json"].schema
        .properties.data,
    ).toBeTruthy();
    expect(p["/api/public/selection/teachers/{id}"].get.responses["403"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/Error",
    );
    expect(
      p["/api/public/selection/seats"].get.responses["200"].content["application/json"].schema.properties.seats,
    ).toBeTruthy();
    const save = p["/api/public/selection/student/select"].post;
    expect(save.requestBody.content["application/json"].schema.properties.selections).toBeTruthy();
    expect(Object.keys(save.responses)).toEqual(expect.arrayContaining(["200", "201", "400", "403", "409", "429"]));
    // Admin: behind the bearer token, every route generated (none hand-listed).
    for (const [path, op] of [
      ["/api/admin/selection/summary", "get"],
      ["/api/admin/selection/delete-all", "delete"],
      ["/api/admin/selection/subjects", "post"],
      ["/api/admin/selection/subjects/uncovered", "get"],
      ["/api/admin/selection/subjects/{id}", "put"],
      ["/api/admin/selection/teachers/{id}", "delete"],
      ["/api/admin/selection/periods/{id}/toggle", "put"],
      ["/api/admin/selection/periods/{id}", "delete"],
    ] as const) {
      expect(p[path]?.[op]?.security, `${op} ${path}`).toEqual([{ bearer: [] }]);
      expect(p[path][op].responses["401"], `${op} ${path}`).toBeTruthy();
    }
    const teacher =
      p["/api/admin/selection/teachers"].get.responses["200"].content["application/json"].schema.properties.data.items;
    expect(Object.keys(teacher.properties ?? {})).toEqual(
      expect.arrayContaining(["teacher_code", "seats_taken_1", "seats_taken_2", "subject_name"]),
    );
  });
});
