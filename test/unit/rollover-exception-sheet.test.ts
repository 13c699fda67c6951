/** A sheet of rollover exceptions read into the API's exceptions (docs/product.md#the-year-end-rollover). */
import { describe, expect, it } from "vitest";
import { outcomeOf, readExceptionSheet } from "../../web/features/rollover/admin/exception-sheet";

describe("readExceptionSheet", () => {
  it("reads Arabic headers and outcomes, Arabic-Indic digits, optional building and section", () => {
    const read = readExceptionSheet([
      ["قائمة الاستثناءات"],
      ["رقم الطالب", "الاسم", "الحالة", "المبنى", "الفصل"],
      ["٣٠١٠١٠١٠١٠١٠١٠", "أحمد", "باقٍ للإعادة", "", ""],
      ["A12345", "Sara", "left", null, null],
      [30101010101011, "منى", "ناجح", "٤", "5/2"],
      ["", "", "", "", ""],
      ["30101010101012", "علي", "ممتاز", "", ""],
      ["30101010101013", "هدى", "ناجح", "9", ""],
    ]);
    expect(read.found).toBe(true);
    expect(read.exceptions).toEqual([
      { student_no: "30101010101010", outcome: "retained" },
      { student_no: "A12345", outcome: "left" },
      { student_no: "30101010101011", outcome: "promoted", building: 4, section: "5/2" },
    ]);
    expect(read.problems).toEqual([
      { row: 7, problem: "outcome" },
      { row: 8, problem: "building" },
    ]);
  });

  it("reads English headers and says when there is no header row", () => {
    expect(
      readExceptionSheet([
        ["Student No", "Outcome"],
        ["B98765", "Retained"],
      ]).exceptions,
    ).toEqual([{ student_no: "B98765", outcome: "retained" }]);
    expect(
      readExceptionSheet([
        ["a", "b"],
        ["c", "d"],
      ]).found,
    ).toBe(false);
    expect(outcomeOf("راسب")).toBe("retained");
    expect(outcomeOf("منقطع.")).toBe("left");
    expect(outcomeOf("??")).toBeNull();
  });
});
