/** The CSV writer (docs/product.md#csv-exports): BOM, quoting, doubled quotes, CRLF, formula neutralisation, names. */
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { CSV_BOM, csvFileName, isoDay, studentIdCell, toCsv } from "../../web/lib/csv";

const STUDENT_HEADER = ["Name", "ID", "Nationality", "Religion", "Grade", "Building", "Gender", "Status"];

describe("toCsv", () => {
  it("starts with a UTF-8 byte-order mark", () => {
    const csv = toCsv([["a"]]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("quotes every value, header included, and separates lines with CRLF", () => {
    const csv = toCsv([STUDENT_HEADER, ["Ali", "123", "Egyptian", "", "Prep-3", 5, "male", "active"]]);
    const [header, row, extra] = csv.slice(1).split("\r\n");
    expect(header).toBe(STUDENT_HEADER.map((h) => `"${h}"`).join(","));
    expect(row).toBe('"Ali","123","Egyptian","","Prep-3","5","male","active"');
    expect(extra).toBeUndefined();
    expect(csv.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("doubles quotes inside values and keeps commas and line breaks inside the quotes", () => {
    const csv = toCsv([["Name"], ['Ahmed "the first", Jr.\nline 2']]);
    expect(csv.slice(1).split("\r\n")[1]).toBe('"Ahmed ""the first"", Jr.\nline 2"');
    const parsed = Papa.parse<string[]>(csv.slice(1), { newline: "\r\n" });
    expect(parsed.data[1]![0]).toBe('Ahmed "the first", Jr.\nline 2');
  });

  it("writes null and undefined as empty cells", () => {
    expect(toCsv([["a", null, undefined, "b"]]).slice(1)).toBe('"a","","","b"');
  });

  it.each(['=HYPERLINK("http://x")', "+1+2", "-2+3", "@SUM(A1)"])(
    "neutralises a cell starting like a formula: %s",
    (value) => {
      const csv = toCsv([[value]]);
      const cell = csv.slice(1);
      expect(cell).toBe(`"'${value.replace(/"/g, '""')}"`);
    },
  );

  it("leaves other text, inner formula characters and real numbers alone", () => {
    expect(toCsv([["a=b", "x-1", " =1", -5, 0]]).slice(1)).toBe('"a=b","x-1"," =1","-5","0"');
  });

  it("keeps Arabic text intact (UTF-8 round trip)", () => {
    const name = 'محمد أحمد "الصغير"';
    const csv = toCsv([
      ["الاسم", "الجنسية"],
      [name, "مصري"],
    ]);
    const decoded = new TextDecoder("utf-8", { ignoreBOM: true }).decode(new TextEncoder().encode(csv));
    expect(decoded).toBe(csv);
    const parsed = Papa.parse<string[]>(csv.slice(1), { newline: "\r\n" });
    expect(parsed.data).toEqual([
      ["الاسم", "الجنسية"],
      [name, "مصري"],
    ]);
  });
});

describe("csvFileName", () => {
  const day = new Date(2025, 2, 4, 23, 30); // local time: 4 March 2025, late evening

  it("names the file kind_grade_date.csv with the local calendar date", () => {
    expect(isoDay(day)).toBe("2025-03-04");
    expect(csvFileName("students", "Prep-3", day)).toBe("students_Prep-3_2025-03-04.csv");
    expect(csvFileName("fees", "KG-1", day)).toBe("fees_KG-1_2025-03-04.csv");
    expect(csvFileName("results", "Primary-6", day)).toBe("results_Primary-6_2025-03-04.csv");
  });

  it("uses all_grades without a grade filter", () => {
    expect(csvFileName("students", "All", day)).toBe("students_all_grades_2025-03-04.csv");
    expect(csvFileName("fees", "", day)).toBe("fees_all_grades_2025-03-04.csv");
    expect(csvFileName("results", null, day)).toBe("results_all_grades_2025-03-04.csv");
    expect(csvFileName("results", undefined, day)).toBe("results_all_grades_2025-03-04.csv");
  });

  it("replaces characters that do not belong in a file name", () => {
    expect(csvFileName("students", "Grade 1/A", day)).toBe("students_Grade_1_A_2025-03-04.csv");
  });
});

describe("studentIdCell", () => {
  it("keeps a 14-digit ID as text in a spreadsheet (a leading TAB) and is not treated as a formula", () => {
    const csv = toCsv([["ID"], [studentIdCell("31001310119461")]]);
    expect(csv.slice(1).split("\r\n")[1]).toBe('"\t31001310119461"');
  });
});
