/**
 * Guardian columns of the students import and export (docs/product.md#bulk-import, #guardians-and-messages): a
 * file written by Python's csv module (test/fixtures/import/make_fixtures.py, not the PapaParse / SheetJS code that
 * reads it) read by the Import dialog's reader and imported: numbers typed with Arabic-Indic digits, 0020, +20 and
 * spaces stored in E.164; a number that does not read is its row's PHONE_INVALID on the phone column of the error
 * file, and the commit writes nothing of the file; the Students export's guardian columns import back unchanged.
 */
import { inArray } from "drizzle-orm";
import type { TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { studentGuardians, students } from "../../db/schema";
import { createI18n } from "~/i18n";
import ar from "~/i18n/ar";
import en from "~/i18n/en";
import { toCsv } from "~/lib/csv";
import { reasonText } from "~/lib/reason-text";
import type { Reason, ReasonParams } from "@worker/reasons";
import { readSheet } from "~/features/import/admin/spreadsheet";
import { autoMapping, buildRows, findHeaderRow, tableFromCells } from "~/features/import/admin/sheet-rows";
import { errorSheetRows, rowProblems } from "~/features/import/admin/row-problems";
import { STUDENT_CSV_HEADER, studentCsvRow } from "~/features/students/admin/students-csv";
import fixtureCsv from "../fixtures/import/guardians.csv?raw";
import { testDb } from "./fixtures";
import { mobile, nid, studentBody } from "./guardian-fixtures";
import { api, loginAdmin, uid } from "./helpers";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const post = (rows: unknown[], opts: { dry?: boolean; key?: string } = {}) =>
  api(`/api/admin/import/students${opts.dry ? "?dry_run=1" : ""}`, {
    method: "POST",
    token,
    body: { rows },
    headers: opts.key ? { "Idempotency-Key": opts.key } : {},
  });

/** A file through the dialog's own reader: header row, mapping, API rows. */
function read(bytes: Uint8Array, name: string) {
  const sheet = readSheet(bytes, name, undefined, "students");
  const table = tableFromCells(sheet.cells, findHeaderRow("students", sheet.cells)?.index);
  const mapping = autoMapping("students", table.headers);
  return { table, mapping, built: buildRows("students", table, mapping) };
}

/** Each student's guardians as stored, by national ID. */
async function storedGuardians(nos: string[]) {
  const db = testDb();
  const ss = await db.select().from(students).where(inArray(students.studentNo, nos));
  const gs = ss.length
    ? await db
        .select()
        .from(studentGuardians)
        .where(
          inArray(
            studentGuardians.studentId,
            ss.map((s) => s.id),
          ),
        )
    : [];
  return Object.fromEntries(
    ss.map((s) => [
      s.studentNo,
      gs
        .filter((g) => g.studentId === s.id)
        .sort((a, b) => a.position - b.position)
        .map((g) => [g.fullName, g.relation, g.phone, g.language, g.whatsappConsent]),
    ]),
  );
}

describe("a file with guardian columns (Python csv, English and API headers)", () => {
  const file = read(new TextEncoder().encode(fixtureCsv), "guardians.csv");
  const nos = ["31001310139401", "31001310139402", "31001310139403", "31001310139404"];

  it("maps every column and reads the labels", () => {
    expect(file.mapping).not.toContain("");
    expect(file.mapping.slice(6)).toEqual([
      "guardian_1_name",
      "guardian_1_relation",
      "guardian_1_phone",
      "guardian_1_language",
      "guardian_1_whatsapp_consent",
      "guardian_2_name",
      "guardian_2_relation",
      "guardian_2_phone",
    ]);
    expect(file.built.rows[0]).toMatchObject({ guardian_1_relation: "father", guardian_1_whatsapp_consent: true });
    expect(file.built.rows[1]).toMatchObject({ guardian_1_language: "en", guardian_1_whatsapp_consent: false });
  });

  it("refuses the unreadable number as its row's PHONE_INVALID on the phone column; the commit writes nothing", async () => {
    const dry = await post(file.built.rows, { dry: true });
    expect(dry.status, JSON.stringify(dry.json)).toBe(200);
    expect(dry.json.rows.map((r: { action: string }) => r.action)).toEqual(["create", "create", "create", "error"]);
    expect(dry.json.rows[3].errors).toEqual([
      expect.objectContaining({ field: "guardian_1_phone", code: "PHONE_INVALID" }),
    ]);

    // The error file names the sheet's own column, in Arabic.
    const { t } = createI18n("ar", ar);
    const problems = rowProblems(dry.json, file.built, file.table, {
      t,
      reasonText: (r: Reason, p?: ReasonParams) => reasonText(t, "ar", r, p),
    });
    const errorFile = errorSheetRows(file.table, file.built, problems, "الخطأ / Error");
    expect(errorFile[4]!.at(-1)).toMatch(/^guardian_1_phone \(العمود I\): /);
    expect(errorFile[1]!.at(-1)).toBe("");

    const commit = await post(file.built.rows, { key: uid("imp") });
    expect(commit.status).toBe(400);
    expect(commit.json.reason).toBe("IMPORT_HAS_ERRORS");
    expect(await storedGuardians(nos)).toEqual({});
  });

  it("stores every number in E.164 (Arabic-Indic digits, 0020, +20, 20, spaces and dashes)", async () => {
    const good = file.built.rows.slice(0, 3);
    const commit = await post(good, { key: uid("imp") });
    expect(commit.status, JSON.stringify(commit.json)).toBe(200);
    expect(commit.json.summary).toMatchObject({ create: 3, errors: 0 });
    expect(await storedGuardians(nos)).toEqual({
      [nos[0]!]: [
        ["محمد علي حسن", "father", "+201001234567", "ar", true],
        ["منى سامي", "mother", "+201123456789", "ar", false],
      ],
      [nos[1]!]: [["Sami Hassan", "father", "+201223456780", "en", false]],
      [nos[2]!]: [["هالة محمود", "mother", "+201551234567", "ar", false]],
    });
    // The same file again changes nothing.
    const again = await post(good, { dry: true });
    expect(again.json.summary).toMatchObject({ unchanged: 3 });
  });
});

describe("the Students export's guardian columns", () => {
  const tAr = createI18n("ar", ar).t as unknown as TFunction;
  const tEn = createI18n("en", en).t as unknown as TFunction;

  async function family() {
    const body = studentBody({
      student_no: nid(),
      guardians: [
        { full_name: "أم الطالب", relation: "mother", phone: mobile(), language: "ar", whatsapp_consent: true },
        { full_name: "Uncle", relation: "guardian", phone: `+966 50 ${String(Date.now()).slice(-7)}`, language: "en" },
      ],
    });
    const res = await api("/api/students", { method: "POST", token, body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const listed = await api(`/api/students?search=${body.student_no}`, { token });
    return listed.json.students[0];
  }

  it("writes 5 cells per guardian (labels in the admin's language, numbers as text) and imports back unchanged", async () => {
    const s = await family();
    expect(STUDENT_CSV_HEADER.slice(8, 13)).toEqual([
      "Guardian 1 Name",
      "Guardian 1 Relation",
      "Guardian 1 Phone",
      "Guardian 1 Language",
      "Guardian 1 WhatsApp Consent",
    ]);
    // Then the Academic Year and the Section.
    expect(STUDENT_CSV_HEADER).toHaveLength(8 + 15 + 2);
    const rowAr = studentCsvRow(s, tAr);
    expect(rowAr.slice(8, 23)).toEqual([
      "أم الطالب",
      "الأم",
      `\t${s.guardians[0].phone}`,
      "العربية",
      "نعم",
      "Uncle",
      "ولي الأمر",
      `\t${s.guardians[1].phone}`,
      "الإنجليزية",
      "لا",
      "",
      "",
      "",
      "",
      "",
    ]);
    for (const t of [tAr, tEn]) {
      const csv = toCsv([[...STUDENT_CSV_HEADER], studentCsvRow(s, t)]);
      const back = read(new TextEncoder().encode(csv), "export.csv");
      expect(back.mapping).not.toContain("");
      const dry = await post(back.built.rows, { dry: true });
      expect(dry.status, JSON.stringify(dry.json)).toBe(200);
      expect(dry.json.rows.map((r: { action: string }) => r.action)).toEqual(["unchanged"]);
    }
  });

  it("a sheet's changed guardians update the student; a row without guardian cells keeps them", async () => {
    const s = await family();
    const base = {
      student_no: s.student_no,
      full_name: s.full_name,
      nationality: s.nationality,
      current_grade: s.current_grade,
      building_no: String(s.building_no),
    };
    const keep = await post([base], { dry: true });
    expect(keep.json.rows[0].action).toBe("unchanged");
    const phone = mobile();
    const row = { ...base, guardian_1_name: "الأب", guardian_1_relation: "father", guardian_1_phone: phone };
    const commit = await post([row], { key: uid("imp") });
    expect(commit.status, JSON.stringify(commit.json)).toBe(200);
    expect(commit.json.rows[0].action).toBe("update");
    expect(await storedGuardians([s.student_no])).toEqual({
      [s.student_no]: [["الأب", "father", `+2${phone}`, "ar", false]],
    });
    const partial = await post([{ ...base, guardian_2_phone: mobile() }], { dry: true });
    expect(partial.json.rows[0].errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "guardian_2_name",
      "guardian_2_relation",
    ]);
  });
});
