/** Guardians on the student's create and update (docs/product.md#guardians-and-messages). */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { studentGuardians, students } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { mobile, studentBody } from "./guardian-fixtures";
import { api, expectError, loginAdmin } from "./helpers";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const db = () => getDb(env as unknown as Env);
const body = studentBody;

describe("guardians", () => {
  it("creates a student with guardians, numbers in E.164, consent recorded by the acting staff member", async () => {
    const phone = mobile();
    const res = await api("/api/students", {
      method: "POST",
      token,
      body: body({
        guardians: [
          {
            full_name: "محمد أحمد",
            relation: "father",
            phone: `${phone.slice(0, 4)} ${phone.slice(4)}`,
            whatsapp_consent: true,
          },
          { full_name: "Mona", relation: "mother", phone: "+٢٠١٢٠١٢٣٤٥٦٧", language: "en" },
        ],
      }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const [father, mother] = res.json.student.guardians;
    expect(father).toMatchObject({
      full_name: "محمد أحمد",
      relation: "father",
      phone: `+20${phone.slice(1)}`,
      language: "ar",
      whatsapp_consent: true,
      consent_recorded_by: "admin",
      opted_out_at: null,
    });
    expect(father.consent_recorded_at).toMatch(/Z$/);
    expect(mother).toMatchObject({ phone: "+201201234567", language: "en", whatsapp_consent: false });
    const list = await api(`/api/students?search=${res.json.student.student_no}`, { token });
    expect(list.json.students[0].guardians).toHaveLength(2);
    const page = await api(`/api/students?search=${res.json.student.student_no}&page=1`, { token });
    expect(page.json.students[0].guardians).toEqual(res.json.student.guardians);
  });

  it("answers PHONE_INVALID on guardians.N.phone and more than 3 with GUARDIANS_TOO_MANY", async () => {
    const bad = expectError(
      await api("/api/students", {
        method: "POST",
        token,
        body: body({
          guardians: [
            { full_name: "A", relation: "father", phone: mobile() },
            { full_name: "B", relation: "mother", phone: "02-2345-6789" },
          ],
        }),
      }),
      400,
      "VALIDATION_FAILED",
    );
    expect(bad.issues).toEqual([expect.objectContaining({ path: "guardians.1.phone", reason: "PHONE_INVALID" })]);
    const g = { full_name: "A", relation: "guardian", phone: mobile() };
    const many = expectError(
      await api("/api/students", { method: "POST", token, body: body({ guardians: [g, g, g, g] }) }),
      400,
      "VALIDATION_FAILED",
    );
    expect(many.reason).toBe("GUARDIANS_TOO_MANY");
  });

  it("keeps guardians on an update that omits them, replaces them when given, keeps consent of an unchanged number", async () => {
    const phone = mobile();
    const created = await api("/api/students", {
      method: "POST",
      token,
      body: body({ guardians: [{ full_name: "A", relation: "father", phone, whatsapp_consent: true }] }),
    });
    const s = created.json.student;
    const recordedAt = s.guardians[0].consent_recorded_at;
    const { id, guardians: _g, created_at: _c, updated_at: _u, ...rest } = s;
    const kept = await api(`/api/students/${id}`, { method: "PUT", token, body: { ...rest, full_name: "Renamed" } });
    expect(kept.status, JSON.stringify(kept.json)).toBe(200);
    expect(kept.json.student.guardians).toEqual(s.guardians);

    const other = mobile();
    const replaced = await api(`/api/students/${id}`, {
      method: "PUT",
      token,
      body: {
        ...rest,
        guardians: [
          { full_name: "Mother", relation: "mother", phone: other },
          { full_name: "A again", relation: "father", phone: `+2${phone}`, whatsapp_consent: true },
        ],
      },
    });
    expect(replaced.status, JSON.stringify(replaced.json)).toBe(200);
    const [m, f] = replaced.json.student.guardians;
    expect(m.phone).toBe(`+2${other}`);
    expect(f).toMatchObject({ full_name: "A again", consent_recorded_at: recordedAt, consent_recorded_by: "admin" });

    const cleared = await api(`/api/students/${id}`, { method: "PUT", token, body: { ...rest, guardians: [] } });
    expect(cleared.json.student.guardians).toEqual([]);
    expect(await db().select().from(studentGuardians).where(eq(studentGuardians.studentId, id))).toEqual([]);
  });

  it("finds a student by a guardian's number as offices type it (the global search's students and fees groups)", async () => {
    const phone = mobile();
    const s = (
      await api("/api/students", {
        method: "POST",
        token,
        body: body({ guardians: [{ full_name: "A", relation: "mother", phone }] }),
      })
    ).json.student;
    const arabic = phone.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);
    for (const typed of [phone, `+2${phone}`, `${phone.slice(0, 4)} ${phone.slice(4, 7)}-${phone.slice(7)}`, arabic]) {
      const res = await api(`/api/students?search=${encodeURIComponent(typed)}`, { token });
      expect(
        res.json.students.map((x: { id: number }) => x.id),
        typed,
      ).toEqual([s.id]);
    }
    const fees = await api(`/api/fees?search=${phone}`, { token });
    expect(fees.status).toBe(200);
  });

  it("removes a student's guardians with the student", async () => {
    const s = (
      await api("/api/students", {
        method: "POST",
        token,
        body: body({ guardians: [{ full_name: "A", relation: "father", phone: mobile() }] }),
      })
    ).json.student;
    const del = await api(`/api/students/by-student-no/${s.student_no}`, { method: "DELETE", token });
    expect(del.status).toBe(200);
    expect(await db().select().from(students).where(eq(students.id, s.id))).toEqual([]);
    expect(await db().select().from(studentGuardians).where(eq(studentGuardians.studentId, s.id))).toEqual([]);
  });
});
