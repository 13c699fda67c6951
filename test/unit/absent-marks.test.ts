/**
 * Absent marks (docs/product.md#results): "غ", "غائب", "abs" and "absent" in any case, spacing and Arabic letter
 * variant are the state "absent" wherever a mark is typed (the result schema behind the API, the form and the
 * import), never a number; an absent row has no marks, and the totals leave it out (`excluded`, the default) or
 * count it as 0 of its max (`zero`).
 */
import { describe, expect, it } from "vitest";
import { resultBodySchema, subjectScoreSchema } from "../../worker/contracts/results";
import { importRowSchemas } from "../../worker/contracts/import";
import { ABSENT_MARK, isAbsentMark } from "../../worker/lib/absent-mark";
import { scoreTotals } from "../../worker/lib/letter-grades";
import { parseReason } from "../../worker/reasons";
import { formValuesOf, keepReadOnly, rowLetter, toBody } from "../../web/features/results/admin/result-form";

const reasonsOf = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  (r.error?.issues ?? []).map((i) => parseReason(i.message)?.reason);

describe("absent words", () => {
  it.each([
    "غ",
    " غ ",
    "غ.",
    "غائب",
    "غايب",
    "غائبة",
    "غائبه",
    "غـائب",
    "غياب",
    "abs",
    "ABS",
    "Abs.",
    "absent",
    " Absent ",
  ])("%j is absent", (text) => expect(isAbsentMark(text)).toBe(true));
  it.each(["", "0", "غير", "a", "absence note", "غ 5", "45"])("%j is not", (text) =>
    expect(isAbsentMark(text)).toBe(false),
  );
  it("numbers never are", () => expect(isAbsentMark(0)).toBe(false));
  it("the export writes غ, which reads back as absent", () => expect(isAbsentMark(ABSENT_MARK)).toBe(true));
});

describe("a subject row", () => {
  it("reads an absent word typed as the mark as absent, with no score", () => {
    for (const score of ["غ", "غائب", "ABS", "absent"]) {
      const r = subjectScoreSchema.safeParse({ subject_name: "Art", score, max_score: "50" });
      expect(r.success, score).toBe(true);
      expect(r.data).toMatchObject({ subject_name: "Art", score: null, max_score: 50, absent: true });
    }
  });

  it("takes absent: true with score null, omitted or empty", () => {
    for (const extra of [{ score: null }, {}, { score: "" }]) {
      const r = subjectScoreSchema.safeParse({ subject_name: "Art", absent: true, ...extra });
      expect(r.success, JSON.stringify(extra)).toBe(true);
      expect(r.data).toMatchObject({ score: null, absent: true, max_score: 100 });
    }
  });

  it("refuses marks on an absent row, no marks on a present one, and a non-boolean absent", () => {
    expect(reasonsOf(subjectScoreSchema.safeParse({ subject_name: "Art", absent: true, score: 5 }))).toEqual([
      "ABSENT_WITH_MARKS",
    ]);
    expect(reasonsOf(subjectScoreSchema.safeParse({ subject_name: "Art", score: null }))).toEqual(["MARKS_REQUIRED"]);
    expect(reasonsOf(subjectScoreSchema.safeParse({ subject_name: "Art", score: "" }))).toEqual(["MARKS_REQUIRED"]);
    expect(reasonsOf(subjectScoreSchema.safeParse({ subject_name: "Art", score: 5, absent: "yes" }))).toEqual([
      "NOT_BOOLEAN",
    ]);
    // absent: false keeps the text, which is no number.
    expect(reasonsOf(subjectScoreSchema.safeParse({ subject_name: "Art", score: "غ", absent: false }))).toEqual([
      "NUMBER_INVALID",
    ]);
  });

  it("keeps a present row as before: absent false, the score a number", () => {
    const r = subjectScoreSchema.safeParse({ subject_name: "Art", score: "٤٥٫٥", max_score: 50 });
    expect(r.data).toEqual({ subject_name: "Art", score: 45.5, max_score: 50, absent: false, remarks: null });
    expect(reasonsOf(subjectScoreSchema.safeParse({ subject_name: "Art", score: 51, max_score: 50 }))).toEqual([
      "MARKS_ABOVE_TOTAL",
    ]);
  });
});

describe("an imported results row", () => {
  it("with غ in a subject's cell is valid, that subject absent (a teacher's sheet no longer stops at it)", () => {
    const r = importRowSchemas.results.safeParse({
      student_id: "31001310119461",
      academic_year_name: "2024-2025",
      semester: "S1",
      subject_scores: [
        { subject_name: "Mathematics", score: "45" },
        { subject_name: "Science", score: "غ" },
        { subject_name: "Art", score: "غائب", max_score: "50" },
      ],
    });
    expect(r.success).toBe(true);
    expect(r.data?.subject_scores.map((s) => [s.subject_name, s.score, s.absent])).toEqual([
      ["Mathematics", 45, false],
      ["Science", null, true],
      ["Art", null, true],
    ]);
  });

  it("the same through the API body schema", () => {
    const body = {
      student_id: "31001310119461",
      academic_year_name: "2024-2025",
      semester: "S1",
      subject_scores: [{ subject_name: "Science", absent: true }],
    };
    expect(resultBodySchema.parse(body).subject_scores[0]).toMatchObject({ score: null, absent: true });
  });
});

describe("totals", () => {
  const rows = [
    { score: 45, max_score: 50 },
    { score: null, max_score: 100, absent: true },
    { score: 30, max_score: 50 },
  ];
  it("leave an absent subject out of the total and the percentage by default", () => {
    expect(scoreTotals(rows)).toEqual({ total: 75, max: 100, percentage: 75, absent: 1, counted: 2 });
  });
  it("count it as 0 of its max under the zero rule", () => {
    expect(scoreTotals(rows, "zero")).toEqual({ total: 75, max: 200, percentage: 37.5, absent: 1, counted: 3 });
  });
  it("give no percentage when every subject is absent and left out", () => {
    expect(scoreTotals([rows[1]!])).toEqual({ total: 0, max: 0, percentage: 0, absent: 1, counted: 0 });
  });
});

describe("the result form", () => {
  const editing = {
    id: 1,
    result_id: 1,
    student_no: "31001310119461",
    full_name: "س",
    academic_year_name: "2024-2025",
    semester: "S1" as const,
    current_grade: "Prep-3",
    remarks: null,
    created_at: "",
    updated_at: "",
    subject_scores: [
      { subject_name: "Mathematics", score: 45, max_score: 50, remarks: "Grade: A+", absent: false },
      { subject_name: "Science", score: null, max_score: 50, remarks: null, absent: true },
    ],
  };

  it("shows an absent subject's marks as the page's absent mark, and its letter as absent", () => {
    expect(formValuesOf(editing, "").subject_scores[1]).toEqual({
      subject_name: "Science",
      score: "غ",
      max_score: "50",
    });
    expect(formValuesOf(editing, "", "abs").subject_scores[1]!.score).toBe("abs");
    expect(rowLetter("غائب", "50")).toBe("absent");
    expect(rowLetter("45", "50")).toBe("A+");
  });

  it("sends it back as absent, with no remark, and a teacher's read-only absent row as stored", () => {
    const values = formValuesOf(editing, "", "abs");
    const body = resultBodySchema.parse(toBody(values));
    expect(body.subject_scores[1]).toMatchObject({ score: null, absent: true, remarks: null });
    const mine = keepReadOnly(
      { ...body, subject_scores: [body.subject_scores[0]!, { ...body.subject_scores[1]!, absent: false, score: 1 }] },
      editing,
      (s) => s === "Mathematics",
    );
    expect(mine.subject_scores[1]).toMatchObject({ score: null, absent: true });
  });
});
