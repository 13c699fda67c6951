/**
 * Teachers' mark sheets with a two-row header (docs/product.md#header-row): a title, then group titles in the first
 * header row ("الدرجات" merged across the subjects) and cells merged down over both rows ("م", "رقم الطالب", "اسم
 * الطالب", "المجموع"), the subjects in the second. The two rows are read as one header per column, a total,
 * percentage or serial column is known and ignored, so such a sheet goes straight to the preview; a subject over
 * "الدرجة" and "العظمى" gives its marks and its max. Files are built by hand (test/support/ooxml.ts), read by SheetJS
 * as the Import dialog reads them.
 */
import { describe, expect, it } from "vitest";
import { readSheet } from "~/features/import/admin/spreadsheet";
import { autoMapping, buildRows, findHeaderRow, tableFromCells } from "~/features/import/admin/sheet-rows";
import { nextAfterHeader } from "~/features/import/admin/import-state";
import { matchHeader } from "~/features/import/admin/columns";
import { ooxmlWorkbook, type OoxmlSheet } from "../support/ooxml";

/** The dialog's path: read, guess the header row, table, mapping, what follows, the API rows. */
function dialogOf(sheet: OoxmlSheet) {
  const read = readSheet(ooxmlWorkbook(sheet), "marks.xlsx", undefined, "results");
  const guess = findHeaderRow("results", read.cells, read.merges);
  const table = tableFromCells(read.cells, guess?.index, { kind: "results", top: guess?.top, merges: read.merges });
  const mapping = autoMapping("results", table.headers);
  return {
    guess,
    table,
    mapping,
    next: nextAfterHeader("results", table, mapping, guess?.sure ?? false),
    built: buildRows("results", table, mapping),
  };
}

const TITLE = "كشف درجات الصف الثالث الإعدادي - الفصل الدراسي الأول";

describe("a two-row header with merged cells", () => {
  const sheet: OoxmlSheet = {
    rows: [
      [TITLE, null, null, null, null, null, null, null, null],
      ["م", "رقم الطالب", "اسم الطالب", "الدرجات", null, null, null, "المجموع", "النسبة"],
      [null, null, null, "الرياضيات", "العلوم", "اللغة الإنجليزية", "التاريخ", null, null],
      [1, "31001310119461", "أحمد محمد", 45, "غ", 30, 40, 115, "76.7%"],
      [2, "31001310119462", "منى سامي", 50, 48.5, 49, 50, 197.5, "98.8%"],
    ],
    merges: ["A1:I1", "A2:A3", "B2:B3", "C2:C3", "D2:G2", "H2:H3", "I2:I3"],
  };

  it("reads the two rows as one header per column and goes straight to the preview", () => {
    const { guess, table, mapping, next, built } = dialogOf(sheet);
    expect(guess).toMatchObject({ index: 2, sure: true });
    expect(table.headers).toEqual([
      "م",
      "رقم الطالب",
      "اسم الطالب",
      "الرياضيات",
      "العلوم",
      "اللغة الإنجليزية",
      "التاريخ",
      "المجموع",
      "النسبة",
    ]);
    expect(mapping).toEqual([
      "ignore",
      "student_id",
      "ignore",
      "score:Mathematics",
      "score:Science",
      "score:English",
      "score:History",
      "ignore",
      "ignore",
    ]);
    expect(next).toBe("preview");
    expect(built.lines).toEqual([4, 5]);
    expect(built.rows[0]).toEqual({
      student_id: "31001310119461",
      subject_scores: [
        { subject_name: "Mathematics", score: "45" },
        { subject_name: "Science", score: "غ" },
        { subject_name: "English", score: "30" },
        { subject_name: "History", score: "40" },
      ],
    });
  });

  it("reads a subject over its marks and its max (الدرجة | العظمى)", () => {
    const { guess, mapping, next, built } = dialogOf({
      rows: [
        ["رقم الطالب", "الرياضيات", null, "العلوم", null, "Total"],
        [null, "الدرجة", "العظمى", "الدرجة", "النهاية العظمى", null],
        ["31001310119461", 45, 50, 18, 20, 63],
      ],
      merges: ["A1:A2", "B1:C1", "D1:E1", "F1:F2"],
    });
    expect(guess).toMatchObject({ index: 1, top: 0, sure: true });
    expect(mapping).toEqual([
      "student_id",
      "score:Mathematics",
      "max:Mathematics",
      "score:Science",
      "max:Science",
      "ignore",
    ]);
    expect(next).toBe("preview");
    expect(built.rows[0]!.subject_scores).toEqual([
      { subject_name: "Mathematics", score: "45", max_score: "50" },
      { subject_name: "Science", score: "18", max_score: "20" },
    ]);
  });

  it("without merge records (the cells over the lower row left empty) reads the same", () => {
    const { guess, mapping, next } = dialogOf({ rows: sheet.rows.slice(1) });
    expect(guess).toMatchObject({ index: 1, top: 0, sure: true });
    expect(mapping.slice(0, 4)).toEqual(["ignore", "student_id", "ignore", "score:Mathematics"]);
    expect(next).toBe("preview");
  });

  it("keeps a single header row single (a group row above names nothing more)", () => {
    const { guess } = dialogOf({
      rows: [
        ["بيانات الطالب", null, "الدرجات", null],
        ["رقم الطالب", "الاسم", "الرياضيات", "العلوم"],
        ["31001310119461", "أحمد", 40, 30],
      ],
      merges: ["A1:B1", "C1:D1"],
    });
    expect(guess).toEqual({ index: 1, sure: true });
  });
});

describe("total, percentage and serial columns", () => {
  it.each([
    "المجموع",
    "Total",
    "المجموع الكلي",
    "النسبة",
    "النسبة المئوية",
    "Percentage",
    "%",
    "م",
    "مسلسل",
    "No.",
    "التقدير",
  ])("%s is known and ignored in a results sheet", (header) => expect(matchHeader("results", header)).toBe("ignore"));
  it("a subject's own total stays its max", () => {
    expect(matchHeader("results", "Mathematics total")).toBe("max:Mathematics");
    expect(matchHeader("results", "الرياضيات العظمى")).toBe("max:Mathematics");
  });
});
