/**
 * Checks on an uploaded file before a spreadsheet library reads it (docs/product.md#bulk-import,
 * docs/decisions/0025-spreadsheet-library-for-import.md): its size, the declared sizes inside an .xlsx (a zip) so
 * a zip bomb is refused before anything is inflated, the bytes its entries really inflate to (counted, stopping at
 * the limit: a file can lie about its sizes), and the text encoding of a CSV (BOM → UTF-8 or UTF-16; valid UTF-8;
 * else Windows-1256, what an Arabic Excel saves). Pure: unit-tested.
 */

/**
 * What the file picker offers: Excel (.xlsx, .xls), OpenDocument (.ods, as LibreOffice saves it), CSV, and Excel's
 * "Unicode text" (.txt: UTF-16 with BOM, TAB-separated), by extension and by MIME type.
 */
export const ACCEPT = [
  ".xlsx",
  ".xls",
  ".ods",
  ".csv",
  ".txt",
  "text/csv",
  "text/plain",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.oasis.opendocument.spreadsheet",
].join(",");

/** Largest file accepted, bytes. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Largest total the entries of an .xlsx may inflate to, bytes. */
export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
/** Largest compression ratio of an entry over 1 MB (real sheets compress 5-20:1; bombs 1000:1 and more). */
export const MAX_RATIO = 200;

export type FileProblem = "too_large" | "zip_bomb" | "unreadable" | "empty" | "too_many_rows" | "no_sheet" | "formulas";

export class ImportFileError extends Error {
  /**
   * `cells`: for "formulas", the cells concerned ("E2"); `sheets` and `sheet`: the workbook's sheets and the one
   * refused, when known, so the dialog still offers another sheet.
   */
  constructor(
    readonly problem: FileProblem,
    readonly cells: readonly string[] = [],
    readonly sheets: readonly string[] = [],
    readonly sheet = "",
  ) {
    super(problem);
    this.name = "ImportFileError";
  }
}

const u16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32 = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;

/** Whether the bytes start like a zip (.xlsx). */
export const isZip = (b: Uint8Array) => b.length >= 4 && u32(b, 0) === 0x04034b50;

/**
 * Throws ImportFileError("zip_bomb") when the zip's central directory declares more than MAX_UNZIPPED_BYTES in all,
 * an entry compressed more than MAX_RATIO:1, ZIP64 sizes, or more than 10,000 entries; "unreadable" without a
 * directory. Reads only the directory at the end of the file.
 */
export function checkZipBounds(b: Uint8Array): void {
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 65_557); i--) {
    if (u32(b, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ImportFileError("unreadable");
  const entries = u16(b, eocd + 10);
  let at = u32(b, eocd + 16);
  if (entries > 10_000 || entries === 0xffff || at === 0xffffffff) throw new ImportFileError("zip_bomb");
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > b.length || u32(b, at) !== 0x02014b50) throw new ImportFileError("unreadable");
    const packed = u32(b, at + 20);
    const size = u32(b, at + 24);
    if (packed === 0xffffffff || size === 0xffffffff) throw new ImportFileError("zip_bomb");
    if (size > 1024 * 1024 && size > packed * MAX_RATIO) throw new ImportFileError("zip_bomb");
    total += size;
    at += 46 + u16(b, at + 28) + u16(b, at + 30) + u16(b, at + 32);
  }
  if (total > MAX_UNZIPPED_BYTES) throw new ImportFileError("zip_bomb");
}

/**
 * Inflates every entry of an .xlsx (a zip) as the spreadsheet library will, counting the bytes that come out, and
 * stops as soon as they pass `limit` in all: ImportFileError("too_large"). The directory's sizes are only what the
 * file says (checkZipBounds); this counts what it holds, a chunk at a time, keeping none of it. "unreadable" when
 * an entry cannot be inflated (a method other than stored or deflate, a cut or lying compressed size).
 */
export async function checkInflatedSize(b: Uint8Array, limit = MAX_UNZIPPED_BYTES): Promise<void> {
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 65_557); i--) {
    if (u32(b, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ImportFileError("unreadable");
  const entries = u16(b, eocd + 10);
  let total = 0;
  for (let n = 0, at = u32(b, eocd + 16); n < entries; n++) {
    if (at + 46 > b.length || u32(b, at) !== 0x02014b50) throw new ImportFileError("unreadable");
    const packed = u32(b, at + 20);
    const local = u32(b, at + 42);
    if (local + 30 > b.length || u32(b, local) !== 0x04034b50) throw new ImportFileError("unreadable");
    const method = u16(b, local + 8);
    const start = local + 30 + u16(b, local + 26) + u16(b, local + 28);
    if (start + packed > b.length) throw new ImportFileError("unreadable");
    if (method === 0) total += packed;
    else if (method === 8) total = await countInflated(b.slice(start, start + packed), total, limit);
    else throw new ImportFileError("unreadable");
    if (total > limit) throw new ImportFileError("too_large");
    at += 46 + u16(b, at + 28) + u16(b, at + 30) + u16(b, at + 32);
  }
}

/** `total` plus the bytes `packed` (raw deflate) inflates to; throws "too_large" once past `limit`, not later. */
async function countInflated(packed: Uint8Array<ArrayBuffer>, total: number, limit: number): Promise<number> {
  const reader = new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return total;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => {});
        throw new ImportFileError("too_large");
      }
    }
  } catch (err) {
    throw err instanceof ImportFileError ? err : new ImportFileError("unreadable");
  }
}

/** The text of a CSV file: a BOM decides (UTF-8, UTF-16); else UTF-8 if valid, else Windows-1256. */
export function decodeCsv(b: Uint8Array): string {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return new TextDecoder("utf-8").decode(b.subarray(3));
  if (b[0] === 0xff && b[1] === 0xfe) return new TextDecoder("utf-16le").decode(b.subarray(2));
  if (b[0] === 0xfe && b[1] === 0xff) return new TextDecoder("utf-16be").decode(b.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(b);
  } catch {
    return new TextDecoder("windows-1256").decode(b);
  }
}
