/**
 * From a sheet's cells to the import API's rows (docs/product.md#bulk-import): the header row (header-row.ts: found
 * under a title or group titles, two rows read as one), the mapping of file columns to fields (auto-matched by Arabic
 * or English name), each cell as the text a person sees (cell-text.ts), labels the exports write (ذكر / Male, نشط / Active) as the API's values, and for results the wide sheet's subject
 * columns with their max scores (a max column, or a "max" row under the headers; else 100). Pure: unit-tested.
 */
import type { ImportKind } from "@worker/contracts/import";
import { COLUMNS, foldHeader, matchHeader, templateColumns } from "./columns";
import { guardianCellValue } from "./guardian-columns";
import { cellText, type Cell, type SheetTable } from "./cell-text";

export { cellText, excelSerialToIso, type Cell, type SheetTable } from "./cell-text";
export {
  findHeaderRow,
  headerChoices,
  tableFromCells,
  type HeaderGuess,
  type HeaderReading,
  type MergedRange,
} from "./header-row";

/** The target of each file column ("" = not matched, "ignore" = read but not sent); a target is used once. */
export function autoMapping(kind: ImportKind, headers: readonly string[]): string[] {
  const used = new Set<string>();
  return headers.map((h) => {
    const target = h ? matchHeader(kind, h) : "";
    if (!target || (target !== "ignore" && used.has(target))) return "";
    used.add(target);
    return target;
  });
}

/** Required fields that no column is mapped to. */
export function missingColumns(kind: ImportKind, mapping: readonly string[]): string[] {
  return COLUMNS[kind].filter((c) => c.required && !mapping.includes(c.target)).map((c) => c.target);
}

const MALE = new Set(["male", "m", "ذكر", "ولد"].map(foldHeader));
const FEMALE = new Set(["female", "f", "انثى", "أنثى", "بنت"].map(foldHeader));
const YES = new Set(["active", "true", "yes", "1", "نشط", "فعال", "نعم"].map(foldHeader));
const NO = new Set(["inactive", "false", "no", "0", "غيرنشط", "غير فعال", "لا", "موقوف"].map(foldHeader));

const S1 = new Set(["s1", "1", "first", "term 1", "الأول", "الفصل الأول", "الترم الأول"].map(foldHeader));
const S2 = new Set(["s2", "2", "second", "term 2", "الثاني", "الفصل الثاني", "الترم الثاني"].map(foldHeader));

/**
 * A cell for `field` in the API's terms: gender, status and semester labels → male/female, true/false, S1/S2; a
 * guardian's relation, language and consent labels → father/mother/guardian, ar/en, true/false.
 */
function fieldValue(field: string, text: string): unknown {
  if (field === "gender") {
    const f = foldHeader(text);
    return MALE.has(f) ? "male" : FEMALE.has(f) ? "female" : text;
  }
  if (field === "semester") {
    const f = foldHeader(text);
    return S1.has(f) ? "S1" : S2.has(f) ? "S2" : text;
  }
  if (field === "is_active") {
    const f = foldHeader(text);
    return YES.has(f) ? true : NO.has(f) ? false : text;
  }
  return guardianCellValue(field, text);
}

export interface BuiltRows {
  /** Rows for the API, in order. */
  rows: Record<string, unknown>[];
  /** The sheet line of each row (what the preview and the error sheet show). */
  lines: number[];
  /** The index into `table.rows` of each row (the error sheet copies the original cells). */
  sources: number[];
  /** Per row: which file column an API field path came from (results: `subject_scores.N` → that subject's column). */
  fieldColumns: Array<Record<string, number>>;
  /** Rows left out: the template's example row, and the max-score row of a results sheet. */
  skipped: number;
}

/** A max-score row's label, folded like headers (ى → ي, ة → ه). */
const MAX_ROW_LABEL = /max|total|عظمي|الدرجهالكليه/i;

/** Whether a row is the template's own example (`example`: target → example text), left in by mistake. */
function isExampleRow(example: ReadonlyMap<string, string>, row: readonly Cell[], mapping: readonly string[]): boolean {
  let compared = 0;
  for (let i = 0; i < mapping.length; i++) {
    const ex = example.get(mapping[i]!);
    const text = cellText(row[i]);
    if (ex === undefined || ex === "" || text === "") continue;
    if (text !== ex) return false;
    compared++;
  }
  return compared >= 2;
}

/** A whole number of fewer than 14 digits: an ID cell that may have lost its leading zeros. */
const isShortNumber = (v: Cell): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0 && v < 1e13;

/** The API rows of `table` under `mapping` (see BuiltRows). */
export function buildRows(kind: ImportKind, table: SheetTable, mapping: readonly string[]): BuiltRows {
  const out: BuiltRows = { rows: [], lines: [], sources: [], fieldColumns: [], skipped: 0 };
  const idField = kind === "students" ? "student_no" : kind === "teachers" ? "full_name" : "student_id";
  const idColumn = mapping.indexOf(idField);
  const maxOf = new Map<string, string>();
  // Built once for the file, not per row (5,000 rows on the main thread).
  const example = new Map(templateColumns(kind).map((c) => [c.target, cellText(String(c.example))]));
  table.rows.forEach((cells, r) => {
    if (isExampleRow(example, cells, mapping)) {
      out.skipped++;
      return;
    }
    if (
      kind === "results" &&
      idColumn >= 0 &&
      cellText(cells[idColumn]) === "" &&
      cells.some((c) => MAX_ROW_LABEL.test(foldHeader(cellText(c))))
    ) {
      mapping.forEach((t, i) => {
        if (t.startsWith("score:") && cellText(cells[i])) maxOf.set(t.slice(6), cellText(cells[i]));
      });
      out.skipped++;
      return;
    }
    const row: Record<string, unknown> = {};
    const columns: Record<string, number> = {};
    const scores: Array<{ subject_name: string; score: string; max_score?: string }> = [];
    const maxHere = new Map<string, string>();
    mapping.forEach((target, i) => {
      if (!target || target === "ignore") return;
      const text = cellText(cells[i]);
      if (target.startsWith("max:")) {
        if (text) maxHere.set(target.slice(4), text);
        return;
      }
      if (target.startsWith("score:")) {
        if (!text) return;
        columns[`subject_scores.${scores.length}`] = i;
        scores.push({ subject_name: target.slice(6), score: text });
        return;
      }
      columns[target] = i;
      // A numeric ID cell shorter than a national ID goes as a number: the server refuses it (leading zeros lost).
      if (target === idField && isShortNumber(cells[i])) row[target] = cells[i];
      else if (text !== "") row[target] = fieldValue(target, text);
    });
    if (kind === "results") {
      row.subject_scores = scores.map((s) => {
        const max = maxHere.get(s.subject_name) ?? maxOf.get(s.subject_name);
        return max ? { ...s, max_score: max } : s;
      });
    }
    out.rows.push(row);
    out.lines.push(table.lines[r]!);
    out.sources.push(r);
    out.fieldColumns.push(columns);
  });
  return out;
}

/** The file column an error's field came from (`subject_scores.2.score` → the column of that row's third subject). */
export function columnOfField(fieldColumns: Record<string, number>, field: string): number | undefined {
  if (field in fieldColumns) return fieldColumns[field];
  const subject = /^subject_scores\.(\d+)/.exec(field);
  return subject ? fieldColumns[`subject_scores.${subject[1]}`] : undefined;
}
