/**
 * An absent subject on a printed report card (docs/product.md#printing, #results): "غائب / Absent" in its marks, no
 * percentage or letter of its own, the total and percentage over the other subjects (the default rule) or with it
 * as 0 of its max (the `zero` rule), and a line saying which.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ReportCardData } from "@worker/services/print";
import type { AbsentRule } from "@worker/lib/absent-mark";
import { printLocale } from "~/features/print/print-format";
import { ReportCardSheet } from "~/features/print/report-card";

const card: ReportCardData = {
  draft: false,
  result: {
    id: 1,
    result_id: 1,
    student_no: "30101010101010",
    full_name: "سارة علي",
    academic_year_name: "2024-2025",
    semester: "S1",
    current_grade: "Prep-3",
    remarks: null,
    created_at: "2025-01-01T00:00:00.000Z",
    updated_at: "2025-01-01T00:00:00.000Z",
    subject_scores: [
      { subject_name: "Mathematics", score: 45, max_score: 50, remarks: "Grade: A+", absent: false },
      { subject_name: "Science", score: null, max_score: 50, remarks: null, absent: true },
      { subject_name: "English", score: 30, max_score: 50, remarks: "Grade: B", absent: false },
    ],
  },
};

const text = (lang: "ar" | "en", rule: AbsentRule, c = card) =>
  renderToStaticMarkup(createElement(ReportCardSheet, { loc: printLocale(lang), card: c, absentRule: rule }))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("a report card with an absent subject", () => {
  it("prints Absent and leaves it out of the total by default, saying so (English)", () => {
    const out = text("en", "excluded");
    // Its max is left out too, so the column adds up to the total's max.
    expect(out).toContain("Science Absent — — —");
    expect(out).toContain("Total 75 100 75% B+");
    expect(out).toContain("not counted in the total or the percentage");
  });

  it("counts it as 0 of its max under the zero rule (Arabic)", () => {
    const out = text("ar", "zero");
    expect(out).toContain("العلوم غائب ٥٠ — —");
    expect(out).toContain("٧٥ ١٥٠");
    expect(out).toContain("٥٠٪");
    expect(out).toContain("محسوبة بدرجة صفر");
  });

  it("prints no note when no subject is absent, and no percentage when every one is", () => {
    const present = { ...card, result: { ...card.result, subject_scores: [card.result.subject_scores[0]!] } };
    expect(text("en", "excluded", present)).not.toContain("absent from");
    const away = { ...card, result: { ...card.result, subject_scores: [card.result.subject_scores[1]!] } };
    expect(text("en", "excluded", away)).toContain("Total 0 0 — —");
  });
});
