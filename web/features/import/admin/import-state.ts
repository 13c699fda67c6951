/**
 * The Import dialog's state machine (docs/product.md#bulk-import) as a pure reducer, so its steps can be tested
 * without React: file → (sheet and header row, column matching) map → preview → done. The hook (use-import.ts) runs
 * the reads and requests and reports each outcome here; what a step shows is derived from this state alone.
 */
import type { ImportKind } from "@worker/contracts/import";
import type { FileProblem } from "./file-checks";
import type { ImportAnswer, ImportOptions } from "./import-api";
import {
  missingColumns,
  type BuiltRows,
  type Cell,
  type HeaderGuess,
  type MergedRange,
  type SheetTable,
} from "./sheet-rows";

export type Step = "file" | "map" | "preview" | "done";
export type Busy = null | "parsing" | "validating" | "saving";

export interface ImportState {
  step: Step;
  busy: Busy;
  problem: FileProblem | "no_rows" | null;
  /** The cells a "formulas" problem names. */
  problemCells: readonly string[];
  /** The last request's failure (shown by its reason). */
  failure: unknown;
  file: File | null;
  sheets: string[];
  sheet: string;
  cells: Cell[][];
  /** The sheet's merged ranges (header cells merged down or across). */
  merges: MergedRange[];
  /** Index into `cells` of the header row (and of a two-row header's upper row), and whether the guess was sure. */
  header: HeaderGuess | null;
  table: SheetTable | null;
  /** Per column of `table`, the field it fills ("" ignores it). */
  mapping: string[];
  options: Required<ImportOptions>;
  built: BuiltRows | null;
  answer: ImportAnswer | null;
}

export type ImportAction =
  | { type: "reset" }
  | { type: "open"; file: File }
  | { type: "read"; sheets: string[]; sheet: string; cells: Cell[][]; merges: MergedRange[] }
  | { type: "parseEnded" }
  | { type: "refused"; problem: FileProblem; cells: readonly string[]; sheets: readonly string[]; sheet: string }
  | { type: "header"; header: HeaderGuess; table: SheetTable; mapping: string[]; next: Next }
  | { type: "noRows" }
  | { type: "validating" }
  | { type: "previewed"; built: BuiltRows; answer: ImportAnswer }
  | { type: "saving" }
  | { type: "committed"; answer: ImportAnswer }
  | { type: "failed"; failure: unknown }
  | { type: "idle" }
  | { type: "mapping"; mapping: string[] }
  | { type: "options"; options: Required<ImportOptions> };

/** What follows a header row: a sheet without data rows, columns to match by hand, or straight to the preview. */
export type Next = "no_rows" | "map" | "preview";

export const initialImportState: ImportState = {
  step: "file",
  busy: null,
  problem: null,
  problemCells: [],
  failure: null,
  file: null,
  sheets: [],
  sheet: "",
  cells: [],
  merges: [],
  header: null,
  table: null,
  mapping: [],
  options: { academic_year_name: "", semester: "S1" },
  built: null,
  answer: null,
};

/** Straight to the preview only when the guess was sure and every column was recognised. */
export function nextAfterHeader(kind: ImportKind, table: SheetTable, mapping: readonly string[], sure: boolean): Next {
  if (!table.rows.length) return "no_rows";
  return !sure || missingColumns(kind, mapping).length || mapping.some((x) => x === "") ? "map" : "preview";
}

/**
 * Back to the first step. The chosen sheet's name, the matching, the term and a running request's progress stay:
 * they are replaced when the next file is read.
 */
function reset(s: ImportState): ImportState {
  return {
    ...s,
    step: "file",
    problem: null,
    problemCells: [],
    failure: null,
    file: null,
    sheets: [],
    cells: [],
    merges: [],
    header: null,
    table: null,
    answer: null,
    built: null,
  };
}

export function importReducer(s: ImportState, a: ImportAction): ImportState {
  switch (a.type) {
    case "reset":
      return reset(s);
    case "open":
      return { ...reset(s), file: a.file, busy: "parsing" };
    case "read":
      return { ...s, sheets: a.sheets, sheet: a.sheet, cells: a.cells, merges: a.merges };
    case "parseEnded":
      return s.busy === "parsing" ? { ...s, busy: null } : s;
    case "refused":
      // A refused sheet of a workbook: the chooser stays, to read another.
      return {
        ...s,
        problem: a.problem,
        problemCells: a.cells,
        ...(a.sheets.length ? { sheets: [...a.sheets], sheet: a.sheet } : {}),
      };
    case "header":
      return {
        ...s,
        problem: a.next === "no_rows" ? "no_rows" : null,
        header: a.header,
        table: a.table,
        mapping: a.mapping,
        step: a.next === "preview" ? s.step : "map",
      };
    case "noRows":
      return { ...s, problem: "no_rows" };
    case "validating":
      return { ...s, busy: "validating", failure: null };
    case "previewed":
      return { ...s, built: a.built, answer: a.answer, step: "preview" };
    case "saving":
      return { ...s, busy: "saving", failure: null };
    case "committed":
      return { ...s, answer: a.answer, step: a.answer.summary.errors === 0 ? "done" : s.step };
    case "failed":
      return { ...s, failure: a.failure };
    case "idle":
      return { ...s, busy: null };
    case "mapping":
      return { ...s, mapping: a.mapping };
    case "options":
      return { ...s, options: a.options };
  }
}
