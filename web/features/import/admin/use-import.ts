/**
 * The Import dialog's state (docs/product.md#bulk-import): read the file (in a Web Worker: a 5,000-row parse would
 * block the page for longer than 200 ms), match its columns, send a dry run, then commit under one Idempotency-Key
 * (made when the preview is shown, reused if the commit is retried), and the templates and error sheet downloads.
 */
import { useCallback, useReducer, useRef, type RefObject } from "react";
import { YEAR_KINDS, type ImportKind } from "@worker/contracts/import";
import { ImportFileError, type FileProblem } from "./file-checks";
import { sendImport, type ImportOptions } from "./import-api";
import {
  importReducer,
  initialImportState,
  nextAfterHeader,
  type ImportAction,
  type ImportState,
} from "./import-state";
import {
  autoMapping,
  buildRows,
  cellText,
  findHeaderRow,
  tableFromCells,
  type Cell,
  type HeaderGuess,
  type MergedRange,
  type SheetTable,
} from "./sheet-rows";
import { exampleSubject, templateRows } from "./template";
import type { ReadSheet } from "./spreadsheet";

export type { Busy, Step } from "./import-state";

/** Lets the browser paint and handle input between the steps of a 5,000-row import (each stays one short task). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A refusal as the worker posts it (parse.worker.ts). */
type Refusal = { problem: FileProblem; cells?: string[]; sheets?: string[]; sheet?: string };

/** Reads `file` in a Web Worker; where a worker cannot start, on this thread. */
async function parseFile(file: File, kind: ImportKind, sheet?: string): Promise<ReadSheet> {
  const bytes = await file.arrayBuffer();
  try {
    const worker = new Worker(new URL("./parse.worker.ts", import.meta.url), { type: "module" });
    try {
      return await new Promise<ReadSheet>((resolve, reject) => {
        worker.onmessage = (e: MessageEvent<{ ok: true; result: ReadSheet } | ({ ok: false } & Refusal)>) =>
          e.data.ok
            ? resolve(e.data.result)
            : reject(new ImportFileError(e.data.problem, e.data.cells, e.data.sheets, e.data.sheet));
        worker.onerror = () => reject(new Error("worker failed"));
        worker.postMessage({ bytes, name: file.name, sheet, kind }, [bytes]);
      });
    } finally {
      worker.terminate();
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    const { readUpload } = await import("./spreadsheet");
    return readUpload(new Uint8Array(await file.arrayBuffer()), file.name, sheet, undefined, kind);
  }
}

/** What the dialog's choices send for `kind`: the year (results: and semester); none for teachers or an unset year. */
function optionsFor(kind: ImportKind, o: Required<ImportOptions>): ImportOptions | undefined {
  if (!YEAR_KINDS.includes(kind)) return undefined;
  const year = o.academic_year_name ? { academic_year_name: o.academic_year_name } : {};
  return kind === "results" ? { ...year, semester: o.semester } : year;
}

type Dispatch = (action: ImportAction) => void;
/** The Idempotency-Key of the commit: made when the preview is shown, reused if the commit is retried. */
type KeyRef = RefObject<string | null>;

/** The dry run of the matched rows, and the commit of the rows it previewed. */
function useImportRequests(kind: ImportKind, { options, built }: ImportState, dispatch: Dispatch, key: KeyRef) {
  const preview = useCallback(
    async (t: SheetTable, m: string[], opts = options) => {
      await nextTask();
      const rows = buildRows(kind, t, m);
      if (!rows.rows.length) return dispatch({ type: "noRows" });
      dispatch({ type: "validating" });
      await nextTask();
      try {
        const answer = await sendImport(kind, rows.rows, optionsFor(kind, opts));
        await nextTask();
        dispatch({ type: "previewed", built: rows, answer });
        key.current = crypto.randomUUID();
      } catch (failure) {
        dispatch({ type: "failed", failure });
      } finally {
        dispatch({ type: "idle" });
      }
    },
    [kind, options, dispatch, key],
  );

  const commit = useCallback(async () => {
    if (!built || !key.current) return;
    dispatch({ type: "saving" });
    try {
      const answer = await sendImport(kind, built.rows, optionsFor(kind, options), key.current);
      dispatch({ type: "committed", answer });
      if (answer.summary.errors > 0) key.current = crypto.randomUUID();
    } catch (failure) {
      dispatch({ type: "failed", failure });
    } finally {
      dispatch({ type: "idle" });
    }
  }, [built, kind, options, dispatch, key]);

  return { preview, commit };
}

type Preview = ReturnType<typeof useImportRequests>["preview"];

/** Reading the file (or another sheet of it) and its header row. */
function useImportFile(kind: ImportKind, dispatch: Dispatch, key: KeyRef, preview: Preview) {
  /**
   * Reads the sheet's rows under the header row `header.index` (with its upper row `header.top`, a two-row header);
   * straight to the preview when all is recognised and sure.
   */
  const applyHeader = useCallback(
    async (all: Cell[][], merges: MergedRange[], header: HeaderGuess) => {
      const table = tableFromCells(all, header.index, { kind, top: header.top, merges });
      const mapping = autoMapping(kind, table.headers);
      const next = nextAfterHeader(kind, table, mapping, header.sure);
      dispatch({ type: "header", header, table, mapping, next });
      if (next === "preview") await preview(table, mapping);
    },
    [kind, preview, dispatch],
  );

  const choose = useCallback(
    async (f: File, sheetName?: string) => {
      key.current = null;
      dispatch({ type: "open", file: f });
      try {
        const read = await parseFile(f, kind, sheetName);
        await nextTask();
        dispatch({ type: "read", sheets: read.sheets, sheet: read.sheet, cells: read.cells, merges: read.merges });
        const guess = findHeaderRow(kind, read.cells, read.merges);
        const first = read.cells.findIndex((r) => r.some((c) => cellText(c) !== ""));
        if (first < 0) throw new ImportFileError("empty");
        dispatch({ type: "idle" });
        await applyHeader(read.cells, read.merges, guess ?? { index: first, sure: false });
      } catch (err) {
        const known = err instanceof ImportFileError;
        dispatch({
          type: "refused",
          problem: known ? err.problem : "unreadable",
          cells: known ? err.cells : [],
          sheets: known ? err.sheets : [],
          sheet: known ? err.sheet : "",
        });
      } finally {
        dispatch({ type: "parseEnded" });
      }
    },
    [kind, applyHeader, dispatch, key],
  );

  return { applyHeader, choose };
}

/** The dialog's state (import-state.ts) and the steps that read the file and send the rows. */
export function useImport(kind: ImportKind) {
  const [state, dispatch] = useReducer(importReducer, initialImportState);
  const key = useRef<string | null>(null);
  const { preview, commit } = useImportRequests(kind, state, dispatch, key);
  const { applyHeader, choose } = useImportFile(kind, dispatch, key, preview);
  const { cells, merges } = state;

  const reset = useCallback(() => {
    dispatch({ type: "reset" });
    key.current = null;
  }, []);
  const setMapping = useCallback((mapping: string[]) => dispatch({ type: "mapping", mapping }), []);
  const setOptions = useCallback((next: Required<ImportOptions>) => dispatch({ type: "options", options: next }), []);

  return {
    ...state,
    chooseHeader: (index: number) => applyHeader(cells, merges, { index, sure: true }),
    setMapping,
    setOptions,
    choose,
    preview,
    commit,
    reset,
  };
}

/** What the dialog's steps read and call. */
export type ImportSession = ReturnType<typeof useImport>;

/**
 * Downloads the kind's template (template.ts): bilingual headers and one example row (results: a max-score row
 * too); the teachers template's example subject is one of the school's active subjects when they can be read.
 */
export async function downloadTemplate(kind: ImportKind, format: "xlsx" | "csv", rtl: boolean): Promise<void> {
  const { downloadSheet } = await import("./spreadsheet");
  const examples: Record<string, string> = {};
  if (kind === "teachers") {
    try {
      const { fetchSubjects } = await import("~/features/selection/admin/selection-api");
      examples.subject_name = exampleSubject(await fetchSubjects());
    } catch {
      // No subject list (offline): the example's subject stays empty for the admin to fill.
    }
  }
  downloadSheet(templateRows(kind, format, examples), `import-${kind}-template`, format, rtl);
}
