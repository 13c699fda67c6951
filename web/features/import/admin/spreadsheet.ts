/**
 * Reading and writing spreadsheets for the bulk import with SheetJS (`@e965/xlsx`, ADR 0025). Only the Import dialog
 * (and its Web Worker) loads this module, so the library never reaches a page's first load. Formulas are not
 * evaluated: a cell's cached value is read, and a formula without one is refused. At most `MAX_IMPORT_ROWS` + 10 rows are read (header, max row, example).
 */
import { read, utils, write, type CellObject, type WorkBook, type WorkSheet } from "@e965/xlsx";
import { MAX_IMPORT_ROWS, type ImportKind } from "@worker/contracts/import";
import {
  checkInflatedSize,
  checkZipBounds,
  decodeCsv,
  ImportFileError,
  isZip,
  MAX_FILE_BYTES,
  MAX_UNZIPPED_BYTES,
} from "./file-checks";
import { cellText, findHeaderRow, type Cell, type MergedRange } from "./sheet-rows";

export interface ReadSheet {
  /** Every sheet's name; `sheet` is the one read. */
  sheets: string[];
  sheet: string;
  cells: Cell[][];
  /** The sheet's merged ranges (a header merged down or across holds its value in its first cell only). */
  merges: MergedRange[];
}

/**
 * An uploaded file's sheet, as `readSheet` reads it, after counting what an .xlsx really inflates to: the library
 * trusts the sizes the file declares and has no cap of its own, so a file lying about them is refused here as
 * too_large (more than `maxInflatedBytes`, MAX_UNZIPPED_BYTES unless a test asks for less) before the library
 * inflates anything. What the Import dialog calls.
 */
export async function readUpload(
  bytes: Uint8Array,
  fileName: string,
  sheet?: string,
  maxInflatedBytes = MAX_UNZIPPED_BYTES,
  kind?: ImportKind,
): Promise<ReadSheet> {
  if (bytes.length > MAX_FILE_BYTES) throw new ImportFileError("too_large");
  if (isZip(bytes)) {
    checkZipBounds(bytes);
    await checkInflatedSize(bytes, maxInflatedBytes);
  }
  return readSheet(bytes, fileName, sheet, kind);
}

/**
 * The cells of one sheet of `bytes` (named `fileName`; docs/product.md#bulk-import): the sheet called `sheet`, else
 * the first whose rows hold a header row of `kind` (sheets without one, such as an empty first sheet or one holding
 * a note, are skipped), else the first with any text. Checks the declared sizes of an .xlsx only: files from outside
 * go through `readUpload`. Throws ImportFileError: too_large (> 10 MB), zip_bomb, unreadable, empty,
 * too_many_rows, and formulas (cells whose value was never computed, named in `cells`).
 */
export function readSheet(bytes: Uint8Array, fileName: string, sheet?: string, kind?: ImportKind): ReadSheet {
  if (bytes.length > MAX_FILE_BYTES) throw new ImportFileError("too_large");
  if (bytes.length === 0) throw new ImportFileError("empty");
  const csv = /\.(csv|txt)$/i.test(fileName) && !isZip(bytes);
  if (isZip(bytes)) checkZipBounds(bytes);
  let book: WorkBook;
  try {
    const options = {
      cellDates: true,
      // Formulas are read to refuse those without a computed value (never evaluated here); stubs keep such cells.
      cellFormula: true,
      sheetStubs: true,
      cellHTML: false,
      cellStyles: false,
      sheetRows: MAX_IMPORT_ROWS + 10,
      dense: true,
    } as const;
    book = withoutFormatNotes(() =>
      csv
        ? read(decodeCsv(bytes), { ...options, type: "string", raw: true })
        : read(bytes, { ...options, type: "array" }),
    );
  } catch {
    throw new ImportFileError("unreadable");
  }
  const sheets = book.SheetNames;
  const cellsOf = new Map<string, Cell[][]>();
  const cells = (name: string) => {
    let c = cellsOf.get(name);
    if (!c) {
      const ws = book.Sheets[name];
      c = ws ? utils.sheet_to_json<Cell[]>(ws, { header: 1, raw: true, defval: null, blankrows: true }) : [];
      cellsOf.set(name, c);
    }
    return c;
  };
  const mergesOf = (name: string) => (book.Sheets[name]?.["!merges"] ?? []) as MergedRange[];
  const hasText = (name: string) => cells(name).some((r) => r.some((c) => cellText(c) !== ""));
  const chosen =
    sheet && sheets.includes(sheet)
      ? sheet
      : ((kind && sheets.find((n) => findHeaderRow(kind, cells(n), mergesOf(n)) !== null)) ??
        sheets.find(hasText) ??
        sheets[0]);
  if (!chosen) throw new ImportFileError("empty");
  const ws = book.Sheets[chosen]!;
  const uncomputed = uncomputedFormulas(ws, book);
  if (uncomputed.length) throw new ImportFileError("formulas", uncomputed, sheets, chosen);
  // A sheet's declared range can be larger than what was read: more rows than allowed means sheetRows cut it.
  const declared = ws["!fullref"] ? utils.decode_range(ws["!fullref"] as string).e.r + 1 : cells(chosen).length;
  if (declared > MAX_IMPORT_ROWS + 10) throw new ImportFileError("too_many_rows");
  const merges = ((ws["!merges"] ?? []) as MergedRange[]).map(({ s, e }) => ({
    s: { r: s.r, c: s.c },
    e: { r: e.r, c: e.c },
  }));
  return { sheets, sheet: chosen, cells: cells(chosen), merges };
}

/**
 * What the library says on the console about a number format it cannot translate to Excel's: LibreOffice writes a
 * format of several parts (`0;-0;"-"`) as conditions other than `value()>=0`, and formats of weeks or quarters.
 * The import reads values, never formats, so these notes concern nothing it uses.
 */
const FORMAT_NOTE =
  /^(ODS number format may be incorrect|Excel does not support ODS format token|unrecognized character .* in ODF format)/;

/** `parse()` (synchronous) with the library's FORMAT_NOTE messages kept off the console; any other still shows. */
function withoutFormatNotes<T>(parse: () => T): T {
  const error = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] !== "string" || !FORMAT_NOTE.test(args[0])) error.apply(console, args);
  };
  try {
    return parse();
  } finally {
    console.error = error;
  }
}

/**
 * The addresses (at most 5, "E2") of formula cells whose value was never computed: no cached value (openpyxl), or
 * a workbook that asks to be recalculated when opened, whose stored values are placeholders (xlsxwriter writes 0).
 * Such a value would be read as 0 or empty: the admin opens and saves the file in a spreadsheet program first.
 */
function uncomputedFormulas(ws: WorkSheet, book: WorkBook): string[] {
  const calc = (book.Workbook as { CalcPr?: { fullCalcOnLoad?: string } } | undefined)?.CalcPr;
  const recalc = calc?.fullCalcOnLoad === "1" || calc?.fullCalcOnLoad === "true";
  const out: string[] = [];
  const rows = (ws["!data"] ?? []) as Array<Array<CellObject | undefined> | undefined>;
  rows.forEach((row, r) => {
    row?.forEach((cell, c) => {
      if (cell?.f && (recalc || cell.t === "z" || cell.v === undefined) && out.length < 5)
        out.push(utils.encode_cell({ r, c }));
    });
  });
  return out;
}

/** Downloads `rows` (first row = headers) as `name`.xlsx or `name`.csv (UTF-8 with BOM, like the CSV exports). */
export function downloadSheet(
  rows: readonly (readonly unknown[])[],
  name: string,
  format: "xlsx" | "csv",
  rtl: boolean,
): void {
  const ws = utils.aoa_to_sheet(rows as unknown[][]);
  // IDs stay text: a 14-digit number would become 3.10013E+13 in Excel.
  ws["!cols"] = (rows[0] ?? []).map(() => ({ wch: 22 }));
  const book = utils.book_new();
  if (rtl) book.Workbook = { Views: [{ RTL: true }] };
  utils.book_append_sheet(book, ws, "Sheet1");
  const data: ArrayBuffer | string =
    format === "xlsx"
      ? (write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer)
      : `\uFEFF${utils.sheet_to_csv(ws, { forceQuotes: true, blankrows: false })}`;
  const blob = new Blob([data], {
    type:
      format === "xlsx"
        ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        : "text/csv;charset=utf-8",
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `${name}.${format}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
