/**
 * Import files as other programs save them (docs/product.md#header-row, #bulk-import): built by openpyxl, xlsxwriter
 * and odfpy (test/fixtures/import/make_fixtures.py), read by SheetJS as the Import dialog reads them: a title row
 * or a two-row header above the real header, an empty first sheet, formulas never calculated, Arabic grade names,
 * an OpenDocument .ods and Excel's "Unicode text" .txt, which the file picker offers.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCEPT, ImportFileError } from "~/features/import/admin/file-checks";
import { readSheet, readUpload } from "~/features/import/admin/spreadsheet";
import {
  autoMapping,
  buildRows,
  findHeaderRow,
  missingColumns,
  tableFromCells,
} from "~/features/import/admin/sheet-rows";
import { importRowSchemas } from "@worker/contracts/import";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url)));

/** The dialog's path: read, guess the header row, map, build the API rows. */
function rowsOf(name: string) {
  const read = readSheet(fixture(name), name, undefined, "students");
  const guess = findHeaderRow("students", read.cells);
  const table = tableFromCells(read.cells, guess?.index);
  const mapping = autoMapping("students", table.headers);
  return { read, guess, table, mapping, built: buildRows("students", table, mapping) };
}

describe("the header row", () => {
  it("is found under a title row (openpyxl, merged title, header on line 3)", () => {
    const { guess, table, mapping, built } = rowsOf("title-row.xlsx");
    expect(guess).toEqual({ index: 2, sure: true });
    expect(missingColumns("students", mapping)).toEqual([]);
    expect(mapping).not.toContain("");
    expect(built.lines).toEqual([4, 5]);
    expect(table.rows).toHaveLength(2);
  });

  it("is found under a merged group header (two-row header)", () => {
    const { guess, built } = rowsOf("group-header.xlsx");
    expect(guess).toEqual({ index: 1, sure: true });
    expect(built.lines).toEqual([3, 4]);
    expect(built.rows[0]).toMatchObject({ student_no: "31001310119461", building_no: "1" });
  });

  it("is unsure when a required column is missing, and absent from a sheet without headers", () => {
    expect(
      findHeaderRow("students", [
        ["ID", "Name"],
        ["1", "a"],
      ]),
    ).toEqual({ index: 0, sure: false });
    expect(findHeaderRow("students", [["كشف درجات"], ["a", "b"]])).toBeNull();
  });
});

describe("sheets", () => {
  it("skip an empty first sheet (as openpyxl saves it) and one holding only a note", () => {
    for (const name of ["empty-first-sheet.xlsx", "note-first-sheet.xlsx"]) {
      const { read, built } = rowsOf(name);
      expect(read.sheets).toHaveLength(2);
      expect(read.sheet).toBe(read.sheets[1]);
      expect(built.rows).toHaveLength(2);
    }
  });

  it("still read the sheet the admin chooses", () => {
    const read = readSheet(fixture("note-first-sheet.xlsx"), "x.xlsx", "Sheet", "students");
    expect(read.sheet).toBe("Sheet");
  });
});

describe("formulas never calculated", () => {
  it.each(["formulas-xlsxwriter.xlsx", "formulas-openpyxl.xlsx"])("are refused, naming the cells (%s)", (name) => {
    let err: unknown;
    try {
      readSheet(fixture(name), name, undefined, "students");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ImportFileError);
    expect((err as ImportFileError).problem).toBe("formulas");
    expect((err as ImportFileError).cells).toEqual(["E2", "E3"]);
    // The sheets stay known, so the dialog can still offer another sheet.
    expect((err as ImportFileError).sheets).toHaveLength(1);
    expect((err as ImportFileError).sheet).toBe((err as ImportFileError).sheets[0]);
  });
});

describe("Arabic grade names", () => {
  it("in a sheet's grade column pass the students schema", () => {
    const { built } = rowsOf("title-row.xlsx");
    const grades = built.rows.map((r) => importRowSchemas.students.parse(r).current_grade);
    expect(grades).toEqual(["Prep-1", "Prep-1"]);
  });
});

describe("IDs in numeric cells", () => {
  it("go to the server as numbers, so a passport that lost its leading zeros is refused there", () => {
    const { built } = rowsOf("numeric-passport.xlsx");
    expect(built.rows.map((r) => r.student_no)).toEqual([457812, "31001310119463"]);
  });
});

describe("OpenDocument and Unicode text", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are offered by the file picker, by extension and by type", () => {
    const offered = ACCEPT.split(",");
    for (const x of [".ods", ".txt", "application/vnd.oasis.opendocument.spreadsheet", "text/plain"])
      expect(offered).toContain(x);
  });

  it.each([
    ["students.ods", ["ملاحظات", "الطلاب"], "الطلاب"],
    ["students-unicode.txt", ["Sheet1"], "Sheet1"],
  ])("%s reads as the same students, without a word on the console", async (name, sheets, sheet) => {
    const logged = (["error", "warn", "log"] as const).map((m) => vi.spyOn(console, m).mockImplementation(() => {}));
    const read = await readUpload(fixture(name), name, undefined, undefined, "students");
    expect(read.sheets).toEqual(sheets);
    expect(read.sheet).toBe(sheet);
    // LibreOffice's empty columns and rows up to the sheet's end are not rows.
    expect(read.cells).toHaveLength(3);
    const { built } = rowsOf(name);
    expect(built.rows.map((r) => r.student_no)).toEqual(["31001310119461", "31001310119462"]);
    expect(built.rows[1]).toMatchObject({ full_name: "منى سامي حسن", building_no: "2" });
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });
});
