/**
 * The Web Worker that reads an uploaded spreadsheet (docs/product.md#bulk-import): parsing 5,000 rows takes longer
 * than the 200 ms the main thread may be blocked, so it happens here. Message in `{bytes, name, sheet?, kind?}`; out
 * `{ok: true, result}` or `{ok: false, problem, cells?, sheets?, sheet?}`.
 */
import { ImportFileError } from "./file-checks";
import { readUpload } from "./spreadsheet";
import type { ImportKind } from "@worker/contracts/import";

self.onmessage = async (e: MessageEvent<{ bytes: ArrayBuffer; name: string; sheet?: string; kind?: ImportKind }>) => {
  try {
    const { bytes, name, sheet, kind } = e.data;
    const result = await readUpload(new Uint8Array(bytes), name, sheet, undefined, kind);
    self.postMessage({ ok: true, result });
  } catch (err) {
    const known = err instanceof ImportFileError;
    self.postMessage(
      known
        ? { ok: false, problem: err.problem, cells: err.cells, sheets: err.sheets, sheet: err.sheet }
        : { ok: false, problem: "unreadable" },
    );
  }
};
