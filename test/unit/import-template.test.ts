/**
 * Import templates (docs/product.md#bulk-import): the teachers template's example subject is one of the school's own
 * active subjects (not "Mathematics"), and its example row, left in, is still skipped on import; no export-only
 * column (the fees export's computed figures, the results export's term) appears in a template.
 */
import { describe, expect, it } from "vitest";
import { exampleSubject, templateRows } from "~/features/import/admin/template";
import { autoMapping, buildRows, tableFromCells, type Cell } from "~/features/import/admin/sheet-rows";

const subjects = [
  { name: "Old subject", is_active: false },
  { name: "الرياضيات", is_active: true },
  { name: "اللغة العربية", is_active: true },
];

describe("templates", () => {
  it("take the teachers' example subject from the school's active subjects", () => {
    expect(exampleSubject(subjects)).toBe("الرياضيات");
    expect(exampleSubject([])).toBe("");
    const rows = templateRows("teachers", "xlsx", { subject_name: exampleSubject(subjects) });
    expect(rows[1]).toContain("الرياضيات");
    expect(rows.flat()).not.toContain("Mathematics");
  });

  it("skip the example row when it is left in, whatever its subject", () => {
    const rows = templateRows("teachers", "xlsx", { subject_name: "العلوم" }) as Cell[][];
    rows.push(["", "أ. منى علي", "العلوم", 5, 30, 30, "نشط"]);
    const table = tableFromCells(rows);
    const built = buildRows("teachers", table, autoMapping("teachers", table.headers));
    expect(built.skipped).toBe(1);
    expect(built.rows).toEqual([expect.objectContaining({ full_name: "أ. منى علي", subject_name: "العلوم" })]);
  });

  it("leave out the columns only exports write", () => {
    expect(templateRows("fees", "csv")[0]).toEqual([
      "رقم الطالب / Student ID",
      "اسم الطالب / Student Name",
      "الصف / Grade",
      "إجمالي المصروفات / Total Amount",
      "المبلغ المدفوع / Paid Amount",
    ]);
    expect(templateRows("results", "csv")[0]).not.toContain("العام الدراسي / Academic Year");
  });
});
