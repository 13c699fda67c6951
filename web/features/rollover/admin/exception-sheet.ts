/**
 * A sheet of rollover exceptions (docs/product.md#the-year-end-rollover), read into the API's exceptions: a header
 * row naming the student number and the outcome (Arabic or English), optionally the building and the class section;
 * each row below it one student. Outcomes read in either language ("retained" / "راسب" / "باقٍ للإعادة", "left" /
 * "ترك", "promoted" / "ناجح"). Pure: the file itself is read by the import's sheet reader.
 */
import { normalizeNationalId } from "@worker/lib/normalize";
import type { RolloverExceptionInput } from "@worker/contracts/rollover";
import { cellText, type Cell } from "~/features/import/admin/cell-text";

type Column = "student_no" | "outcome" | "building" | "section";

const HEADERS: Record<Column, RegExp> = {
  student_no: /^(student[ _]?(no|number|id)|national[ _]?id|id|رقم الطالب|الرقم القومي|رقم الهوية|الرقم)$/i,
  outcome: /^(outcome|status|result|decision|الحالة|النتيجة|القرار)$/i,
  building: /^(building|building[ _]?no|المبنى|رقم المبنى)$/i,
  section: /^(section|class|الفصل|الشعبة)$/i,
};

const OUTCOMES: Array<[RolloverExceptionInput["outcome"], RegExp]> = [
  ["retained", /^(retained|retain|repeat|راسب|باق|باقٍ|باقي|باق للإعادة|باقٍ للإعادة|للإعادة|إعادة|يعيد)$/i],
  ["left", /^(left|leave|leaving|withdrawn|ترك|غادر|منقطع|منسحب|محول|ترك المدرسة)$/i],
  ["promoted", /^(promoted|promote|pass|passed|ناجح|منقول|ينقل|نقل)$/i],
];

/** One row the sheet could not read: its row number (1-based, as the spreadsheet shows it) and why. */
export interface SheetProblem {
  row: number;
  problem: "student_no" | "outcome" | "building";
}

export interface ExceptionSheet {
  exceptions: RolloverExceptionInput[];
  problems: SheetProblem[];
  /** False when no row of the first 10 names both a student number and an outcome column. */
  found: boolean;
}

const clean = (v: Cell) => normalizeNationalId(cellText(v)).replace(/\s+/g, " ").trim();

/** The outcome a cell names, or null. */
export function outcomeOf(text: string): RolloverExceptionInput["outcome"] | null {
  const t = text.trim().replace(/[.:]/g, "");
  for (const [outcome, re] of OUTCOMES) if (re.test(t)) return outcome;
  return null;
}

/** The exceptions of `cells` (rows of cells as the sheet reader gives them). */
export function readExceptionSheet(cells: readonly (readonly Cell[])[]): ExceptionSheet {
  const headerAt = cells.slice(0, 10).findIndex((row) => {
    const texts = row.map(clean);
    return texts.some((t) => HEADERS.student_no.test(t)) && texts.some((t) => HEADERS.outcome.test(t));
  });
  if (headerAt < 0) return { exceptions: [], problems: [], found: false };
  const header = cells[headerAt]!.map(clean);
  const col = (c: Column) => header.findIndex((t) => HEADERS[c].test(t));
  const at = {
    student_no: col("student_no"),
    outcome: col("outcome"),
    building: col("building"),
    section: col("section"),
  };
  const exceptions: RolloverExceptionInput[] = [];
  const problems: SheetProblem[] = [];
  for (const [i, row] of cells.slice(headerAt + 1).entries()) {
    const line = headerAt + i + 2;
    const text = (c: number) => (c < 0 ? "" : clean(row[c]));
    if (row.every((v) => clean(v) === "")) continue;
    const studentNo = text(at.student_no).toUpperCase();
    const outcome = outcomeOf(text(at.outcome));
    const b = text(at.building);
    const building = b ? Number(b) : undefined;
    const badBuilding = building !== undefined && !(Number.isInteger(building) && building >= 1 && building <= 6);
    const problem = !studentNo ? "student_no" : !outcome ? "outcome" : badBuilding ? "building" : null;
    if (problem || !outcome) {
      problems.push({ row: line, problem: problem ?? "outcome" });
      continue;
    }
    const section = text(at.section) || undefined;
    exceptions.push({
      student_no: studentNo,
      outcome,
      ...(building ? { building } : {}),
      ...(section ? { section } : {}),
    });
  }
  return { exceptions, problems, found: true };
}
