/**
 * Imports name their year (docs/product.md#bulk-import): a fee account's, an enrolment's and a result's year comes
 * from the row's own column, else from the dialog's choice, else the current year; a year written as "٢٠٢٨/٢٠٢٩"
 * reads; a malformed one (ACADEMIC_YEAR_INVALID), one that does not exist (ACADEMIC_YEAR_UNKNOWN) and a closed one for
 * a new account or enrolment (IMPORT_YEAR_CLOSED) are errors of their row. The files are written by openpyxl and
 * Python's csv module (test/fixtures/import/make_fixtures.py), never by SheetJS, which reads them as the dialog does;
 * their IDs and years are placeholders replaced by this file's own students and by years relative to the current one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSheet } from "~/features/import/admin/spreadsheet";
import { autoMapping, buildRows, findHeaderRow, tableFromCells } from "~/features/import/admin/sheet-rows";
import type { ImportKind } from "@worker/contracts/import";
import feesXlsx from "../fixtures/import/fees-years.xlsx.base64?raw";
import studentsCsv from "../fixtures/import/students-years.csv?raw";
import { eq } from "drizzle-orm";
import { enrolments } from "../../db/schema";
import { ensureYear, testDb, uniqueStudentNo } from "./fixtures";
import { api, loginAdmin, uid } from "./helpers";
import { snapshotYears } from "./years-state";

let token: string;
let years: Awaited<ReturnType<typeof snapshotYears>>;
let current: string;
/** The file's own year ahead (what the placeholders "{+2}" stand for). */
let own: string;
/** `n` years after (before, when negative) the current one. */
const shift = (n: number) => `${Number(current.slice(0, 4)) + n}-${Number(current.slice(0, 4)) + n + 1}`;
const arabic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))).replace("-", "/");

beforeAll(async () => {
  token = await loginAdmin();
  years = await snapshotYears();
  current = years.current!;
  // The test's own years: one at least two after the current one and after every other (created through the API),
  // and a closed one long past.
  let newest = (await api("/api/admin/academic-years", { token })).json.years[0].name as string;
  const start = Math.max(Number(newest.slice(0, 4)) + 1, Number(current.slice(0, 4)) + 2);
  own = `${start}-${start + 1}`;
  while (newest < own) {
    newest = `${Number(newest.slice(0, 4)) + 1}-${Number(newest.slice(0, 4)) + 2}`;
    const made = await api("/api/admin/academic-years", { method: "POST", token, body: { name: newest } });
    expect(made.status, made.text).toBe(201);
  }
  await ensureYear(shift(-30), "closed");
});
afterAll(async () => {
  // The closed year long past is this file's alone: its enrolments go, so the restore removes the year too (left
  // behind, it would come back as an upcoming year before the current one).
  await testDb()
    .delete(enrolments)
    .where(eq(enrolments.academicYearName, shift(-30)));
  await years.restore();
});

/** The placeholders of the fixture files, for `ids` (in order). */
function fill(cell: unknown, ids: string[]): unknown {
  if (typeof cell !== "string") return cell;
  const id = /^\{id(\d)\}$/.exec(cell);
  if (id) return ids[Number(id[1]) - 1];
  const years: Record<string, string> = {
    "{+2}": own,
    "{+2ar}": arabic(own),
    "{-40}": shift(-40),
    "{closed}": shift(-30),
  };
  return years[cell] ?? cell;
}

/** The file through the dialog's reader (header row, mapping, rows), its placeholders filled. */
function rowsOf(kind: ImportKind, bytes: Uint8Array, name: string, ids: string[]) {
  const sheet = readSheet(bytes, name, undefined, kind);
  const table = tableFromCells(sheet.cells, findHeaderRow(kind, sheet.cells)?.index);
  const mapping = autoMapping(kind, table.headers);
  expect(mapping).not.toContain("");
  expect(mapping).toContain("academic_year_name");
  return buildRows(kind, table, mapping).rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fill(v, ids)])),
  );
}

const inlineBytes = (base64: string) => Uint8Array.from(atob(base64.trim()), (c) => c.charCodeAt(0));

function post(kind: ImportKind, rows: unknown[], options?: Record<string, string>, key?: string) {
  return api(`/api/admin/import/${kind}${key ? "" : "?dry_run=1"}`, {
    method: "POST",
    token,
    body: { rows, ...(options ? { options } : {}) },
    headers: key ? { "Idempotency-Key": key } : {},
  });
}

async function newStudent(grade = "Prep-1") {
  const studentNo = uniqueStudentNo();
  const res = await api("/api/students", {
    method: "POST",
    token,
    body: {
      student_no: studentNo,
      full_name: `عام ${uid()}`,
      nationality: "مصري",
      current_grade: grade,
      building_no: 1,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.student as { id: number; student_no: string; full_name: string };
}

type Row = { row: number; action: string; key: string; errors: Array<{ field: string; code: string }> };

describe("the fees import", () => {
  it("takes the row's year, else the current one; bad years are row errors; commits the good rows", async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await newStudent()).student_no);
    const rows = rowsOf("fees", inlineBytes(feesXlsx), "fees-years.xlsx", ids);
    const dry = await post("fees", rows);
    expect(dry.status, dry.text).toBe(200);
    const out = dry.json.rows as Row[];
    expect(out.slice(0, 3).map((r) => [r.action, r.key])).toEqual([
      ["create", `${ids[0]}/${own}`],
      ["create", `${ids[1]}/${current}`],
      ["create", `${ids[2]}/${own}`],
    ]);
    expect(out.slice(3).map((r) => [r.action, r.errors.map((e) => `${e.field}:${e.code}`)])).toEqual([
      ["error", ["academic_year_name:ACADEMIC_YEAR_INVALID"]],
      ["error", ["academic_year_name:ACADEMIC_YEAR_UNKNOWN"]],
      ["error", ["academic_year_name:IMPORT_YEAR_CLOSED"]],
    ]);

    const done = await post("fees", rows.slice(0, 3), undefined, uid("k"));
    expect(done.status, done.text).toBe(200);
    const yearsOf = async (no: string) =>
      (await api(`/api/fees/${no}/years`, { token })).json.fees.map(
        (f: { academic_year_name: string; total_amount: number }) => [f.academic_year_name, f.total_amount],
      );
    expect(await yearsOf(ids[0]!)).toEqual([[own, 1000]]);
    expect(await yearsOf(ids[1]!)).toEqual([[current, 2000]]);
    expect(await yearsOf(ids[2]!)).toEqual([[own, 3000]]);
  });

  it("rows that name no year take the dialog's choice; a row's own year wins", async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await newStudent()).student_no);
    const rows = rowsOf("fees", inlineBytes(feesXlsx), "fees-years.xlsx", ids).slice(0, 2);
    rows[0]!.academic_year_name = current;
    const dry = await post("fees", rows, { academic_year_name: own });
    expect((dry.json.rows as Row[]).map((r) => r.key)).toEqual([`${ids[0]}/${current}`, `${ids[1]}/${own}`]);
    // The dialog's choice of a year that does not exist: every row that names none says so.
    const unknown = await post("fees", rows, { academic_year_name: shift(-40) });
    expect((unknown.json.rows as Row[]).map((r) => r.errors.map((e) => e.code))).toEqual([
      [],
      ["ACADEMIC_YEAR_UNKNOWN"],
    ]);
  });

  it("one file holds a student's accounts of two years: the current one updated, the other created", async () => {
    const s = await newStudent();
    const first = await post(
      "fees",
      [{ student_id: s.student_no, grade: "Prep-1", total_amount: 900 }],
      undefined,
      uid("k"),
    );
    expect(first.status, first.text).toBe(200);
    const both = await post("fees", [
      { student_id: s.student_no, grade: "Prep-1", total_amount: 950, academic_year_name: current },
      { student_id: s.student_no, grade: "Prep-1", total_amount: 700, academic_year_name: own },
    ]);
    expect((both.json.rows as Row[]).map((r) => r.action)).toEqual(["update", "create"]);
  });
});

describe("the students import", () => {
  it("writes each row's enrolment in its year; another year leaves the student's current grade as it is", async () => {
    const existing = await newStudent("Prep-2");
    const ids = [uniqueStudentNo(), existing.student_no, uniqueStudentNo(), uniqueStudentNo()];
    const rows = rowsOf("students", new TextEncoder().encode(studentsCsv), "students-years.csv", ids);
    const dry = await post("students", rows);
    expect((dry.json.rows as Row[]).map((r) => [r.action, r.errors.map((e) => e.code)])).toEqual([
      ["create", []],
      ["update", []],
      ["create", []],
      ["error", ["IMPORT_YEAR_CLOSED"]],
    ]);
    const done = await post("students", rows.slice(0, 3), undefined, uid("k"));
    expect(done.status, done.text).toBe(200);
    const enrolled = async (no: string) => {
      const s = (await api(`/api/students?search=${no}`, { token })).json.students[0];
      const list = (await api(`/api/students/${s.id}/enrolments`, { token })).json.enrolments;
      return {
        grade: s.current_grade,
        years: list.map((e: { academic_year_name: string; grade: string }) => [e.academic_year_name, e.grade]).sort(),
      };
    };
    expect(await enrolled(ids[0]!)).toEqual({ grade: "Prep-2", years: [[own, "Prep-2"]] });
    expect(await enrolled(ids[1]!)).toEqual({
      grade: "Prep-2",
      years: [
        [current, "Prep-2"],
        [own, "Prep-3"],
      ],
    });
    expect(await enrolled(ids[2]!)).toEqual({ grade: "Prep-1", years: [[current, "Prep-1"]] });
  });
});

describe("a closed year in the students import", () => {
  it("says its enrolments again (unchanged), never changes them", async () => {
    const s = await newStudent("Prep-2");
    const closed = shift(-30);
    await testDb()
      .insert(enrolments)
      .values({ studentId: s.id, academicYearName: closed, grade: "Prep-1", buildingNo: 1, outcome: "promoted" });
    const row = (grade: string) => ({
      student_no: s.student_no,
      full_name: s.full_name,
      nationality: "مصري",
      current_grade: grade,
      building_no: 1,
      academic_year_name: closed,
    });
    const dry = await post("students", [row("Prep-1"), { ...row("Prep-3"), student_no: uniqueStudentNo() }]);
    expect((dry.json.rows as Row[]).map((r) => [r.action, r.errors.map((e) => e.code)])).toEqual([
      ["unchanged", []],
      ["error", ["IMPORT_YEAR_CLOSED"]],
    ]);
    const changed = await post("students", [row("Prep-3")]);
    expect(changed.json.rows[0].errors.map((e: { code: string }) => e.code)).toEqual(["IMPORT_YEAR_CLOSED"]);
  });
});

describe("the results import", () => {
  it("files rows that name no term and no dialog choice under the current year", async () => {
    const s = await newStudent();
    const row = {
      student_id: s.student_no,
      semester: "S1",
      subject_scores: [{ subject_name: "Mathematics", score: 40 }],
    };
    const dry = await post("results", [row]);
    expect(dry.status, dry.text).toBe(200);
    expect(dry.json.rows[0]).toMatchObject({ action: "create", key: `${s.student_no}/${current}/S1` });
    const closed = await post("results", [{ ...row, academic_year_name: shift(-40) }]);
    expect(closed.json.rows[0].errors.map((e: { code: string }) => e.code)).toEqual(["ACADEMIC_YEAR_UNKNOWN"]);
  });
});
