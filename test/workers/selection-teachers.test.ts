/**
 * Teachers (docs/product.md#course-selection): generated codes, the active-subject rule, capacities vs seats
 * taken (refused by the CHECK in the UPDATE itself), moving a teacher who has selections, 400/401/404/409.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, studentSelections, teachers } from "../../db/schema";
import { insertStudent, testDb } from "./fixtures";
import { api, expectError, loginAdmin, uid } from "./helpers";

const BASE = "/api/admin/selection/teachers";
let token: string;
let subject: { id: number; name: string };
let other: { id: number; name: string };
let inactive: { id: number; name: string };

async function makeSubject(is_active = true) {
  const res = await api("/api/admin/selection/subjects", {
    method: "POST",
    token,
    body: { name: `Subject ${uid()}`, is_active },
  });
  expect(res.status).toBe(201);
  return res.json.data as { id: number; name: string };
}

beforeAll(async () => {
  token = await loginAdmin();
  subject = await makeSubject();
  other = await makeSubject();
  inactive = await makeSubject(false);
});

const create = (body: Record<string, unknown>) => api(BASE, { method: "POST", token, body });
const put = (id: number, body: Record<string, unknown>) => api(`${BASE}/${id}`, { method: "PUT", token, body });
const audits = async (id: number) =>
  (
    await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "teacher"), eq(auditLog.entityId, String(id))))
  ).map((a) => a.action);
const row = async (id: number) => (await testDb().select().from(teachers).where(eq(teachers.id, id)))[0];

/** Simulates saved selections: one selection row and the seat counters the selection service keeps. */
async function simulateSelections(teacherId: number, subjectId: number, seats1: number, seats2: number) {
  const student = await insertStudent();
  await testDb().insert(studentSelections).values({ studentId: student.id, subjectId, teacherId, sessionNumber: 1 });
  await testDb().update(teachers).set({ seatsTaken1: seats1, seatsTaken2: seats2 }).where(eq(teachers.id, teacherId));
  return async () => {
    await testDb().delete(studentSelections).where(eq(studentSelections.studentId, student.id));
    await testDb().update(teachers).set({ seatsTaken1: 0, seatsTaken2: 0 }).where(eq(teachers.id, teacherId));
  };
}

describe("teachers", () => {
  it("creates with defaults and a generated code, and lists with the subject name", async () => {
    const name = `أ. أحمد ${uid()}`;
    const res = await create({ full_name: name, subject_name: subject.name });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data).toMatchObject({
      full_name: name,
      building_no: "5",
      subject_id: subject.id,
      subject_name: subject.name,
      session_1_capacity: 35,
      session_2_capacity: 35,
      seats_taken_1: 0,
      seats_taken_2: 0,
      is_active: true,
    });
    // The code follows the AUTOINCREMENT sequence (the new id) unless a code in use is already further on.
    expect(res.json.data.teacher_code).toMatch(/^T-\d{5}$/);
    expect(Number(res.json.data.teacher_code.slice(2))).toBeGreaterThanOrEqual(res.json.data.id);

    const custom = await create({
      full_name: `أ. سارة ${uid()}`,
      building_no: 6,
      subject_name: subject.name,
      session_1_capacity: "٢٠",
      session_2_capacity: 0,
      is_active: false,
    });
    expect(custom.status).toBe(201);
    expect(custom.json.data).toMatchObject({
      building_no: "6",
      session_1_capacity: 20,
      session_2_capacity: 0,
      is_active: false,
    });

    const list = await api(BASE, { token });
    expect(list.status).toBe(200);
    const mine = list.json.data.filter((t: { subject_id: number }) => t.subject_id === subject.id);
    expect(mine.map((t: { id: number }) => t.id).slice(0, 2)).toEqual([custom.json.data.id, res.json.data.id]);
    expect(mine[1]).toEqual(res.json.data);
  });

  it("gives distinct codes to simultaneous creations", async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create({ full_name: `Teacher ${i} ${uid()}`, subject_name: other.name })),
    );
    expect(made.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(made.map((r) => r.json.data.teacher_code)).size).toBe(8);
  });

  it("shows N/A data (subject_name null) for a teacher without a subject", async () => {
    const [t] = await testDb()
      .insert(teachers)
      .values({ teacherCode: `X-${uid()}`, fullName: "No subject" })
      .returning();
    const list = await api(BASE, { token });
    expect(list.json.data.find((x: { id: number }) => x.id === t!.id)).toMatchObject({
      subject_id: null,
      subject_name: null,
    });
    await testDb().delete(teachers).where(eq(teachers.id, t!.id));
  });

  it("requires an active subject (400) on create and update", async () => {
    const message = "Subject must be an active subject";
    expect(
      expectError(await create({ full_name: "x", subject_name: inactive.name }), 400, "VALIDATION_FAILED"),
    ).toMatchObject({ reason: "SUBJECT_NOT_ACTIVE", message });
    expect(
      expectError(await create({ full_name: "x", subject_name: `Missing ${uid()}` }), 400, "VALIDATION_FAILED").message,
    ).toBe(message);
    const t = (await create({ full_name: "x", subject_name: subject.name })).json.data;
    expect(
      expectError(await put(t.id, { full_name: "x", subject_name: inactive.name }), 400, "VALIDATION_FAILED"),
    ).toMatchObject({ reason: "SUBJECT_NOT_ACTIVE", message });
    expect((await row(t.id))!.subjectId).toBe(subject.id);
  });

  it.each([
    [{ subject_name: "s" }, /full name is required/i, "REQUIRED"],
    [{ full_name: "n" }, /subject is required/i, "REQUIRED"],
    [{ full_name: "n", subject_name: "s", building_no: "7" }, /building must be 5 or 6/i, "TEACHER_BUILDING_INVALID"],
    [
      { full_name: "n", subject_name: "s", session_1_capacity: 36 },
      /session 1 capacity .*between 0 and 35/i,
      "WHOLE_BETWEEN",
    ],
    [
      { full_name: "n", subject_name: "s", session_2_capacity: -1 },
      /session 2 capacity .*between 0 and 35/i,
      "WHOLE_BETWEEN",
    ],
    [{ full_name: "n", subject_name: "s", session_2_capacity: "3.5" }, /between 0 and 35/i, "WHOLE_BETWEEN"],
    [{ full_name: "n", subject_name: "s", is_active: "true" }, /^Status must be true or false$/, "NOT_BOOLEAN"],
    [{ full_name: "x".repeat(151), subject_name: "s" }, /^Full name must be at most 150 characters$/, "TOO_LONG"],
  ])("refuses %j with 400 and names the reason", async (body, message, reason) => {
    const err = expectError(await create(body), 400, "VALIDATION_FAILED");
    expect(err.message).toMatch(message);
    expect(err.reason).toBe(reason);
  });

  it("updates fields and keeps omitted ones; 404 for an unknown id", async () => {
    const t = (
      await create({ full_name: "Before", subject_name: subject.name, building_no: "6", session_1_capacity: 30 })
    ).json.data;
    const upd = await put(t.id, { full_name: "After", subject_name: other.name, session_2_capacity: 12 });
    expect(upd.status, JSON.stringify(upd.json)).toBe(200);
    expect(upd.json.data).toMatchObject({
      id: t.id,
      teacher_code: t.teacher_code,
      full_name: "After",
      building_no: "6",
      subject_id: other.id,
      subject_name: other.name,
      session_1_capacity: 30,
      session_2_capacity: 12,
    });
    expect(
      expectError(await put(99999999, { full_name: "x", subject_name: subject.name }), 404, "NOT_FOUND"),
    ).toMatchObject({ reason: "TEACHER_NOT_FOUND", message: "Teacher not found" });
    expectError(await api(`${BASE}/99999999`, { method: "DELETE", token }), 404, "NOT_FOUND");
    expectError(await api(`${BASE}/x`, { method: "DELETE", token }), 400, "VALIDATION_FAILED");
  });

  it("refuses a capacity below the seats already taken (409) and leaves the row unchanged", async () => {
    const t = (
      await create({ full_name: "Busy", subject_name: subject.name, session_1_capacity: 20, session_2_capacity: 15 })
    ).json.data;
    const cleanup = await simulateSelections(t.id, subject.id, 12, 9);
    const before = await row(t.id);

    const low1 = expectError(
      await put(t.id, {
        full_name: "Renamed",
        subject_name: subject.name,
        session_1_capacity: 11,
        session_2_capacity: 15,
      }),
      409,
      "CONFLICT",
    );
    expect(low1.message).toBe("Capacity cannot be below the seats already taken (12 in session 1)");
    expect(low1).toMatchObject({
      reason: "TEACHER_CAPACITY_BELOW_TAKEN",
      params: { taken: 12, session: 1 },
      session: 1,
      seats_taken: 12,
    });
    const low2 = expectError(
      await put(t.id, { full_name: "Renamed", subject_name: subject.name, session_2_capacity: 8 }),
      409,
      "CONFLICT",
    );
    expect(low2.message).toBe("Capacity cannot be below the seats already taken (9 in session 2)");
    expect(low2).toMatchObject({ reason: "TEACHER_CAPACITY_BELOW_TAKEN", params: { taken: 9, session: 2 } });
    expect(await row(t.id)).toEqual(before);
    expect(await audits(t.id)).toEqual(["create"]); // the refused batch wrote no audit row

    const ok = await put(t.id, {
      full_name: "Renamed",
      subject_name: subject.name,
      session_1_capacity: 12,
      session_2_capacity: 9,
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({
      full_name: "Renamed",
      session_1_capacity: 12,
      session_2_capacity: 9,
      seats_taken_1: 12,
      seats_taken_2: 9,
    });
    expect(await audits(t.id)).toEqual(["create", "update"]);
    await cleanup();
  });

  it("refuses moving a teacher who has selections to another subject (409); deleting them too", async () => {
    const t = (await create({ full_name: "Chosen", subject_name: subject.name })).json.data;
    const cleanup = await simulateSelections(t.id, subject.id, 1, 0);
    const before = await row(t.id);
    const move = expectError(await put(t.id, { full_name: "Chosen", subject_name: other.name }), 409, "CONFLICT");
    expect(move).toMatchObject({
      reason: "TEACHER_SUBJECT_LOCKED",
      message: "This teacher has student selections and cannot be moved to another subject",
    });
    expect(await row(t.id)).toEqual(before);
    // Same subject: the other fields still change.
    expect(
      (await put(t.id, { full_name: "Chosen 2", subject_name: subject.name, building_no: "6" })).json.data,
    ).toMatchObject({ full_name: "Chosen 2", building_no: "6", subject_id: subject.id });

    const del = expectError(await api(`${BASE}/${t.id}`, { method: "DELETE", token }), 409, "CONFLICT");
    expect(del).toMatchObject({
      reason: "TEACHER_HAS_SELECTIONS",
      message: "This teacher has student selections and cannot be deleted. Mark the teacher inactive instead.",
    });
    expect(await row(t.id)).toBeDefined();

    await cleanup();
    const gone = await api(`${BASE}/${t.id}`, { method: "DELETE", token });
    expect(gone.status).toBe(200);
    expect(gone.json.message).toBe("Teacher deleted successfully");
    expect(await row(t.id)).toBeUndefined();
  });

  it("needs a token (401)", async () => {
    expectError(await api(BASE), 401, "UNAUTHORIZED");
    expectError(await api(BASE, { method: "POST", body: {} }), 401, "UNAUTHORIZED");
    expectError(await api(`${BASE}/1`, { method: "PUT", body: {} }), 401, "UNAUTHORIZED");
    expectError(await api(`${BASE}/1`, { method: "DELETE" }), 401, "UNAUTHORIZED");
  });
});
