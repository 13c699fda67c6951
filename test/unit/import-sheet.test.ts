/**
 * Reading import files (docs/product.md#bulk-import): empty files, headers only, formulas' cached values, Excel
 * serial dates, IDs in scientific notation, `=+-@` cells, Arabic and Persian digits, trailing spaces, Windows-1256
 * and BOM CSVs, zip bombs, header matching in Arabic and English, and the results wide sheet.
 */
import { once } from "node:events";
import { createDeflateRaw } from "node:zlib";
import { describe, expect, it } from "vitest";
import { utils, write } from "@e965/xlsx";
import {
  checkInflatedSize,
  checkZipBounds,
  decodeCsv,
  ImportFileError,
  MAX_FILE_BYTES,
  MAX_UNZIPPED_BYTES,
} from "~/features/import/admin/file-checks";
import { readSheet, readUpload } from "~/features/import/admin/spreadsheet";
import {
  autoMapping,
  buildRows,
  cellText,
  excelSerialToIso,
  missingColumns,
  tableFromCells,
} from "~/features/import/admin/sheet-rows";
import { matchHeader } from "~/features/import/admin/columns";
import { isScientificId } from "@worker/services/import/run";

const enc = new TextEncoder();
const csvBytes = (text: string) => enc.encode(text);

function encode1256(text: string): Uint8Array {
  const decoder = new TextDecoder("windows-1256");
  const byChar = new Map<string, number>();
  for (let b = 0; b < 256; b++) byChar.set(decoder.decode(Uint8Array.of(b)), b);
  return Uint8Array.from([...text].map((ch) => byChar.get(ch) ?? 0x3f));
}

function xlsx(sheet: Record<string, unknown>): Uint8Array {
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet as never, "S");
  return new Uint8Array(write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

const problemOf = async (fn: () => unknown) => {
  try {
    await fn();
  } catch (err) {
    return err instanceof ImportFileError ? err.problem : String(err);
  }
  return null;
};

describe("reading files", () => {
  it("refuses an empty file and reads a headers-only file as no rows", async () => {
    expect(await problemOf(() => readSheet(new Uint8Array(), "a.csv"))).toBe("empty");
    const table = tableFromCells(readSheet(csvBytes("ID,Name\r\n"), "a.csv").cells);
    expect(table.headers).toEqual(["ID", "Name"]);
    expect(table.rows).toEqual([]);
    expect(await problemOf(() => readSheet(Uint8Array.from([0x50, 0x4b, 3, 4, 1, 2, 3]), "a.xlsx"))).toBe("unreadable");
  });

  it("uses a formula's cached value and reads date cells as YYYY-MM-DD", () => {
    const bytes = xlsx({
      "!ref": "A1:C2",
      A1: { t: "s", v: "Total" },
      B1: { t: "s", v: "Date" },
      C1: { t: "s", v: "Text" },
      A2: { t: "n", v: 90, f: "SUM(X1:X2)" },
      B2: { t: "n", v: 45536, z: "yyyy-mm-dd" },
      C2: { t: "s", v: "=1+1" },
    });
    const { cells } = readSheet(bytes, "a.xlsx");
    expect(cells[1]!.map(cellText)).toEqual(["90", "2024-09-01", "=1+1"]);
    expect(excelSerialToIso(45536)).toBe("2024-09-01");
  });

  it("keeps `=+-@` cells as text (never evaluated), drops the export's protecting quote, trims and strips TABs", () => {
    const { cells } = readSheet(
      csvBytes('Name,ID\r\n"=HYPERLINK(""x"")",\t31001310119461  \r\n"\'@home",+20\r\n'),
      "a.csv",
    );
    expect(cells.slice(1).map((r) => r.map(cellText))).toEqual([
      ['=HYPERLINK("x")', "31001310119461"],
      ["@home", "+20"],
    ]);
  });

  it("decodes Windows-1256, UTF-8 with and without BOM", () => {
    expect(decodeCsv(encode1256("الاسم,الصف"))).toBe("الاسم,الصف");
    expect(decodeCsv(Uint8Array.from([0xef, 0xbb, 0xbf, ...enc.encode("مصري")]))).toBe("مصري");
    expect(decodeCsv(enc.encode("مصري"))).toBe("مصري");
    const { cells } = readSheet(encode1256("الاسم,المبنى\r\nسارة,3"), "a.csv");
    expect(cells[1]!.map(cellText)).toEqual(["سارة", "3"]);
  });

  it("refuses a zip bomb from its directory, before inflating anything", async () => {
    const bytes = xlsx({ "!ref": "A1:A1", A1: { t: "s", v: "x" } });
    expect(() => checkZipBounds(bytes)).not.toThrow();
    // Declare 500 MB for the first central-directory entry.
    const bomb = bytes.slice();
    const view = new DataView(bomb.buffer);
    for (let i = bomb.length - 22; i >= 0; i--) {
      if (view.getUint32(i, true) === 0x06054b50) {
        const dir = view.getUint32(i + 16, true);
        view.setUint32(dir + 24, 500 * 1024 * 1024, true);
        break;
      }
    }
    expect(await problemOf(() => readSheet(bomb, "bomb.xlsx"))).toBe("zip_bomb");
    expect(await problemOf(() => readSheet(new Uint8Array(10 * 1024 * 1024 + 1), "big.csv"))).toBe("too_large");
  });
});

/** `bytes` bytes of spaces as raw deflate, made a megabyte at a time (the inflated size is never held). */
async function deflatedSpaces(bytes: number): Promise<Uint8Array> {
  const z = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on("data", (d: Buffer) => out.push(d));
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let sent = 0; sent < bytes; sent += chunk.length) if (!z.write(chunk)) await once(z, "drain");
  z.end();
  await once(z, "end");
  return new Uint8Array(Buffer.concat(out));
}

/** A one-entry zip (.xlsx) whose headers declare `declared` bytes for `packed` deflated data. */
function zipOf(name: string, packed: Uint8Array, declared: number): Uint8Array {
  const file = new TextEncoder().encode(name);
  const out = new Uint8Array(30 + file.length + packed.length + 46 + file.length + 22);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(4, 20, true);
  v.setUint16(8, 8, true);
  v.setUint32(18, packed.length, true);
  v.setUint32(22, declared, true);
  v.setUint16(26, file.length, true);
  out.set(file, 30);
  out.set(packed, 30 + file.length);
  const dir = 30 + file.length + packed.length;
  v.setUint32(dir, 0x02014b50, true);
  v.setUint16(dir + 6, 20, true);
  v.setUint16(dir + 10, 8, true);
  v.setUint32(dir + 20, packed.length, true);
  v.setUint32(dir + 24, declared, true);
  v.setUint16(dir + 28, file.length, true);
  out.set(file, dir + 46);
  const end = dir + 46 + file.length;
  v.setUint32(end, 0x06054b50, true);
  v.setUint16(end + 8, 1, true);
  v.setUint16(end + 10, 1, true);
  v.setUint32(end + 12, 46 + file.length, true);
  v.setUint32(end + 16, dir, true);
  return out;
}

describe("an .xlsx that lies about its sizes", () => {
  it("is refused as too large once what it really inflates to passes the limit, counted while inflating", async () => {
    // 3 MB of spaces in a few KB, declared as 1,000 bytes: the directory check passes it; the count, here with a
    // 2 MB limit instead of the product's MAX_UNZIPPED_BYTES (inflating 200 MB took seconds of CPU per run), stops it.
    const liar = zipOf("xl/worksheets/sheet1.xml", await deflatedSpaces(3 * 1024 * 1024), 1_000);
    expect(liar.length).toBeLessThan(MAX_FILE_BYTES);
    expect(() => checkZipBounds(liar)).not.toThrow();
    expect(await problemOf(() => readUpload(liar, "liar.xlsx", undefined, 2 * 1024 * 1024))).toBe("too_large");
    expect(MAX_UNZIPPED_BYTES).toBe(200 * 1024 * 1024);
    // A true file passes; a stream cut short is unreadable.
    const honest = xlsx({ "!ref": "A1:A1", A1: { t: "s", v: "x" } });
    await expect(checkInflatedSize(honest)).resolves.toBeUndefined();
    expect((await readUpload(honest, "a.xlsx")).cells).toEqual([["x"]]);
    const cut = zipOf("a.xml", (await deflatedSpaces(1024 * 1024)).slice(0, 100), 10);
    expect(await problemOf(() => checkInflatedSize(cut))).toBe("unreadable");
  });
});

describe("rows for the API", () => {
  it("matches Arabic and English headers ignoring case, spacing and units", () => {
    expect(matchHeader("students", "  student   ID ")).toBe("student_no");
    expect(matchHeader("students", "الرقم القومي / ID")).toBe("student_no");
    expect(matchHeader("fees", "Total Amount (EGP)")).toBe("total_amount");
    expect(matchHeader("fees", "اجمالي المصروفات")).toBe("total_amount");
    expect(matchHeader("students", "Error")).toBe("ignore");
    expect(missingColumns("students", autoMapping("students", ["Name", "ID"]))).toEqual([
      "nationality",
      "current_grade",
      "building_no",
    ]);
  });

  it("turns labels into API values and keeps Arabic digits and scientific IDs for the server to judge", () => {
    const table = tableFromCells([
      ["Name", "ID", "Nationality", "Grade", "Building", "Gender", "Status"],
      ["  سارة  ", "3.10013E+13", "مصرية", "prep-1", "٣", "أنثى", "غير نشط"],
      [],
      ["Omar", 31001310119461, "Egyptian", "Prep-1", "۲", "Male", "Active"],
    ]);
    const built = buildRows("students", table, autoMapping("students", table.headers));
    expect(built.rows).toEqual([
      {
        full_name: "سارة",
        student_no: "3.10013E+13",
        nationality: "مصرية",
        current_grade: "prep-1",
        building_no: "٣",
        gender: "female",
        is_active: false,
      },
      {
        full_name: "Omar",
        student_no: "31001310119461",
        nationality: "Egyptian",
        current_grade: "Prep-1",
        building_no: "۲",
        gender: "male",
        is_active: true,
      },
    ]);
    expect(built.lines).toEqual([2, 4]);
    expect(isScientificId("3.10013E+13")).toBe(true);
    expect(isScientificId(3.10013e13)).toBe(false);
    expect(isScientificId("31001310119461")).toBe(false);
  });

  it("reads a results wide sheet: subject columns, a max row and a max column, the template example skipped", () => {
    const table = tableFromCells([
      ["رقم الطالب / Student ID", "Student Name", "الرياضيات", "Science", "Science max", "Art"],
      ["", "الدرجة العظمى / Max score", 50, "", "", ""],
      ["\t31001310119461", "أحمد محمد علي", 45.5, "", "", ""],
      ["29001010100001", "x", "٤٥٫٥", 30, 40, ""],
    ]);
    const built = buildRows("results", table, autoMapping("results", table.headers));
    expect(built.skipped).toBe(2);
    expect(built.rows).toEqual([
      {
        student_id: "29001010100001",
        subject_scores: [
          { subject_name: "Mathematics", score: "٤٥٫٥", max_score: "50" },
          { subject_name: "Science", score: "30", max_score: "40" },
        ],
      },
    ]);
    expect(built.fieldColumns[0]).toMatchObject({ "subject_scores.1": 3 });
  });
});
