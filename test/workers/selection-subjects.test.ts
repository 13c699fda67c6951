/** Selection subjects (docs/product.md#course-selection): list, create, update, delete; 400/401/404/409 paths; audit rows. */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, selectionSubjects, studentSelections, teachers } from "../../db/schema";
import { insertStudent, testDb } from "./fixtures";
import { api, expectError, loginAdmin, uid } from "./helpers";

const BASE = "/api/admin/selection/subjects";
let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const create = (body: Record<string, unknown>) => api(BASE, { method: "POST", token, body });

describe("selection subjects", () => {
  it("creates with defaults (active, max_selections 5) and lists newest first", async () => {
    const name = `Math ${uid()}`;
    const res = await create({ name: `  ${name} ` });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data).toMatchObject({ name, description: null, is_active: true, max_selections: 5 });
    expect(Object.keys(res.json.data).sort()).toEqual([
      "created_at",
      "description",
      "id",
      "is_active",
      "max_selections",
      "name",
      "updated_at",
    ]);
    const second = await create({
      name: `Science ${uid()}`,
      description: "Physics and chemistry",
      is_active: false,
      max_selections: "٣",
    });
    expect(second.status).toBe(201);
    expect(second.json.data).toMatchObject({
      description: "Physics and chemistry",
      is_active: false,
      max_selections: 3,
    });

    const list = await api(BASE, { token });
    expect(list.status).toBe(200);
    expect(list.headers.get("Cache-Control")).toBe("no-store");
    const ids = list.json.data.map((s: { id: number }) => s.id);
    expect(ids.indexOf(second.json.data.id)).toBeLessThan(ids.indexOf(res.json.data.id));
    expect(list.json.data.find((s: { id: number }) => s.id === res.json.data.id)).toEqual(res.json.data);

    const [audit] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "selection_subject"), eq(auditLog.entityId, String(res.json.data.id))));
    expect(audit).toMatchObject({ action: "create", adminUsername: "admin" });
  });

  it.each([
    [{}, /name is required/i, "REQUIRED"],
    [{ name: "   " }, /name is required/i, "REQUIRED"],
    [{ name: "x".repeat(101) }, /at most 100/, "TOO_LONG"],
    [{ name: "n", max_selections: 0 }, /between 1 and 10/, "WHOLE_BETWEEN"],
    [{ name: "n", max_selections: 11 }, /between 1 and 10/, "WHOLE_BETWEEN"],
    [{ name: "n", max_selections: 2.5 }, /between 1 and 10/, "WHOLE_BETWEEN"],
    [{ name: "n", max_selections: "2.5" }, /between 1 and 10/, "WHOLE_BETWEEN"],
    [{ name: "n", max_selections: "abc" }, /between 1 and 10/, "WHOLE_BETWEEN"],
    [{ name: "n", max_selections: "" }, /required/i, "REQUIRED"],
    [{ name: "n", is_active: "false" }, /true or false/, "NOT_BOOLEAN"],
    [{ name: "n", description: 5 }, /text/, "SUBJECT_DESCRIPTION_NOT_TEXT"],
    [{ name: "n", description: "d".repeat(1001) }, /^Description must be at most 1000 characters$/, "TOO_LONG"],
  ])("refuses %j with 400 and names the reason", async (body, message, reason) => {
    const err = expectError(await create(body), 400, "VALIDATION_FAILED");
    expect(err.message).toMatch(message);
    expect(err.reason).toBe(reason);
  });

  it("sends the params of a field's reason, so the console can phrase it", async () => {
    const err = expectError(await create({ name: "x".repeat(101), max_selections: 0 }), 400, "VALIDATION_FAILED");
    expect(err).toMatchObject({
      reason: "TOO_LONG",
      params: { field: "name", max: 100 },
      message: "Name must be at most 100 characters",
    });
    expect(err.issues).toContainEqual({
      path: "max_selections",
      reason: "WHOLE_BETWEEN",
      params: { field: "max_selections", min: 1, max: 10 },
      message: "Max selections must be a whole number between 1 and 10",
    });
  });

  it("refuses a duplicate name with 409 on create and on rename", async () => {
    const name = `Arabic ${uid()}`;
    expect((await create({ name })).status).toBe(201);
    expect(expectError(await create({ name }), 409, "CONFLICT")).toMatchObject({
      reason: "SUBJECT_DUPLICATE",
      message: "A subject with this name already exists",
    });
    const other = await create({ name: `Other ${uid()}` });
    const rename = await api(`${BASE}/${other.json.data.id}`, { method: "PUT", token, body: { name } });
    expect(expectError(rename, 409, "CONFLICT")).toMatchObject({
      reason: "SUBJECT_DUPLICATE",
      message: "A subject with this name already exists",
    });
  });

  it("updates fields, keeps omitted ones, and answers 404 for an unknown id", async () => {
    const made = (await create({ name: `English ${uid()}`, description: "d", max_selections: 4 })).json.data;
    const newName = `English ${uid()}`;
    const upd = await api(`${BASE}/${made.id}`, { method: "PUT", token, body: { name: newName, is_active: false } });
    expect(upd.status, JSON.stringify(upd.json)).toBe(200);
    expect(upd.json.data).toMatchObject({
      id: made.id,
      name: newName,
      description: "d",
      max_selections: 4,
      is_active: false,
    });
    expect(upd.json.data.updated_at >= made.updated_at).toBe(true);
    const cleared = await api(`${BASE}/${made.id}`, {
      method: "PUT",
      token,
      body: { name: newName, description: "", max_selections: "10" },
    });
    expect(cleared.json.data).toMatchObject({ description: null, max_selections: 10, is_active: false });

    expect(
      expectError(await api(`${BASE}/99999999`, { method: "PUT", token, body: { name: "x" } }), 404, "NOT_FOUND"),
    ).toMatchObject({ reason: "SUBJECT_NOT_FOUND", message: "Subject not found" });
    expect(expectError(await api(`${BASE}/99999999`, { method: "DELETE", token }), 404, "NOT_FOUND").reason).toBe(
      "SUBJECT_NOT_FOUND",
    );
    expect(expectError(await api(`${BASE}/abc`, { method: "DELETE", token }), 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "SELECTION_ID_INVALID",
      message: "Invalid id",
    });
    expectError(await api(`${BASE}/0`, { method: "PUT", token, body: { name: "x" } }), 400, "VALIDATION_FAILED");
  });

  it("deletes an unused subject; refuses with 409 while teachers or selections depend on it", async () => {
    const refusal = "This subject has teachers or selections and cannot be deleted. Mark it inactive instead.";
    const free = (await create({ name: `Free ${uid()}` })).json.data;
    const del = await api(`${BASE}/${free.id}`, { method: "DELETE", token });
    expect(del.status).toBe(200);
    expect(del.json.message).toBe("Subject deleted successfully");
    expect(await testDb().select().from(selectionSubjects).where(eq(selectionSubjects.id, free.id))).toHaveLength(0);

    const taught = (await create({ name: `Taught ${uid()}` })).json.data;
    const teacher = await api("/api/admin/selection/teachers", {
      method: "POST",
      token,
      body: { full_name: "أ. منى علي", subject_name: taught.name },
    });
    expect(teacher.status).toBe(201);
    expect(expectError(await api(`${BASE}/${taught.id}`, { method: "DELETE", token }), 409, "CONFLICT")).toMatchObject({
      reason: "SUBJECT_IN_USE",
      message: refusal,
    });

    // A selection row alone (teacher moved away in the data) also keeps the subject.
    const chosen = (await create({ name: `Chosen ${uid()}` })).json.data;
    const student = await insertStudent();
    const db = testDb();
    await db
      .insert(studentSelections)
      .values({ studentId: student.id, subjectId: chosen.id, teacherId: teacher.json.data.id, sessionNumber: 1 });
    expect(expectError(await api(`${BASE}/${chosen.id}`, { method: "DELETE", token }), 409, "CONFLICT").message).toBe(
      refusal,
    );
    expect(await db.select().from(selectionSubjects).where(eq(selectionSubjects.id, chosen.id))).toHaveLength(1);
    await db.delete(studentSelections).where(eq(studentSelections.studentId, student.id));
    await db.delete(teachers).where(eq(teachers.id, teacher.json.data.id));
    expect((await api(`${BASE}/${taught.id}`, { method: "DELETE", token })).status).toBe(200);
  });

  it("needs a token (401)", async () => {
    expectError(await api(BASE), 401, "UNAUTHORIZED");
    expectError(await api(BASE, { method: "POST", body: { name: "x" } }), 401, "UNAUTHORIZED");
    expectError(await api(`${BASE}/1`, { method: "PUT", body: { name: "x" } }), 401, "UNAUTHORIZED");
    expectError(await api(`${BASE}/1`, { method: "DELETE" }), 401, "UNAUTHORIZED");
  });
});
