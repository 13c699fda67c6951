/**
 * The Import dialog's state (docs/product.md#bulk-import): read the file (in a Web Worker: a 5,000-row parse would
 * block the page for longer than 200 ms), match its columns, send a dry run, then commit under one Idempotency-Key
 * (made when the preview is shown, reused if the commit is retried), and the templates and error sheet downloads.
 */
import { useCallback, useRef, useState } from "react";
import type { ImportKind } from "@worker/contracts/import";
import { DEFAULT_ACADEMIC_YEAR } from "@worker/contracts/results";
import { ImportFileError, type FileProblem } from "./file-checks";
import { sendImport, type ImportAnswer, type ImportOptions } from "./import-api";
import {
  autoMapping,
  buildRows,
  cellText,
  findHeaderRow,
  missingColumns,
  tableFromCells,
  type BuiltRows,
  type Cell,
  type SheetTable,
} from "./sheet-rows";
import { exampleSubject, templateRows } from "./template";
import type { ReadSheet } from "./spreadsheet";

export type Step = "file" | "map" | "preview" | "done";

/** Lets the browser paint and handle input between the steps of a 5,000-row import (each stays one short task). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
export type Busy = null | "parsing" | "validating" | "saving";

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

export function useImport(kind: ImportKind) {
  const [step, setStep] = useState<Step>("file");
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<FileProblem | "no_rows" | null>(null);
  /** The cells a "formulas" problem names. */
  const [problemCells, setProblemCells] = useState<readonly string[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sheets, setSheets] = useState<string[]>([]);
  const [sheet, setSheet] = useState("");
  const [cells, setCells] = useState<Cell[][]>([]);
  /** Index into `cells` of the header row, and whether the guess was sure. */
  const [header, setHeader] = useState<{ index: number; sure: boolean } | null>(null);
  const [table, setTable] = useState<SheetTable | null>(null);
  const [mapping, setMapping] = useState<string[]>([]);
  const [options, setOptions] = useState<Required<ImportOptions>>({
    academic_year_name: DEFAULT_ACADEMIC_YEAR,
    semester: "S1",
  });
  const [built, setBuilt] = useState<BuiltRows | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const key = useRef<string | null>(null);

  const reset = useCallback(() => {
    setStep("file");
    setProblem(null);
    setProblemCells([]);
    setFailure(null);
    setFile(null);
    setSheets([]);
    setCells([]);
    setHeader(null);
    setTable(null);
    setAnswer(null);
    setBuilt(null);
    key.current = null;
  }, []);

  const preview = useCallback(
    async (t: SheetTable, m: string[], opts = options) => {
      await nextTask();
      const rows = buildRows(kind, t, m);
      if (!rows.rows.length) {
        setProblem("no_rows");
        return;
      }
      setBusy("validating");
      setFailure(null);
      await nextTask();
      try {
        const a = await sendImport(kind, rows.rows, kind === "results" ? opts : undefined);
        await nextTask();
        setBuilt(rows);
        setAnswer(a);
        key.current = crypto.randomUUID();
        setStep("preview");
      } catch (err) {
        setFailure(err);
      } finally {
        setBusy(null);
      }
    },
    [kind, options],
  );

  /** Reads the sheet's rows under the header row `index`; straight to the preview when all is recognised and sure. */
  const applyHeader = useCallback(
    async (all: Cell[][], index: number, sure: boolean) => {
      setProblem(null);
      setHeader({ index, sure });
      const t = tableFromCells(all, index);
      const m = autoMapping(kind, t.headers);
      setTable(t);
      setMapping(m);
      if (!t.rows.length) {
        setStep("map");
        setProblem("no_rows");
        return;
      }
      if (!sure || missingColumns(kind, m).length || m.some((x) => x === "")) setStep("map");
      else await preview(t, m);
    },
    [kind, preview],
  );

  const choose = useCallback(
    async (f: File, sheetName?: string) => {
      reset();
      setFile(f);
      setBusy("parsing");
      try {
        const read = await parseFile(f, kind, sheetName);
        await nextTask();
        setSheets(read.sheets);
        setSheet(read.sheet);
        setCells(read.cells);
        const guess = findHeaderRow(kind, read.cells);
        const first = read.cells.findIndex((r) => r.some((c) => cellText(c) !== ""));
        if (first < 0) throw new ImportFileError("empty");
        setBusy(null);
        await applyHeader(read.cells, guess?.index ?? first, guess?.sure ?? false);
      } catch (err) {
        const known = err instanceof ImportFileError;
        setProblem(known ? err.problem : "unreadable");
        setProblemCells(known ? err.cells : []);
        // A refused sheet of a workbook: the chooser stays, to read another.
        if (known && err.sheets.length) {
          setSheets([...err.sheets]);
          setSheet(err.sheet);
        }
      } finally {
        setBusy((b) => (b === "parsing" ? null : b));
      }
    },
    [kind, reset, applyHeader],
  );

  const commit = useCallback(async () => {
    if (!built || !key.current) return;
    setBusy("saving");
    setFailure(null);
    try {
      const a = await sendImport(kind, built.rows, kind === "results" ? options : undefined, key.current);
      setAnswer(a);
      if (a.summary.errors === 0) setStep("done");
      else key.current = crypto.randomUUID();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(null);
    }
  }, [built, kind, options]);

  return {
    step,
    busy,
    problem,
    problemCells,
    cells,
    header,
    chooseHeader: (index: number) => applyHeader(cells, index, true),
    failure,
    file,
    sheets,
    sheet,
    table,
    mapping,
    setMapping,
    options,
    setOptions,
    built,
    answer,
    choose,
    preview,
    commit,
    reset,
  };
}

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
