/**
 * The course-selection CSV export (docs/product.md#csv-exports): BOM, grouping by teacher then
 * session with the Arabic group label, the tab before every student ID (kept by the formula neutralisation), the
 * SUMMARY block, doubled quotes, "Unknown ({id})", and the file name.
 */
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_BOM } from "../../web/lib/csv";
import {
  GROUP_HEADER,
  SUMMARY_HEADER,
  groupByTeacher,
  selectionCsvFileName,
  selectionCsvRows,
  selectionCsvText,
  type SelectionSummaryRow,
} from "../../web/features/selection/admin/selection-csv";

const MATH = "الرياضيات";
const SCIENCE = "العلوم";
// Deliberately out of order: the export sorts by teacher, then session.
const ROWS: SelectionSummaryRow[] = [
  {
    subject_name: SCIENCE,
    teacher_name: "أ/ هدى سالم",
    session_number: 2,
    total_selections: 1,
    student_ids: ["31001310119461"],
  },
  {
    subject_name: MATH,
    teacher_name: 'أ. أحمد "الكبير" علي',
    session_number: 2,
    total_selections: 1,
    student_ids: ["30912010101234"],
  },
  {
    subject_name: MATH,
    teacher_name: 'أ. أحمد "الكبير" علي',
    session_number: 1,
    total_selections: 2,
    student_ids: ["31005050505050", "01234567890123"],
  },
  {
    subject_name: SCIENCE,
    teacher_name: "أ/ هدى سالم",
    session_number: 1,
    total_selections: 1,
    student_ids: ["30912010101234"],
  },
];
const NAMES: Record<string, string> = {
  "31001310119461": 'منى "الصغيرة" حسن',
  "30912010101234": '=HYPERLINK("x")',
  "31005050505050": "يوسف محمود",
};
const nameOf = (id: string) => NAMES[id];

/** The file parsed back: BOM removed, one array of cells per line (blank lines kept as [""]). */
function parse(text: string): string[][] {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: false }).data;
}

describe("selection CSV export", () => {
  it("starts with the UTF-8 byte-order mark", () => {
    const text = selectionCsvText(ROWS, nameOf);
    expect([...new TextEncoder().encode(text).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("names the file course-selections-{YYYY-MM-DD}.csv", () => {
    expect(selectionCsvFileName(new Date(2025, 2, 4, 23, 30))).toBe("course-selections-2025-03-04.csv");
  });

  it("groups by teacher (sorted by name), then session, labelled with the Arabic word for group", () => {
    const lines = parse(selectionCsvText(ROWS, nameOf));
    const labels = lines
      .filter((l) => l[0] === "Teacher Name" || l[0]?.startsWith("المجموعة "))
      .map((l) => (l[0] === "Teacher Name" ? `T:${l[1]}` : l[0]));
    expect(labels).toEqual([
      `T:أ. أحمد "الكبير" علي`,
      "المجموعة 1",
      "المجموعة 2",
      "T:أ/ هدى سالم",
      "المجموعة 1",
      "المجموعة 2",
    ]);
    const first = lines.findIndex((l) => l[0] === "Teacher Name");
    expect(lines[first + 1]).toEqual(["Subject", MATH]);
    expect(lines[first + 2]).toEqual(["المجموعة 1", "Total Selections", "2"]);
    expect(lines[first + 3]).toEqual([...GROUP_HEADER]);
    // Students of a group are sorted by name; an unknown student is "Unknown ({id})".
    expect(lines[first + 4]).toEqual(["\t31005050505050", "يوسف محمود"]);
    expect(lines[first + 5]).toEqual(["\t01234567890123", "Unknown (01234567890123)"]);
  });

  it("writes every student ID as a TAB followed by the ID, even where the name is neutralised as a formula", () => {
    const text = selectionCsvText(ROWS, nameOf);
    const idCells = parse(text).flatMap((l) => l.filter((c) => /\d{14}$/.test(c) && !c.startsWith("Unknown")));
    expect(idCells.length).toBe(10);
    for (const cell of idCells) expect(cell).toMatch(/^\t\d{14}$/);
    expect(text).toContain('"\t01234567890123"');
    expect(text).not.toContain("'\t");
    // The name that looks like a formula is neutralised; its ID cell is untouched.
    expect(text).toContain('"\t30912010101234","\'=HYPERLINK(""x"")"');
  });

  it("doubles double quotes inside names", () => {
    const text = selectionCsvText(ROWS, nameOf);
    expect(text).toContain('"أ. أحمد ""الكبير"" علي"');
    expect(text).toContain('"منى ""الصغيرة"" حسن"');
    expect(parse(text).some((l) => l[1] === 'منى "الصغيرة" حسن')).toBe(true);
  });

  it("ends with a SUMMARY block: Subject, Teacher Name, group, Student ID, Student Name", () => {
    const lines = parse(selectionCsvText(ROWS, nameOf));
    const at = lines.findIndex((l) => l.length === 1 && l[0] === "SUMMARY");
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toEqual([...SUMMARY_HEADER]);
    expect(SUMMARY_HEADER).toEqual(["Subject", "Teacher Name", "المجموعة", "Student ID", "Student Name"]);
    const body = lines.slice(at + 2);
    expect(body).toHaveLength(5);
    // Ordered by subject (الرياضيات before العلوم), then teacher, then session.
    expect(body[0]).toEqual([MATH, 'أ. أحمد "الكبير" علي', "المجموعة 1", "\t31005050505050", "يوسف محمود"]);
    expect(body[3]).toEqual([SCIENCE, "أ/ هدى سالم", "المجموعة 1", "\t30912010101234", '\'=HYPERLINK("x")']);
    expect(body.map((l) => `${l[0]}|${l[2]}`)).toEqual([
      `${MATH}|المجموعة 1`,
      `${MATH}|المجموعة 1`,
      `${MATH}|المجموعة 2`,
      `${SCIENCE}|المجموعة 1`,
      `${SCIENCE}|المجموعة 2`,
    ]);
  });

  it("merges repeated teacher × session rows and lists a student once", () => {
    const rows = [ROWS[0]!, { ...ROWS[0]!, student_ids: ["31001310119461", "31005050505050"] }];
    const [teacher] = groupByTeacher(rows, nameOf);
    expect(teacher!.sessions).toHaveLength(1);
    expect(teacher!.sessions[0]!.students.map((s) => s.id)).toEqual(["31001310119461", "31005050505050"]);
  });

  it("still writes the SUMMARY header when there is nothing to export", () => {
    expect(selectionCsvRows([], nameOf)).toEqual([["SUMMARY"], [...SUMMARY_HEADER]]);
  });
});
