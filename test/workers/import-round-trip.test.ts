/**
 * Every export comes back "unchanged" (docs/product.md#export-round-trips): records written through the API, listed
 * as the pages list them, exported by the console's own CSV code, read by the Import dialog's own reader, and sent
 * to the import as a dry run. The Results export carries marks in the import's wide shape, and its year and
 * semester columns key each row to its own term, not to the dialog's choice.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { createI18n } from "~/i18n";
import ar from "~/i18n/ar";
import { toCsv, type CsvCell } from "~/lib/csv";
import { readSheet } from "~/features/import/admin/spreadsheet";
import { autoMapping, buildRows, findHeaderRow, tableFromCells } from "~/features/import/admin/sheet-rows";
import { feesCsvRows } from "~/features/fees/admin/fees-csv";
import { resultsCsvRows } from "~/features/results/admin/results-csv";
import { STUDENT_CSV_HEADER, studentCsvRow } from "~/features/students/admin/students-csv";
import type { ImportKind } from "@worker/contracts/import";
import { api, loginAdmin, uid } from "./helpers";
import { uniqueStudentNo } from "./fixtures";
import { clockYear } from "../support/clock-years";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});
const t = createI18n("ar", ar).t as unknown as TFunction;

/** The exported rows through the dialog's reader, then the import's dry run: each row's action. */
async function reimport(kind: ImportKind, rows: CsvCell[][], options?: Record<string, string>) {
  const read = readSheet(new TextEncoder().encode(toCsv(rows)), "export.csv", undefined, kind);
  const table = tableFromCells(read.cells, findHeaderRow(kind, read.cells)?.index);
  const mapping = autoMapping(kind, table.headers);
  expect(mapping).not.toContain("");
  const body = { rows: buildRows(kind, table, mapping).rows, ...(options ? { options } : {}) };
  const res = await api(`/api/admin/import/${kind}?dry_run=1`, { method: "POST", token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { summary: { unchanged: number; total: number }; rows: Array<{ action: string; key: string }> };
}

async function newStudent(grade = "Prep-1") {
  const res = await api("/api/students", {
    method: "POST",
    token,
    body: {
      student_no: uniqueStudentNo(),
      full_name: `طالب ${uid()}`,
      nationality: "مصري",
      current_grade: grade,
      building_no: 2,
      gender: "female",
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.student as { student_no: string };
}

describe("exports re-import as unchanged", () => {
  it("Students", async () => {
    const nos = [(await newStudent()).student_no, (await newStudent("Prep-3")).student_no];
    const listed = await Promise.all(nos.map((no) => api(`/api/students?search=${no}`, { token })));
    const students = listed.map((r) => r.json.students[0]);
    const out = await reimport("students", [[...STUDENT_CSV_HEADER], ...students.map((s) => studentCsvRow(s, t))]);
    expect(out.rows.map((r) => r.action)).toEqual(["unchanged", "unchanged"]);
  });

  it("Fees, computed columns and all", async () => {
    const s = await newStudent();
    const made = await api("/api/fees", {
      method: "POST",
      token,
      body: { student_id: s.student_no, grade: "Prep-1", total_amount: 12000, paid_amount: 2500.5 },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const listed = await api(`/api/fees?search=${s.student_no}`, { token });
    const out = await reimport("fees", feesCsvRows(listed.json.fees, t));
    expect(out.rows.map((r) => r.action)).toEqual(["unchanged"]);
  });

  it("Results, each row under its own year and semester, subjects in any order", async () => {
    const s = await newStudent();
    const made = await api("/api/admin/results", {
      method: "POST",
      token,
      body: {
        student_id: s.student_no,
        academic_year_name: clockYear(-2),
        semester: "S2",
        subject_scores: [
          { subject_name: "Science", score: 40, max_score: 50 },
          { subject_name: "Mathematics", score: 45.5, max_score: 50 },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const listed = await api(`/api/admin/results?search=${s.student_no}`, { token });
    const out = await reimport("results", resultsCsvRows(listed.json.data), {
      academic_year_name: clockYear(-1),
      semester: "S1",
    });
    expect(out.rows).toEqual([
      expect.objectContaining({ action: "unchanged", key: `${s.student_no}/${clockYear(-2)}/S2` }),
    ]);
  });

  it("Results with an absent subject: exported as غ, read back as absent, unchanged", async () => {
    const s = await newStudent();
    const made = await api("/api/admin/results", {
      method: "POST",
      token,
      body: {
        student_id: s.student_no,
        academic_year_name: clockYear(-2),
        semester: "S1",
        subject_scores: [
          { subject_name: "Mathematics", score: 45.5, max_score: 50 },
          { subject_name: "Science", absent: true, max_score: 50 },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const listed = await api(`/api/admin/results?search=${s.student_no}`, { token });
    const rows = resultsCsvRows(listed.json.data);
    expect(rows[1]!.slice(5, 9)).toEqual([45.5, 50, "غ", 50]);
    const out = await reimport("results", rows);
    expect(out.rows).toEqual([
      expect.objectContaining({ action: "unchanged", key: `${s.student_no}/${clockYear(-2)}/S1` }),
    ]);
  });
});
