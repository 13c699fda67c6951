/** The students API (docs/product.md#students): list, by grade, create, update, delete, auth, audit, events. */
import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, results, students as studentsTable } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { api, expectError, loginAdmin, uid } from "./helpers";
import { clockYear } from "../support/clock-years";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const db = () => getDb(env as unknown as Env);

/** A random 14-digit national ID (unique enough for a shared database). */
const nid = () => `3${Array.from(crypto.getRandomValues(new Uint8Array(13)), (b) => b % 10).join("")}`;
const toArabic = (s: string) => s.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

function body(over: Record<string, unknown> = {}) {
  return {
    student_no: nid(),
    full_name: `Student ${uid()}`,
    nationality: "Egyptian",
    current_grade: "Prep-3",
    building_no: 5,
    ...over,
  };
}

async function create(over: Record<string, unknown> = {}) {
  const res = await api("/api/students", { method: "POST", token, body: body(over) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.student;
}

const STUDENT_KEYS = [
  "building_no",
  "created_at",
  "current_grade",
  "full_name",
  "gender",
  "guardians",
  "id",
  "is_active",
  "nationality",
  "religion",
  "section",
  "student_no",
  "updated_at",
];

describe("auth", () => {
  it("answers 401 on every students endpoint without a bearer token", async () => {
    for (const [method, path] of [
      ["GET", "/api/students"],
      ["GET", "/api/students/Prep-3"],
      ["POST", "/api/students"],
      ["PUT", "/api/students/1"],
      ["DELETE", "/api/students/31001310119461"],
    ] as const) {
      expectError(
        await api(path, { method, body: method === "GET" || method === "DELETE" ? undefined : body() }),
        401,
        "UNAUTHORIZED",
      );
    }
    expectError(await api("/api/students", { token: "x".repeat(43) }), 401, "UNAUTHORIZED");
  });
});

describe("POST /api/students", () => {
  it("creates a student with the documented shape and the form defaults (active, male)", async () => {
    const b = body({ religion: "Muslim" });
    const res = await api("/api/students", { method: "POST", token, body: b });
    expect(res.status).toBe(201);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const s = res.json.student;
    expect(Object.keys(s).sort()).toEqual(STUDENT_KEYS);
    expect(s).toMatchObject({
      student_no: b.student_no,
      full_name: b.full_name,
      nationality: "Egyptian",
      religion: "Muslim",
      current_grade: "Prep-3",
      building_no: 5,
      gender: "male",
      is_active: true,
    });
    expect(s.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "student"), eq(auditLog.entityId, String(s.id))));
    expect(audit).toMatchObject({ action: "create", adminUsername: "admin" });
  });

  it("normalises the ID (Arabic-Indic/Persian digits, spaces, passport letters) and accepts strings for building", async () => {
    const no = nid();
    const s = await create({
      student_no: ` ${toArabic(no)} `,
      building_no: "٣",
      religion: "",
      gender: "female",
      is_active: false,
      current_grade: "prep-1",
    });
    expect(s).toMatchObject({
      student_no: no,
      building_no: 3,
      religion: null,
      gender: "female",
      is_active: false,
      current_grade: "Prep-1",
    });
    const passport = `a${Date.now().toString().slice(-8)}`;
    expect((await create({ student_no: passport, nationality: "Sudanese" })).student_no).toBe(passport.toUpperCase());
  });

  it("refuses a duplicate ID with 409", async () => {
    const s = await create();
    const res = expectError(
      await api("/api/students", { method: "POST", token, body: body({ student_no: toArabic(s.student_no) }) }),
      409,
      "CONFLICT",
    );
    expect(res.message).toBe("A student with this ID already exists");
    // The stable reason the console translates, beside the error's code.
    expect(res.reason).toBe("STUDENT_DUPLICATE");
  });

  it("names the reason of every refused field, with its params, in the issues", async () => {
    const res = expectError(
      await api("/api/students", { method: "POST", token, body: body({ full_name: "x".repeat(201), building_no: 9 }) }),
      400,
      "VALIDATION_FAILED",
    );
    expect(res.reason).toBe("TOO_LONG");
    expect(res.params).toEqual({ field: "name", max: 200 });
    expect(res.message).toBe("Name must be at most 200 characters");
    expect(res.issues).toEqual(
      expect.arrayContaining([
        {
          path: "full_name",
          reason: "TOO_LONG",
          params: { field: "name", max: 200 },
          message: "Name must be at most 200 characters",
        },
        { path: "building_no", reason: "BUILDING_RANGE", message: "Building must be between 1 and 6" },
      ]),
    );
  });

  it("validates the form (docs/product.md#students): required fields, grades, building 1-6, ID format", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ full_name: "  " }, "Name is required"],
      [{ student_no: "" }, "ID is required"],
      [{ nationality: undefined }, "Nationality is required"],
      [{ current_grade: undefined }, "Grade is required"],
      [{ current_grade: "Grade-13" }, "Unknown grade"],
      [{ building_no: undefined }, "Building is required"],
      [{ building_no: 7 }, "Building must be between 1 and 6"],
      [
        { student_no: "3100131011946" },
        "ID must be a 14-digit national ID or a passport number (5-20 letters and digits)",
      ],
      [{ student_no: "AB-12" }, "ID must be a 14-digit national ID or a passport number (5-20 letters and digits)"],
      [{ gender: "other" }, "Gender must be male or female"],
    ];
    for (const [over, message] of cases) {
      const res = expectError(
        await api("/api/students", { method: "POST", token, body: body(over) }),
        400,
        "VALIDATION_FAILED",
      );
      expect(res.message, JSON.stringify(over)).toBe(message);
    }
    expectError(
      await api("/api/students", {
        method: "POST",
        token,
        body: "{not json",
        headers: { "Content-Type": "application/json" },
      }),
      400,
      "VALIDATION_FAILED",
    );
  });
});

describe("GET /api/students", () => {
  it("searches name and ID case-insensitively, with Arabic digits, and filters", async () => {
    const tag = uid("Zq");
    const a = await create({ full_name: `Alpha ${tag}`, current_grade: "KG-1", gender: "female", building_no: 2 });
    const b = await create({ full_name: `Beta ${tag}`, current_grade: "KG-2", is_active: false, building_no: 2 });
    const names = async (q: string) =>
      (await api(`/api/students?${q}`, { token })).json.students.map((s: { full_name: string }) => s.full_name).sort();
    expect(await names(`search=${tag.toLowerCase()}`)).toEqual([a.full_name, b.full_name]);
    expect(await names(`search=${encodeURIComponent(toArabic(a.student_no.slice(3, 12)))}`)).toEqual([a.full_name]);
    expect(await names(`search=${tag}&grade=KG-1`)).toEqual([a.full_name]);
    expect(await names(`search=${tag}&gender=female`)).toEqual([a.full_name]);
    expect(await names(`search=${tag}&status=inactive`)).toEqual([b.full_name]);
    expect(await names(`search=${tag}&status=active&building=2`)).toEqual([a.full_name]);
    expect(await names(`search=${tag}&grade=All&status=&gender=All`)).toEqual([a.full_name, b.full_name]);
    expect(await names(`search=${encodeURIComponent("100%_")}`)).toEqual([]);
    const all = await api("/api/students", { token });
    expect(all.status).toBe(200);
    expect(Array.isArray(all.json.students)).toBe(true);
  });

  it("refuses unknown filter values with 400", async () => {
    expectError(await api("/api/students?status=archived", { token }), 400, "VALIDATION_FAILED");
    expectError(await api("/api/students?grade=Grade-1", { token }), 400, "VALIDATION_FAILED");
    expectError(await api("/api/students?gender=x", { token }), 400, "VALIDATION_FAILED");
    expectError(await api(`/api/students?search=${"x".repeat(101)}`, { token }), 400, "VALIDATION_FAILED");
  });

  it("GET /api/students/{grade} lists one grade; an unknown grade is a 400", async () => {
    const s = await create({ current_grade: "Private" });
    const res = await api("/api/students/Private", { token });
    expect(res.status).toBe(200);
    expect(res.json.students.every((x: { current_grade: string }) => x.current_grade === "Private")).toBe(true);
    expect(res.json.students.map((x: { id: number }) => x.id)).toContain(s.id);
    expect((await api("/api/students/private", { token })).json.students.length).toBe(res.json.students.length);
    expectError(await api("/api/students/Grade-13", { token }), 400, "VALIDATION_FAILED");
  });

  it("keeps /active/count and /events ahead of /{grade}", async () => {
    const count = await api("/api/students/active/count", { token });
    expect(count.json).toEqual({ activeStudents: expect.any(Number) });
  });
});

describe("GET /api/students with page/limit (server paging)", () => {
  type Page = {
    students: { id: number; full_name: string; student_no: string }[];
    pagination: { page: number; limit: number; total: number; totalPages: number };
  };
  const get = async (q: string) => {
    const res = await api(`/api/students?${q}`, { token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as Page;
  };

  it("answers one page with {page, limit, total, totalPages}; pages are disjoint and in order", async () => {
    const tag = uid("Pg");
    const made: { id: number; full_name: string }[] = [];
    for (let i = 0; i < 17; i++)
      made.push(
        await create({
          full_name: `Pager ${tag} ${String(i).padStart(2, "0")}`,
          current_grade: i % 2 ? "KG-1" : "KG-2",
        }),
      );
    const first = await get(`search=${tag}&page=1&limit=15`);
    expect(first.pagination).toEqual({ page: 1, limit: 15, total: 17, totalPages: 2 });
    expect(first.students).toHaveLength(15);
    // Default order: newest first, as the unpaged list.
    expect(first.students.map((s) => s.id)).toEqual(
      made
        .map((s) => s.id)
        .reverse()
        .slice(0, 15),
    );
    const second = await get(`search=${tag}&page=2&limit=15`);
    expect(second.pagination).toEqual({ page: 2, limit: 15, total: 17, totalPages: 2 });
    expect(second.students.map((s) => s.id)).toEqual([made[1]!.id, made[0]!.id]);
    const past = await get(`search=${tag}&page=3&limit=15`);
    expect(past.students).toEqual([]);
    expect(past.pagination.total).toBe(17);
    // limit alone means page 1; page alone means 15 rows.
    expect((await get(`search=${tag}&limit=20`)).pagination).toEqual({ page: 1, limit: 20, total: 17, totalPages: 1 });
    expect((await get(`search=${tag}&page=1`)).pagination.limit).toBe(15);
    // Sorted by name, both ways, across pages.
    const asc = [
      ...(await get(`search=${tag}&page=1&limit=15&sortBy=full_name&sortOrder=asc`)).students,
      ...(await get(`search=${tag}&page=2&limit=15&sortBy=full_name&sortOrder=ASC`)).students,
    ];
    expect(asc.map((s) => s.full_name)).toEqual(made.map((s) => s.full_name).sort());
    const desc = (await get(`search=${tag}&page=1&limit=15&sortBy=full_name&sortOrder=desc`)).students;
    expect(desc[0]!.full_name).toBe(`Pager ${tag} 16`);
    // Filters combined with the search, counted in SQL.
    const kg1 = await get(`search=${tag}&grade=KG-1&status=active&page=1&limit=15`);
    expect(kg1.pagination).toEqual({ page: 1, limit: 15, total: 8, totalPages: 1 });
    expect(kg1.students.every((s) => made.findIndex((m) => m.id === s.id) % 2 === 1)).toBe(true);
    expect((await get(`search=${tag}&grade=KG-1&status=inactive&page=1&limit=15`)).pagination).toEqual({
      page: 1,
      limit: 15,
      total: 0,
      totalPages: 1,
    });
  });

  it("keeps the full {students} answer without page/limit", async () => {
    const tag = uid("Fl");
    for (let i = 0; i < 2; i++) await create({ full_name: `Full ${tag} ${i}` });
    const res = await api(`/api/students?search=${tag}`, { token });
    expect(Object.keys(res.json)).toEqual(["students"]);
    expect(res.json.students).toHaveLength(2);
  });

  it("searches in SQL like the console: Arabic-Indic digits, Arabic letter variants and diacritics, case", async () => {
    const tag = uid("Ar").toLowerCase();
    const a = await create({ full_name: `أحمد إبراهيم ${tag}` });
    const b = await create({ full_name: `فاطِمة مصطفى ${tag}` });
    const ids = async (search: string) =>
      (await get(`search=${encodeURIComponent(search)}&page=1&limit=50`)).students.map((s) => s.id).sort();
    expect(await ids(toArabic(a.student_no))).toEqual([a.id]);
    expect(await ids(`\u200f${toArabic(a.student_no.slice(2, 11))} `)).toEqual([a.id]);
    expect(await ids(`احمد ابراهيم ${tag}`)).toEqual([a.id]);
    expect(await ids(`فاطمه مصطفي ${tag.toUpperCase()}`)).toEqual([b.id]);
    expect(await ids(`${tag}`)).toEqual([a.id, b.id].sort());
    expect(await ids(`${tag}%`)).toEqual([]);
    // The full list uses the same search.
    expect(
      (await api(`/api/students?search=${encodeURIComponent(`احمد ${tag}`)}`, { token })).json.students.map(
        (s: { id: number }) => s.id,
      ),
    ).toEqual([]);
    expect(
      (await api(`/api/students?search=${encodeURIComponent(`احمد ابراهيم ${tag}`)}`, { token })).json.students.map(
        (s: { id: number }) => s.id,
      ),
    ).toEqual([a.id]);
  });

  it("refuses a limit other than 15/20/30/50 and bad page/sort values with 400 in the error shape", async () => {
    for (const q of [
      "page=1&limit=10",
      "page=1&limit=100",
      "limit=abc",
      "page=0",
      "page=-1",
      "page=1.5",
      "page=x",
      "page=1&sortBy=password",
      "page=1&sortBy=full_name&sortOrder=up",
    ]) {
      expectError(await api(`/api/students?${q}`, { token }), 400, "VALIDATION_FAILED");
    }
    expect((await get("page=١&limit=٣٠")).pagination).toMatchObject({ page: 1, limit: 30 });
  });

  it("sorts by every table column without error", async () => {
    for (const sortBy of [
      "full_name",
      "student_no",
      "nationality",
      "religion",
      "current_grade",
      "building_no",
      "gender",
      "is_active",
      "created_at",
    ]) {
      for (const sortOrder of ["asc", "desc"])
        expect((await get(`page=1&limit=15&sortBy=${sortBy}&sortOrder=${sortOrder}`)).students.length).toBeGreaterThan(
          0,
        );
    }
    const grades = (await get("grade=&page=1&limit=50&sortBy=current_grade&sortOrder=asc")).students as unknown as {
      current_grade: string;
    }[];
    expect(grades[0]!.current_grade).toBe("KG-1");
  });
});

describe("PUT /api/students/{id}", () => {
  it("updates every field and returns the student", async () => {
    const s = await create();
    const no = nid();
    const res = await api(`/api/students/${s.id}`, {
      method: "PUT",
      token,
      body: {
        student_no: no,
        full_name: "Renamed",
        nationality: "Egyptian",
        religion: "Christian",
        current_grade: "Primary-4",
        building_no: 1,
        gender: "female",
        is_active: false,
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.student).toMatchObject({
      id: s.id,
      student_no: no,
      full_name: "Renamed",
      religion: "Christian",
      current_grade: "Primary-4",
      building_no: 1,
      gender: "female",
      is_active: false,
    });
    expect(res.json.student.updated_at >= s.updated_at).toBe(true);
  });

  it("keeps gender and status when a client omits them", async () => {
    const s = await create({ gender: "female", is_active: false });
    const res = await api(`/api/students/${s.id}`, {
      method: "PUT",
      token,
      body: {
        student_no: s.student_no,
        full_name: "Kept",
        nationality: "Egyptian",
        current_grade: "Prep-3",
        building_no: 5,
      },
    });
    expect(res.json.student).toMatchObject({ gender: "female", is_active: false, full_name: "Kept" });
  });

  it("answers 404, 409 and 400", async () => {
    const a = await create();
    const b = await create();
    expectError(await api("/api/students/999999999", { method: "PUT", token, body: body() }), 404, "NOT_FOUND");
    const dup = expectError(
      await api(`/api/students/${b.id}`, { method: "PUT", token, body: body({ student_no: a.student_no }) }),
      409,
      "CONFLICT",
    );
    expect(dup.message).toBe("A student with this ID already exists");
    expectError(
      await api(`/api/students/${b.id}`, { method: "PUT", token, body: body({ building_no: 0 }) }),
      400,
      "VALIDATION_FAILED",
    );
    expectError(await api("/api/students/abc", { method: "PUT", token, body: body() }), 400, "VALIDATION_FAILED");
  });
});

describe("DELETE /api/students/{student_no}", () => {
  it("deletes a student (typed with Arabic digits) and answers 404 afterwards", async () => {
    const s = await create();
    const res = await api(`/api/students/${encodeURIComponent(toArabic(s.student_no))}`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: "Student deleted successfully" });
    expect(await db().select().from(studentsTable).where(eq(studentsTable.id, s.id))).toEqual([]);
    expectError(await api(`/api/students/${s.student_no}`, { method: "DELETE", token }), 404, "NOT_FOUND");
  });

  it("deletes an unpaid fee record without payments together with the student", async () => {
    const s = await create();
    expect(
      (
        await api("/api/fees", {
          method: "POST",
          token,
          body: { student_id: s.student_no, grade: "Prep-3", total_amount: 5000, paid_amount: 0 },
        })
      ).status,
    ).toBe(201);
    expect((await api(`/api/students/${s.student_no}`, { method: "DELETE", token })).status).toBe(200);
    expectError(await api(`/api/fees/${s.student_no}/payments`, { token }), 404, "NOT_FOUND");
  });

  it("refuses with 409 when the student has payments or results, and keeps everything", async () => {
    const refused = "This student has payment/result history and cannot be deleted. Mark the student inactive instead.";
    const paid = await create();
    await api("/api/fees", {
      method: "POST",
      token,
      body: { student_id: paid.student_no, grade: "Prep-3", total_amount: 5000, paid_amount: 1000 },
    });
    expect(
      expectError(await api(`/api/students/${paid.student_no}`, { method: "DELETE", token }), 409, "CONFLICT").message,
    ).toBe(refused);
    expect((await api(`/api/fees/${paid.student_no}/payments`, { token })).json.payments).toHaveLength(1);

    const graded = await create();
    await db()
      .insert(results)
      .values({ studentId: graded.id, academicYearName: clockYear(-2), semester: "S1", grade: "Prep-3" });
    expect(
      expectError(await api(`/api/students/${graded.student_no}`, { method: "DELETE", token }), 409, "CONFLICT")
        .message,
    ).toBe(refused);
    expect(await db().select().from(studentsTable).where(eq(studentsTable.id, graded.id))).toHaveLength(1);
  });
});

describe("dashboard and live events", () => {
  it("the active count follows creates and status changes at once", async () => {
    const count = async () => (await api("/api/students/active/count", { token })).json.activeStudents as number;
    const before = await count();
    const made = await Promise.all([1, 2, 3, 4, 5].map(() => create()));
    expect(await count()).toBeGreaterThanOrEqual(before + 5);
    const mid = await count();
    await Promise.all(
      made.map((s) =>
        api(`/api/students/${s.id}`, {
          method: "PUT",
          token,
          body: body({ student_no: s.student_no, is_active: false }),
        }),
      ),
    );
    // Other test files share the database and may add a student meanwhile, so "fewer", not "exactly 5 fewer".
    expect(await count()).toBeLessThan(mid);
  });

  it("publishes students_changed on a create", async () => {
    const ctrl = new AbortController();
    const res = await (exports as unknown as { default: Fetcher }).default.fetch(
      new Request("http://school.test/api/students/events", {
        headers: { Authorization: `Bearer ${token}` },
        signal: ctrl.signal,
      }),
    );
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(": connected");
    const s = await create();
    let text = "";
    while (!text.includes(`"id":${s.id}`)) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain("event: students_changed");
    ctrl.abort();
    await reader.cancel().catch(() => {});
  });

  it("documents the endpoints in the OpenAPI document", async () => {
    const doc = (await api("/api/openapi.json")).json;
    expect(doc.paths["/api/students"].post.requestBody).toBeTruthy();
    expect(doc.paths["/api/students/{id}"].put).toBeTruthy();
    expect(doc.paths["/api/students/by-student-no/{student_no}"].delete.responses["409"]).toBeTruthy();
    // Generated from the route's query schema: one parameter per field.
    const query = doc.paths["/api/students"].get.parameters
      .filter((p: { in: string }) => p.in === "query")
      .map((p: { name: string }) => p.name);
    expect(query).toEqual(expect.arrayContaining(["search", "page", "limit", "sortBy", "sortOrder"]));
    // Answers are described by their schemas, errors by the one error shape.
    expect(
      doc.paths["/api/students"].get.responses["200"].content["application/json"].schema.properties.students,
    ).toBeTruthy();
    expect(doc.paths["/api/students"].post.responses["409"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/Error",
    );
  });
});
