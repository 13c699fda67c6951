/**
 * The Import dialog's state machine (web/features/import/admin/import-state.ts; docs/product.md#bulk-import,
 * #header-row): a file read, refused or empty; the header row leading to matching or straight to the preview; the
 * dry run and the commit; and what going back to the first step keeps.
 */
import { describe, expect, it } from "vitest";
import type { ImportAnswer } from "~/features/import/admin/import-api";
import {
  importReducer,
  initialImportState,
  nextAfterHeader,
  type ImportAction,
  type ImportState,
} from "~/features/import/admin/import-state";
import { autoMapping, buildRows, tableFromCells, type Cell } from "~/features/import/admin/sheet-rows";

const run = (actions: ImportAction[], from: ImportState = initialImportState) => actions.reduce(importReducer, from);
const file = new File(["x"], "students.xlsx");
const HEAD: Cell[] = ["Student ID", "Student Name", "Nationality", "Grade", "Building", "Gender", "Status"];
const ROW: Cell[] = ["30101011234567", "أحمد محمد", "مصري", "Prep-1", 1, "ذكر", "نشط"];
const answer = (errors: number): ImportAnswer =>
  ({ summary: { total: 1, create: 1, update: 0, unchanged: 0, errors }, rows: [] }) as unknown as ImportAnswer;

describe("after the header row", () => {
  const table = tableFromCells([HEAD, ROW], 0);
  const mapping = autoMapping("students", table.headers);

  it("goes straight to the preview when the guess was sure and every column is matched", () => {
    expect(mapping.every((m) => m !== "")).toBe(true);
    expect(nextAfterHeader("students", table, mapping, true)).toBe("preview");
  });

  it("asks for the matching when the guess was unsure, a column is unmatched or a required field has none", () => {
    expect(nextAfterHeader("students", table, mapping, false)).toBe("map");
    expect(nextAfterHeader("students", table, [...mapping.slice(0, -1), ""], true)).toBe("map");
    expect(
      nextAfterHeader(
        "students",
        table,
        mapping.map((m) => (m === "student_no" ? "" : m)),
        true,
      ),
    ).toBe("map");
  });

  it("says so when the sheet has no row under its header", () => {
    expect(nextAfterHeader("students", tableFromCells([HEAD], 0), mapping, true)).toBe("no_rows");
  });
});

describe("reading a file", () => {
  it("marks the read as running and forgets the previous file's state", () => {
    const before = { ...initialImportState, step: "preview" as const, problem: "empty" as const, answer: answer(0) };
    const s = run([{ type: "open", file }], before);
    expect(s).toMatchObject({ step: "file", busy: "parsing", file, problem: null, answer: null, table: null });
  });

  it("ends the read's progress only, never a request's", () => {
    expect(run([{ type: "open", file }, { type: "parseEnded" }]).busy).toBeNull();
    expect(run([{ type: "validating" }, { type: "parseEnded" }]).busy).toBe("validating");
  });

  it("keeps a workbook's sheets when one sheet is refused, so another can be read", () => {
    const refused = (sheets: string[]): ImportAction => ({
      type: "refused",
      problem: "formulas",
      cells: ["E2"],
      sheets,
      sheet: "Data",
    });
    const s = run([{ type: "open", file }, refused(["Cover", "Data"])]);
    expect(s).toMatchObject({ problem: "formulas", problemCells: ["E2"], sheets: ["Cover", "Data"], sheet: "Data" });
    expect(run([{ type: "open", file }, refused([])]).sheets).toEqual([]);
  });

  it("moves to the matching step, or stays for the preview that follows", () => {
    const table = tableFromCells([HEAD, ROW], 0);
    const header = (next: "map" | "preview" | "no_rows"): ImportAction => ({
      type: "header",
      header: { index: 0, sure: true },
      table,
      mapping: ["student_no"],
      next,
    });
    expect(run([header("map")])).toMatchObject({ step: "map", problem: null, table, mapping: ["student_no"] });
    expect(run([header("preview")]).step).toBe("file");
    expect(run([header("no_rows")])).toMatchObject({ step: "map", problem: "no_rows" });
  });
});

describe("the dry run and the commit", () => {
  const table = tableFromCells([HEAD, ROW], 0);
  const built = buildRows("students", table, autoMapping("students", table.headers));
  const previewed = run([{ type: "validating" }, { type: "previewed", built, answer: answer(0) }, { type: "idle" }]);

  it("shows the preview with the rows sent", () => {
    expect(previewed).toMatchObject({ step: "preview", busy: null, built, failure: null });
  });

  it("finishes only when no row has an error; a failure is kept until the next request", () => {
    expect(run([{ type: "saving" }, { type: "committed", answer: answer(0) }], previewed).step).toBe("done");
    expect(run([{ type: "saving" }, { type: "committed", answer: answer(2) }], previewed).step).toBe("preview");
    const failed = run([{ type: "saving" }, { type: "failed", failure: "network" }, { type: "idle" }], previewed);
    expect(failed).toMatchObject({ step: "preview", busy: null, failure: "network" });
    expect(run([{ type: "saving" }], failed).failure).toBeNull();
  });

  it("goes back to the first step keeping the sheet's name, the matching and the term", () => {
    const options = { academic_year_name: "2026-2027", semester: "S2" } as const;
    const s = run([{ type: "mapping", mapping: ["student_no"] }, { type: "options", options }, { type: "reset" }], {
      ...previewed,
      sheet: "Data",
    });
    expect(s).toMatchObject({
      step: "file",
      answer: null,
      built: null,
      sheet: "Data",
      mapping: ["student_no"],
      options,
    });
  });
});
