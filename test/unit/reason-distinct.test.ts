/**
 * No two reasons of the API (worker/reasons.ts) say the same thing in either language (docs/product.md#api-errors):
 * "الصف مطلوب" for an unknown grade, or "Building is required" for a filled building, told the admin something false.
 * Pairs that mean the same on purpose are listed here.
 */
import { describe, expect, it } from "vitest";
import { REASONS, type Reason } from "../../worker/reasons";
import { createStudentSchema } from "../../worker/contracts/students";
import { issuesOf } from "../../worker/validate";
import ar from "../../web/i18n/ar";
import en from "../../web/i18n/en";

/** Groups of reasons that share one text on purpose, per language. */
const INTENDED: Record<"ar" | "en", string[][]> = {
  en: [["NEWS_ID_INVALID", "SELECTION_ID_INVALID"]],
  ar: [],
};

function sharedTexts(texts: Record<string, unknown>): string[][] {
  const byText = new Map<string, string[]>();
  for (const name of Object.keys(REASONS) as Reason[]) {
    const text = texts[name];
    if (typeof text === "string") byText.set(text, [...(byText.get(text) ?? []), name]);
  }
  return [...byText.values()].filter((names) => names.length > 1).map((names) => names.sort());
}

describe("reason texts", () => {
  it.each(["ar", "en"] as const)("are distinct in %s, apart from the intended pairs", (lang) => {
    const dict = (lang === "ar" ? ar : en).errors as unknown as Record<string, unknown>;
    expect(sharedTexts(dict)).toEqual(INTENDED[lang].map((g) => [...g].sort()));
  });

  it("name an unknown grade and a building out of range or not a number as such, not as missing", () => {
    const base = { student_no: "31001310119461", full_name: "أ", nationality: "مصري", current_grade: "Prep-1" };
    const reasons = (row: Record<string, unknown>) => {
      const out = createStudentSchema.safeParse(row);
      return out.success ? [] : issuesOf(out.error).map((i) => i.reason);
    };
    expect(reasons({ ...base, building_no: "A" })).toEqual(["BUILDING_RANGE"]);
    expect(reasons({ ...base, building_no: 9 })).toEqual(["BUILDING_RANGE"]);
    expect(reasons({ ...base, building_no: "" })).toEqual(["BUILDING_REQUIRED"]);
    expect(reasons({ ...base, building_no: 1, current_grade: "Grade 9" })).toEqual(["GRADE_UNKNOWN"]);
    expect(ar.errors.GRADE_UNKNOWN).not.toBe(ar.errors.GRADE_REQUIRED);
    expect(ar.errors.BUILDING_RANGE).not.toBe(ar.errors.BUILDING_REQUIRED);
  });
});
