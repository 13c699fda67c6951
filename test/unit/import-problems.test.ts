/**
 * What the import preview and its error file say (docs/product.md#bulk-import): errors named by the sheet's own
 * column (header and letter) in the admin's language, duplicates by the sheet line of their first copy (with a
 * title row above the header, and in a results file with a max-score row), and an error file that carries every
 * row, so fixing it and uploading it again loses none.
 */
import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n";
import ar from "~/i18n/ar";
import en from "~/i18n/en";
import { reasonText } from "~/lib/reason-text";
import type { Reason, ReasonParams } from "@worker/reasons";
import { autoMapping, buildRows, findHeaderRow, tableFromCells, type Cell } from "~/features/import/admin/sheet-rows";
import { columnLetter, errorSheetRows, rowProblems, type ProblemWords } from "~/features/import/admin/row-problems";
import type { ImportAnswer } from "~/features/import/admin/import-api";

function words(lang: "ar" | "en"): ProblemWords {
  const { t } = createI18n(lang, lang === "ar" ? ar : en);
  return {
    t,
    reasonText: (r: Reason, p?: ReasonParams) => reasonText(t, lang, r, p),
  };
}

type Row = ImportAnswer["rows"][number];
const answerOf = (rows: Row[]): ImportAnswer => ({
  dry_run: true,
  summary: {
    total: rows.length,
    create: 0,
    update: 0,
    unchanged: 0,
    errors: rows.filter((r) => r.errors.length).length,
  },
  rows,
});
const ok = (row: number): Row => ({ row, action: "create", key: "", errors: [] });

describe("error locations", () => {
  const cells: Cell[][] = [
    ["كشف الطلاب"],
    [],
    ["ID", "Name", "Nationality", "Grade", "Building", ""],
    ["31001310119461", "A", "مصري", "Grade 9", "1", "x"],
  ];
  const table = tableFromCells(cells, findHeaderRow("students", cells)!.index);
  const mapping = autoMapping("students", table.headers);
  mapping[5] = "current_grade";
  mapping[3] = "";
  const built = buildRows("students", table, mapping);
  const answer = answerOf([
    {
      row: 1,
      action: "error",
      key: "",
      errors: [
        { field: "current_grade", code: "GRADE_UNKNOWN", message: "Unknown grade" },
        { field: "building_no", code: "BUILDING_RANGE", message: "…" },
      ],
    },
  ]);

  it("name the sheet's column, header and letter, in the admin's language", () => {
    expect(rowProblems(answer, built, table, words("en"))[0]).toEqual([
      { where: "Column F", text: "Unknown grade" },
      { where: "Building (Column E)", text: "Building must be between 1 and 6" },
    ]);
    expect(rowProblems(answer, built, table, words("ar"))[0]![0]).toEqual({
      where: "العمود F",
      text: "الصف غير معروف",
    });
  });

  it("name a field of no column by its name, never the API path", () => {
    const a = answerOf([
      {
        row: 1,
        action: "error",
        key: "",
        errors: [{ field: "subject_scores", code: "RESULT_SUBJECTS_REQUIRED", message: "" }],
      },
    ]);
    const [p] = rowProblems(a, built, table, words("ar"))[0]!;
    expect(p!.where).toBe("المواد");
    expect(rowProblems(a, built, table, words("en"))[0]![0]!.where).toBe("Subjects");
  });

  it("letters columns past Z", () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(["A", "Z", "AA", "AB", "ZZ", "AAA"]);
  });
});

describe("duplicate rows", () => {
  it("name the sheet line of the first copy, under a title and in a results file with a max-score row", () => {
    const cells: Cell[][] = [
      ["نتائج الصف الأول"],
      ["Student ID", "Student Name", "Mathematics"],
      ["", "الدرجة العظمى / Max score", 50],
      ["31001310119461", "أ", 40],
      ["31001310119462", "ب", 41],
      ["31001310119461", "أ", 42],
    ];
    const table = tableFromCells(cells, findHeaderRow("results", cells)!.index);
    const built = buildRows("results", table, autoMapping("results", table.headers));
    expect(built.lines).toEqual([4, 5, 6]);
    const answer = answerOf([
      ok(1),
      ok(2),
      {
        row: 3,
        action: "error",
        key: "",
        errors: [{ field: "student_id", code: "IMPORT_DUPLICATE_ROW", message: "", params: { row: 1 } }],
      },
    ]);
    expect(rowProblems(answer, built, table, words("en"))[2]![0]!.text).toBe(
      "The same record is already in row 4 of this file",
    );
    expect(rowProblems(answer, built, table, words("ar"))[2]![0]!.text).toContain("٤");
  });
});

describe("the error file", () => {
  it("carries every row in order, the Error column empty for the good ones", () => {
    const cells: Cell[][] = [
      ["ID", "Name", "Nationality", "Grade", "Building"],
      ["31001310119461", "A", "مصري", "Prep-1", 1],
      ["31001310119462", "B", "مصري", "Grade 9", 1],
      ["31001310119463", "C", "مصري", "Prep-1", 1, "extra"],
    ];
    const table = tableFromCells(cells);
    const built = buildRows("students", table, autoMapping("students", table.headers));
    const answer = answerOf([
      ok(1),
      { row: 2, action: "error", key: "", errors: [{ field: "current_grade", code: "GRADE_UNKNOWN", message: "" }] },
      ok(3),
    ]);
    const problems = rowProblems(answer, built, table, words("en"));
    const sheet = errorSheetRows(table, built, problems, "Error");
    expect(sheet).toEqual([
      ["ID", "Name", "Nationality", "Grade", "Building", "", "Error"],
      ["31001310119461", "A", "مصري", "Prep-1", 1, null, ""],
      ["31001310119462", "B", "مصري", "Grade 9", 1, null, "Grade (Column D): Unknown grade"],
      ["31001310119463", "C", "مصري", "Prep-1", 1, "extra", ""],
    ]);
  });
});

describe("the error file of an error file", () => {
  it("replaces the uploaded Error column instead of adding a second one, in either language", () => {
    for (const [lang, header] of [
      ["en", "Error"],
      ["ar", "الخطأ / Error"],
    ] as const) {
      const cells: Cell[][] = [
        ["ID", "Name", "Nationality", "Grade", "Building", header],
        ["31001310119461", "A", "مصري", "Grade 9", "1", "Grade (Column D): Unknown grade"],
      ];
      const table = tableFromCells(cells);
      const built = buildRows("students", table, autoMapping("students", table.headers));
      const problems = rowProblems(answerOf([ok(1)]), built, table, words(lang));
      const sheet = errorSheetRows(table, built, problems, header);
      expect(sheet[0]).toEqual(["ID", "Name", "Nationality", "Grade", "Building", header]);
      expect(sheet[1]).toHaveLength(6);
    }
  });
});
