/**
 * The header row of an import sheet (docs/product.md#header-row): found under a title, notes or group titles, a
 * merged header cell read in each of its columns, and a two-row header (group titles and cells merged down) read
 * as one header per column. Pure: unit-tested.
 */
import type { ImportKind } from "@worker/contracts/import";
import { COLUMNS, matchHeader } from "./columns";
import { cellText, type Cell, type SheetTable } from "./cell-text";

/** Rows looked at for the header (a title, notes and a group header above it). */
const HEADER_SCAN = 15;

export interface HeaderGuess {
  /** Index into the cells of the header row (the lower one of a two-row header). */
  index: number;
  /** A two-row header's upper row (group titles, cells merged down): read with `index` as one header per column. */
  top?: number;
  /** Whether every required column of the kind is in it (else the admin confirms or picks another row). */
  sure: boolean;
}

/** A merged range of a sheet, 0-based (SheetJS's `!merges`): its value is in the first cell only. */
export interface MergedRange {
  s: { r: number; c: number };
  e: { r: number; c: number };
}

const isEmptyRow = (r: readonly Cell[] | undefined) => !r || r.every((c) => cellText(c) === "");

/** Row `r`'s cells as text, a merged range's value in each of its cells (a header merged down or across). */
function headerTexts(cells: readonly (readonly Cell[])[], r: number, merges: readonly MergedRange[] = []): string[] {
  const out = (cells[r] ?? []).map((c) => cellText(c));
  for (const m of merges) {
    if (r < m.s.r || r > m.e.r) continue;
    const value = cellText(cells[m.s.r]?.[m.s.c]);
    for (let c = m.s.c; c <= m.e.c; c++) out[c] = value;
  }
  return Array.from(out, (t) => t ?? "");
}

/**
 * One header per column of a two-row header: the lower row's text, else the upper's (a cell merged down, or left
 * empty under it); a group title over a known header is dropped ("الدرجات" over "الرياضيات"), and one that names a
 * subject is read with the words under it ("الرياضيات" over "الدرجة" and "العظمى": its marks and its max).
 */
function combinedHeaders(kind: ImportKind, upper: readonly string[], lower: readonly string[]): string[] {
  return Array.from({ length: Math.max(upper.length, lower.length) }, (_, c) => {
    const u = upper[c] ?? "";
    const l = lower[c] ?? "";
    if (!l || u === l) return u;
    if (!u || matchHeader(kind, l)) return l;
    const both = `${u} ${l}`;
    return matchHeader(kind, both) ? both : l;
  });
}

/** The targets `kind` knows among `headers` (each target once; "ignore" not counted). */
function knownHeaders(kind: ImportKind, headers: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const text of headers) {
    const target = text ? matchHeader(kind, text) : "";
    if (target && target !== "ignore") found.add(target);
  }
  return found;
}

/**
 * The header row of a sheet (docs/product.md#header-row): among the first 15 non-empty rows, the one naming the
 * most known headers of `kind`, at least two (the first such row on a tie), so a title row ("كشف درجات الصف الأول
 * الإعدادي") or a merged group header above the real header is passed over. A row read together with the row right
 * above it (a two-row header: group titles and cells merged down over both, `merges`) is taken when that names
 * more. `sure` when it names every required column. null when no row names two known headers (a sheet without a
 * header row: skipped when choosing a sheet).
 */
export function findHeaderRow(
  kind: ImportKind,
  cells: readonly (readonly Cell[])[],
  merges?: readonly MergedRange[],
): HeaderGuess | null {
  let best: { index: number; top?: number; found: Set<string> } | null = null;
  let seen = 0;
  for (let i = 0; i < cells.length && seen < HEADER_SCAN; i++) {
    if (isEmptyRow(cells[i])) continue;
    seen++;
    const lower = headerTexts(cells, i, merges);
    let found = knownHeaders(kind, lower);
    let top: number | undefined;
    if (i > 0 && !isEmptyRow(cells[i - 1])) {
      const both = knownHeaders(kind, combinedHeaders(kind, headerTexts(cells, i - 1, merges), lower));
      if (both.size > found.size) [found, top] = [both, i - 1];
    }
    if (found.size >= 2 && found.size > (best?.found.size ?? 0)) best = { index: i, top, found };
  }
  if (!best) return null;
  const found = best.found;
  const sure = COLUMNS[kind].every((c) => !c.required || found.has(c.target));
  return best.top === undefined ? { index: best.index, sure } : { index: best.index, top: best.top, sure };
}

/** The first non-empty rows of a sheet (index and text), offered as header rows when the guess is unsure. */
export function headerChoices(cells: readonly (readonly Cell[])[]): Array<{ index: number; text: string }> {
  const out: Array<{ index: number; text: string }> = [];
  for (let i = 0; i < cells.length && out.length < HEADER_SCAN; i++) {
    if (isEmptyRow(cells[i])) continue;
    const texts = cells[i]!.map((c) => cellText(c)).filter(Boolean);
    out.push({ index: i, text: texts.slice(0, 4).join(" | ") + (texts.length > 4 ? " …" : "") });
  }
  return out;
}

/** How a header row is read: a two-row header's upper row (`top`, HeaderGuess) and the sheet's merged ranges. */
export interface HeaderReading {
  kind: ImportKind;
  top?: number;
  merges?: readonly MergedRange[];
}

/**
 * The header row (`head`, else the first row with any text) and the non-empty rows under it. With `reading`, merged
 * header cells are read in each of their columns, and a two-row header (`top`) as one header per column.
 */
export function tableFromCells(
  cells: readonly (readonly Cell[])[],
  head?: number,
  reading?: HeaderReading,
): SheetTable {
  const at = head ?? cells.findIndex((r) => !isEmptyRow(r));
  if (at < 0 || isEmptyRow(cells[at])) return { headers: [], rows: [], lines: [] };
  const merges = reading?.merges;
  const lower = headerTexts(cells, at, merges);
  const headers =
    reading?.top === undefined ? lower : combinedHeaders(reading.kind, headerTexts(cells, reading.top, merges), lower);
  const rows: Cell[][] = [];
  const lines: number[] = [];
  for (let i = at + 1; i < cells.length; i++) {
    if (isEmptyRow(cells[i])) continue;
    rows.push([...cells[i]!]);
    lines.push(i + 1);
  }
  return { headers, rows, lines };
}
