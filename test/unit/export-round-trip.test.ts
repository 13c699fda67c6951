/**
 * Every export imports back as it is (docs/product.md#export-round-trips): the Students, Fees and Results CSVs, as
 * the console writes them (web/lib/csv.ts, papaparse), read as the Import dialog reads them (SheetJS): the header
 * row found and sure, every column known (computed ones ignored), straight to the preview, and rows the API
 * matches as the stored records. The server's "unchanged" for such rows: test/workers/import.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { createI18n } from "~/i18n";
import ar from "~/i18n/ar";
import { toCsv, type CsvCell } from "~/lib/csv";
import { readSheet } from "~/features/import/admin/spreadsheet";
import {
  autoMapping,
  buildRows,
  findHeaderRow,
  missingColumns,
  tableFromCells,
} from "~/features/import/admin/sheet-rows";
import { feesCsvRows } from "~/features/fees/admin/fees-csv";
import { resultsCsvRows } from "~/features/results/admin/results-csv";
import { STUDENT_CSV_HEADER, studentCsvRow } from "~/features/students/admin/students-csv";
import type { ImportKind } from "@worker/contracts/import";
import type { FeeJson } from "@worker/contracts/fees";
import type { ResultJson } from "@worker/contracts/results";
import type { StudentJson } from "@worker/contracts/students";

const t = createI18n("ar", ar).t as unknown as TFunction;

/** The Import dialog's path for an exported CSV: read, header, mapping, rows. */
function reimport(kind: ImportKind, rows: CsvCell[][]) {
  const bytes = new TextEncoder().encode(toCsv(rows));
  const read = readSheet(bytes, "export.csv", undefined, kind);
  const guess = findHeaderRow(kind, read.cells);
  const table = tableFromCells(read.cells, guess?.index);
  const mapping = autoMapping(kind, table.headers);
  return { guess, mapping, missing: missingColumns(kind, mapping), built: buildRows(kind, table, mapping) };
}

describe("exports re-import straight to the preview", () => {
  it("Students", () => {
    const s = {
      id: 1,
      student_no: "31001310119461",
      full_name: "منى سامي",
      nationality: "مصرية",
      religion: null,
      current_grade: "Prep-2",
      building_no: 3,
      gender: "female",
      is_active: false,
    } as unknown as StudentJson;
    const out = reimport("students", [[...STUDENT_CSV_HEADER], studentCsvRow(s, t)]);
    expect(out.guess?.sure).toBe(true);
    expect(out.mapping).not.toContain("");
    expect(out.built.rows).toEqual([
      {
        student_no: "31001310119461",
        full_name: "منى سامي",
        nationality: "مصرية",
        current_grade: "Prep-2",
        building_no: "3",
        gender: "female",
        is_active: false,
      },
    ]);
  });

  it("Fees, whose computed columns (remaining, status, overdue, next due date) are known and ignored", () => {
    const fee = {
      student_no: "31001310119461",
      full_name: "منى سامي",
      grade: "Prep-2",
      academic_year_name: "2025-2026",
      total_amount: 12000,
      paid_amount: 2000.5,
      remaining: 9999.5,
      status: "partially_paid",
      overdue_amount: 500,
      next_due_date: "2025-10-01",
    } as unknown as FeeJson;
    const out = reimport("fees", feesCsvRows([fee], t));
    expect(out.guess?.sure).toBe(true);
    expect(out.mapping).not.toContain("");
    expect(out.mapping.slice(6)).toEqual(["ignore", "ignore", "ignore", "ignore"]);
    // Each account's year comes back with it (an arrears export holds several years).
    expect(out.built.rows).toEqual([
      {
        student_id: "31001310119461",
        grade: "Prep-2",
        academic_year_name: "2025-2026",
        total_amount: "12000",
        paid_amount: "2000.5",
      },
    ]);
  });

  it("Results, in the import's wide shape, each row keyed to its own year and semester", () => {
    const result = (no: string, semester: string, scores: Array<[string, number, number]>) =>
      ({
        student_no: no,
        full_name: "ط",
        academic_year_name: "2024-2025",
        semester,
        current_grade: "Prep-1",
        remarks: null,
        subject_scores: scores.map(([subject_name, score, max_score]) => ({
          subject_name,
          score,
          max_score,
          remarks: null,
        })),
      }) as unknown as ResultJson;
    const rows = resultsCsvRows([
      result("31001310119461", "S2", [
        ["Science", 40, 50],
        ["Mathematics", 45.5, 50],
      ]),
      result("31001310119462", "S1", [["Mathematics", 90, 100]]),
    ]);
    expect(rows[0]).toEqual([
      "Student Name",
      "Student ID",
      "Academic Year",
      "Semester",
      "Grade",
      "Mathematics",
      "Mathematics max",
      "Science",
      "Science max",
      "Remarks",
    ]);
    const out = reimport("results", rows);
    expect(out.guess?.sure).toBe(true);
    expect(out.mapping).not.toContain("");
    expect(out.built.rows).toEqual([
      {
        student_id: "31001310119461",
        academic_year_name: "2024-2025",
        semester: "S2",
        grade: "Prep-1",
        subject_scores: [
          { subject_name: "Mathematics", score: "45.5", max_score: "50" },
          { subject_name: "Science", score: "40", max_score: "50" },
        ],
      },
      {
        student_id: "31001310119462",
        academic_year_name: "2024-2025",
        semester: "S1",
        grade: "Prep-1",
        subject_scores: [{ subject_name: "Mathematics", score: "90", max_score: "100" }],
      },
    ]);
  });
});
