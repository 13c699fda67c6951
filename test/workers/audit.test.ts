/**
 * Audit trail: every admin mutation writes an audit row (admin, action, entity, id, before/after) in the same
 * batch, and no audit row holds a secret or a password hash. Also the `GET /api/admin/audit` filters.
 */
import { desc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { api, expectError, loginAdmin, uid } from "./helpers";
import { testDb, uniqueStudentNo } from "./fixtures";
import { staffWithToken } from "./staff-fixtures";
import en from "../../web/i18n/en/audit";
import ar from "../../web/i18n/ar/audit";
import { clockYear } from "../support/clock-years";
import { clockYearStart } from "../support/clock-years";

/** A year far from the clock's (five on), whose days no other test's data falls on. */
const FAR = clockYearStart(5);

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

async function lastAudit() {
  const [row] = await testDb().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row!;
}

/** Runs a mutation and returns the audit row it wrote. */
async function audited(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const before = (await lastAudit())?.id ?? 0;
  const res = await api(path, { method, token, body, headers });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
  const row = await lastAudit();
  expect(row.id, `${method} ${path} wrote no audit row`).toBeGreaterThan(before);
  expect(row.adminUsername).toBe("admin");
  return { res, row };
}

describe("every admin mutation is audited", () => {
  it("students, fees, payments, results, publications, news, subjects, teachers, periods, selections", async () => {
    const no = uniqueStudentNo();
    const student = {
      student_no: no,
      full_name: "طالب التدقيق",
      nationality: "Egyptian",
      religion: null,
      current_grade: "Prep-1",
      building_no: 2,
      gender: "female",
      is_active: true,
    };
    const created = await audited("POST", "/api/students", student);
    const id = created.res.json.student.id;
    expect(created.row).toMatchObject({ action: "create", entity: "student", entityId: String(id) });
    const upd = await audited("PUT", `/api/students/${id}`, { ...student, full_name: "طالبة التدقيق" });
    expect(JSON.parse(upd.row.before!).full_name).toBe("طالب التدقيق");
    expect(JSON.parse(upd.row.after!).full_name).toBe("طالبة التدقيق");

    const fee = await audited("POST", "/api/fees", {
      student_id: no,
      grade: "Prep-1",
      total_amount: 1000,
      paid_amount: 0,
    });
    expect(fee.row).toMatchObject({ entity: "fee_record", entityId: String(fee.res.json.fee.id) });
    expect((await audited("PUT", `/api/fees/${no}`, { total_amount: 1200, paid_amount: 0 })).row.action).toBe("update");
    const paid = await audited(
      "POST",
      `/api/fees/${no}/add-payment`,
      { payment_amount: 100 },
      { "Idempotency-Key": uid("k") },
    );
    expect(paid.row.action).toBe("add_payment");
    expect(JSON.parse(paid.row.after!)).toMatchObject({
      amount_piastres: 10_000,
      receipt_no: paid.res.json.payment.receipt_no,
    });

    const result = await audited("POST", "/api/admin/results", {
      student_id: no,
      academic_year_name: clockYear(-3),
      grade: "Prep-1",
      semester: "S1",
      subject_scores: [{ subject_name: "Mathematics", score: 80, max_score: 100 }],
      remarks: "",
    });
    const rid = result.res.json.data.id;
    await audited("PUT", `/api/admin/results/${rid}`, {
      student_id: no,
      academic_year_name: clockYear(-3),
      grade: "Prep-1",
      semester: "S1",
      subject_scores: [{ subject_name: "Science", score: 70, max_score: 100 }],
      remarks: "r",
    });
    expect(
      (
        await audited("PUT", "/api/admin/results/publications", {
          academic_year_name: clockYear(-1),
          semester: "S1",
          is_published: false,
        })
      ).row.entity,
    ).toBe("result_publication");
    expect((await audited("DELETE", `/api/admin/results/${rid}`)).row.action).toBe("delete");

    const news = await audited("POST", "/api/admin/news", { title: "t", content: "c", status: "draft" });
    expect(news.row.entityId).toBe(String(news.res.json.news.id));
    await audited("PUT", `/api/admin/news/${news.res.json.news.id}`, { title: "t2", content: "c", status: "draft" });
    await audited("DELETE", `/api/admin/news/${news.res.json.news.id}`);

    const subject = await audited("POST", "/api/admin/selection/subjects", { name: uid("subj"), max_selections: 5 });
    const sid = subject.res.json.data.id;
    expect(subject.row.entityId).toBe(String(sid));
    await audited("PUT", `/api/admin/selection/subjects/${sid}`, {
      name: uid("subj2"),
      max_selections: 4,
      is_active: false,
    });
    const teacherSubject = await audited("POST", "/api/admin/selection/subjects", {
      name: uid("subjT"),
      max_selections: 5,
    });
    const teacher = await audited("POST", "/api/admin/selection/teachers", {
      full_name: "أ. تدقيق",
      building_no: "5",
      subject_name: teacherSubject.res.json.data.name,
      session_1_capacity: 10,
      session_2_capacity: 10,
    });
    expect(teacher.row.entityId).toBe(String(teacher.res.json.data.id));
    await audited("PUT", `/api/admin/selection/teachers/${teacher.res.json.data.id}`, {
      full_name: "أ. تدقيق",
      building_no: "6",
      subject_name: teacherSubject.res.json.data.name,
      session_1_capacity: 11,
      session_2_capacity: 10,
      is_active: true,
    });
    await audited("DELETE", `/api/admin/selection/teachers/${teacher.res.json.data.id}`);
    await audited("DELETE", `/api/admin/selection/subjects/${sid}`);
    const period = await audited("POST", "/api/admin/selection/periods", {
      period_name: uid("p"),
      start_date: `${FAR - 1}-01-01T00:00:00Z`,
      end_date: `${FAR - 1}-02-01T00:00:00Z`,
      is_active: false,
      allow_changes: true,
      max_subjects: 5,
    });
    expect(period.row.entityId).toBe(String(period.res.json.data.id));
    await audited("PUT", `/api/admin/selection/periods/${period.res.json.data.id}`, {
      period_name: uid("p2"),
      start_date: `${FAR - 1}-01-01T00:00:00Z`,
      end_date: `${FAR - 1}-03-01T00:00:00Z`,
      is_active: false,
      allow_changes: false,
      max_subjects: 4,
    });
    await audited("DELETE", `/api/admin/selection/periods/${period.res.json.data.id}`);

    const toggled = await audited("POST", "/api/admin/selection/periods", {
      period_name: uid("p3"),
      start_date: `${FAR}-01-01T00:00:00Z`,
      end_date: `${FAR}-02-01T00:00:00Z`,
      is_active: false,
      max_subjects: 5,
    });
    expect(
      (await audited("PUT", `/api/admin/selection/periods/${toggled.res.json.data.id}/toggle`, { is_active: false }))
        .row.entity,
    ).toBe("selection_period");

    const other = uniqueStudentNo();
    await audited("POST", "/api/students", { ...student, student_no: other });
    await audited("POST", "/api/fees", { student_id: other, grade: "Prep-1", total_amount: 500, paid_amount: 0 });
    expect((await audited("DELETE", `/api/fees/${other}`)).row).toMatchObject({
      action: "delete",
      entity: "fee_record",
    });
    expect((await audited("DELETE", `/api/students/${other}`)).row).toMatchObject({
      action: "delete",
      entity: "student",
    });
  });

  it("never stores secrets or password hashes", async () => {
    const rows = await testDb().select().from(auditLog);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/pbkdf2|password_hash|passwordHash|token_hash|tokenHash|PASSWORD_PEPPER/);
  });
});

describe("GET /api/admin/audit", () => {
  it("filters by entity, admin and date, newest first, with before/after parsed", async () => {
    // Date filters are school days (Cairo time); en-CA formats as YYYY-MM-DD.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Cairo" }).format(new Date());
    const res = await api(`/api/admin/audit?entity=student&admin=admin&from=${today}&to=${today}&limit=5`, { token });
    expect(res.status).toBe(200);
    expect(res.json.data.length).toBeGreaterThan(0);
    expect(res.json.data.every((r: { entity: string }) => r.entity === "student")).toBe(true);
    expect(res.json.data[0]).toMatchObject({ admin: "admin", action: expect.any(String), at: expect.any(String) });
    expect(res.json.pagination).toMatchObject({ page: 1, limit: 5 });
    expect(res.json.filters.entities).toContain("student");
    const none = await api("/api/admin/audit?from=2001-01-01&to=2001-01-02", { token });
    expect(none.json.data).toEqual([]);
    const badDay = expectError(await api("/api/admin/audit?from=yesterday", { token }), 400, "VALIDATION_FAILED");
    expect(badDay).toMatchObject({
      reason: "AUDIT_DATE_INVALID",
      params: { field: "from" },
      message: "from must be a date (YYYY-MM-DD)",
    });
    const badLimit = expectError(await api("/api/admin/audit?limit=500", { token }), 400, "VALIDATION_FAILED");
    expect(badLimit).toMatchObject({
      reason: "WHOLE_BETWEEN",
      params: { field: "limit", min: 1, max: 200 },
      message: "limit must be a whole number between 1 and 200",
    });
    expect(expectError(await api("/api/admin/audit?page=0", { token }), 400, "VALIDATION_FAILED").params).toEqual({
      field: "page",
      min: 1,
      max: 100_000,
    });
    expect(expectError(await api("/api/admin/audit"), 401, "UNAUTHORIZED").reason).toBe("AUTH_REQUIRED");
  });

  it("names the staff member by display name, and Paymob's rows as the online system", async () => {
    const accountant = await staffWithToken("accountant");
    await testDb()
      .insert(auditLog)
      .values({ adminId: accountant.id, adminUsername: accountant.username, action: "update", entity: "student" });
    await testDb()
      .insert(auditLog)
      .values({
        adminId: null,
        adminUsername: "online",
        action: "online_payment",
        entity: "fee_record",
        entityId: uid("f"),
      });
    const staff = await api(`/api/admin/audit?admin=${accountant.username}&limit=1`, { token });
    // Before, only the username was answered, and the page showed it.
    expect(staff.json.data[0]).toMatchObject({ admin: accountant.username, admin_name: "Test accountant" });
    expect(staff.json.data[0].actor).toBe("staff");
    const online = await api("/api/admin/audit?admin=online&limit=1", { token });
    expect(online.json.data[0]).toMatchObject({ admin: "online", admin_name: null, actor: "online" });
  });

  it("is documented from its schemas: one parameter per filter, the page's shape, bearer security", async () => {
    const op = (await api("/api/openapi.json")).json.paths["/api/admin/audit"].get;
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      ["entity", "entity_id", "student", "admin", "from", "to", "page", "limit"].map((n) => `query:${n}`),
    );
    const page = op.responses["200"].content["application/json"].schema;
    expect(Object.keys(page.properties)).toEqual(["data", "pagination", "filters"]);
    expect(Object.keys(page.properties.data.items.properties)).toEqual([
      "id",
      "at",
      "admin",
      "admin_name",
      "actor",
      "action",
      "entity",
      "entity_id",
      "before",
      "after",
      "request_id",
      "student",
    ]);
  });
});

describe("the student of each entry", () => {
  it("names the student of student, fee, payment and result entries, and filters by national ID", async () => {
    const no = uniqueStudentNo();
    const name = "إياد طارق سليمان";
    const body = {
      student_no: no,
      full_name: name,
      nationality: "Egyptian",
      current_grade: "Prep-1",
      building_no: 2,
      gender: "male",
    };
    expect((await api("/api/students", { method: "POST", token, body })).status).toBe(201);
    await api("/api/fees", {
      method: "POST",
      token,
      body: { student_id: no, grade: "Prep-1", total_amount: 900, paid_amount: 0 },
    });
    const pay = await api(`/api/fees/${no}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 100 },
      headers: { "Idempotency-Key": uid("k") },
    });
    expect(pay.status).toBeLessThan(300);
    const result = await api("/api/admin/results", {
      method: "POST",
      token,
      body: {
        student_id: no,
        academic_year_name: clockYear(-3),
        grade: "Prep-1",
        semester: "S2",
        subject_scores: [{ subject_name: "Mathematics", score: 50, max_score: 100 }],
      },
    });
    // A deleted record still names its student (from its snapshot).
    expect((await api(`/api/admin/results/${result.json.data.id}`, { method: "DELETE", token })).status).toBeLessThan(
      300,
    );
    const arabicDigits = no.replace(/[0-9]/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);
    const res = await api(`/api/admin/audit?student=${encodeURIComponent(arabicDigits)}&limit=50`, { token });
    expect(res.status).toBe(200);
    const seen = res.json.data.map((e: { action: string; entity: string }) => `${e.action}:${e.entity}`).sort();
    expect(seen).toEqual(
      ["add_payment:fee_record", "create:fee_record", "create:result", "create:student", "delete:result"].sort(),
    );
    for (const e of res.json.data) expect(e.student).toEqual({ student_no: no, full_name: name });
    const news = await api("/api/admin/audit?entity=news&limit=1", { token });
    if (news.json.data[0]) expect(news.json.data[0].student).toBeNull();
  });
});

describe("audit translations", () => {
  it("every action, entity and snapshot field in the log has an English and an Arabic name", async () => {
    const rows = await testDb().select().from(auditLog);
    const keys = new Set<string>();
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object")
        for (const [k, x] of Object.entries(v)) {
          keys.add(k);
          walk(x);
        }
    };
    for (const r of rows) for (const snap of [r.before, r.after]) if (snap) walk(JSON.parse(snap));
    const missing = (dict: typeof en, lang: string) => [
      ...[...new Set(rows.map((r) => r.action))].filter((a) => !(a in dict.actions)).map((a) => `${lang} action ${a}`),
      ...[...new Set(rows.map((r) => r.entity))].filter((e) => !(e in dict.entities)).map((e) => `${lang} entity ${e}`),
      ...[...keys].filter((k) => !(k in dict.fields)).map((k) => `${lang} field ${k}`),
    ];
    expect([...missing(en, "en"), ...missing(ar, "ar")]).toEqual([]);
  });
});
