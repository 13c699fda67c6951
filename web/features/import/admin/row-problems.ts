/**
 * What the import preview and its error file say about each row (docs/product.md#bulk-import): every error placed
 * in the sheet's own column, by its header text and letter ("الاسم (العمود B)"; a column without a header by its
 * letter alone; an error of no column by the field's name in the admin's language), a duplicate named by the sheet
 * line of its first copy (the number the preview's Row column shows, not the API's row index), and the error file:
 * every row of the sheet, in order, with an Error column that is empty for the good ones. Pure: unit-tested.
 */
import type { TFunction } from "i18next";
import { isReason, type Reason, type ReasonParams } from "@worker/reasons";
import type { ImportAnswer } from "./import-api";
import { isErrorHeader } from "./columns";
import { columnOfField, type BuiltRows, type SheetTable } from "./sheet-rows";

export interface Problem {
  /** The file's column: header and letter (or the field's name, or "Row", when no column holds it). */
  where: string;
  /** The reason in the admin's language. */
  text: string;
}

/** The words of the admin's language that problems need. */
export interface ProblemWords {
  reasonText: (reason: Reason, params?: ReasonParams) => string;
  /** i18next's `t`: importing.column, importing.wholeRow, errors.fields.<field>. */
  t: TFunction;
}

/** The spreadsheet letter of a 0-based column: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Where an error of `field` is: the sheet's column (header and letter), else the field's name, else "Row". */
function whereOf(field: string, column: number | undefined, table: SheetTable, w: ProblemWords): string {
  if (column !== undefined) {
    const letter = w.t("importing.column", { letter: columnLetter(column) });
    const header = table.headers[column]?.trim();
    return header ? `${header} (${letter})` : letter;
  }
  const top = field.split(".")[0] ?? "";
  const named = top ? w.t(`errors.fields.${top}`, { defaultValue: "" }) : "";
  return named || w.t("importing.wholeRow");
}

/** Each answer row's problems (see the module's doc). */
export function rowProblems(answer: ImportAnswer, built: BuiltRows, table: SheetTable, w: ProblemWords): Problem[][] {
  return answer.rows.map((r, i) =>
    r.errors.map((e) => {
      const where = whereOf(e.field, columnOfField(built.fieldColumns[i] ?? {}, e.field), table, w);
      if (!isReason(e.code)) return { where, text: e.message };
      const params = { ...(e.params ?? {}) } as ReasonParams;
      // The API counts rows of its body (1-based); the admin sees sheet lines.
      if (e.code === "IMPORT_DUPLICATE_ROW" && typeof params.row === "number")
        params.row = built.lines[params.row - 1] ?? params.row;
      return { where, text: w.reasonText(e.code, params) };
    }),
  );
}

/**
 * The error file: the header row plus an Error column, then every row of the sheet in order (the template's
 * example and a results max-score row included, so the file imports again as it is) with its problems, or an empty
 * Error cell for a good row. Nothing is left out, so fixing and uploading it imports every row. An uploaded error
 * file's own Error column is replaced, not repeated (one "Error" column, never "Error | Error").
 */
export function errorSheetRows(
  table: SheetTable,
  built: BuiltRows,
  problems: Problem[][],
  errorHeader: string,
): unknown[][] {
  const textOf = new Map<number, string>();
  built.sources.forEach((source, i) => {
    const list = problems[i] ?? [];
    if (list.length) textOf.set(source, list.map((p) => `${p.where}: ${p.text}`).join("\n"));
  });
  const width = Math.max(table.headers.length, ...table.rows.map((r) => r.length));
  const kept = Array.from({ length: width }, (_, i) => i).filter((i) => !isErrorHeader(table.headers[i]));
  const padded = (cells: readonly unknown[]) => kept.map((i) => cells[i] ?? null);
  return [
    [...padded(table.headers).map((h) => h ?? ""), errorHeader],
    ...table.rows.map((cells, r) => [...padded(cells), textOf.get(r) ?? ""]),
  ];
}
