/**
 * The Web Worker that reads an uploaded spreadsheet (docs/product.md#bulk-import): parsing 5,000 rows takes longer
 * than the 200 ms the main thread may be blocked, so it happens here. Message in `{bytes, name, sheet?}`; out
 * `{ok: true, result}` or `{ok: false, problem}`.
 */
import { ImportFileError } from "./file-checks";
import { readUpload } from "./spreadsheet";

self.onmessage = async (e: MessageEvent<{ bytes: ArrayBuffer; name: string; sheet?: string }>) => {
  try {
    const result = await readUpload(new Uint8Array(e.data.bytes), e.data.name, e.data.sheet);
    self.postMessage({ ok: true, result });
  } catch (err) {
    self.postMessage({ ok: false, problem: err instanceof ImportFileError ? err.problem : "unreadable" });
  }
};
