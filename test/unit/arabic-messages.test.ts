/**
 * Messages and labels (docs/product.md#languages-and-numbers) read the page's language and digits
 * (docs/product.md#languages-and-numbers): a refused fee plan's dates and amounts, the import summary's plural forms,
 * academic years, and the news author default.
 */
import { describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import en from "~/i18n/en";
import { createI18n } from "~/i18n";
import { localDigits } from "~/lib/format";
import { reasonText } from "~/lib/reason-text";
import { authorText } from "~/features/news/public/news-format";

const tAr = createI18n("ar", ar).t;
const tEn = createI18n("en", en).t;
const WESTERN = /[0-9]/;

describe("a refused fee plan", () => {
  it("names the academic year's dates as dates in the page's digits, never ISO", () => {
    const params = { start: "2026-09-01", end: "2027-08-31" };
    const arText = reasonText(tAr, "ar", "DUE_DATE_OUTSIDE_YEAR", params);
    expect(arText).not.toMatch(WESTERN);
    expect(arText).toContain("سبتمبر");
    expect(arText).toContain("٢٠٢٦");
    const enText = reasonText(tEn, "en", "DUE_DATE_OUTSIDE_YEAR", params);
    expect(enText).not.toContain("2026-09-01");
    expect(enText).toMatch(/1 September 2026.*31 August 2027|September 1, 2026.*August 31, 2027/);
  });

  it("gives a line's sums in the page's digits", () => {
    const text = reasonText(tAr, "ar", "PLAN_SUM_MISMATCH", { line: "الباص", sum: "12000.00", total: "12500.50" });
    expect(text).not.toMatch(WESTERN);
    expect(text).toContain("١٢٬٠٠٠ ج.م");
    expect(text).toContain("١٢٬٥٠٠٫٥٠");
  });
});

describe("the import summary", () => {
  const summary = (t: typeof tAr, count: number, total: string) =>
    t("importing.preview.summary", { count, total, create: 0, update: 0, unchanged: 0, errors: 0 });
  it("follows Arabic plural forms: ٣١ صفًا, ٣ صفوف, صف واحد", () => {
    expect(summary(tAr, 31, "٣١")).toMatch(/^٣١ صفًا:/);
    expect(summary(tAr, 3, "٣")).toMatch(/^٣ صفوف:/);
    expect(summary(tAr, 1, "١")).toMatch(/^صف واحد:/);
    expect(summary(tAr, 100, "١٠٠")).toMatch(/^١٠٠ صف:/);
    expect(summary(tEn, 1, "1")).toMatch(/^1 row:/);
    expect(summary(tEn, 31, "31")).toMatch(/^31 rows:/);
  });
});

describe("labels", () => {
  it("academic years read the page's digits", () => {
    expect(localDigits("2024-2025", "ar")).toBe("٢٠٢٤-٢٠٢٥");
    expect(localDigits("2024-2025", "en")).toBe("2024-2025");
  });

  it("the default news author reads as the school's administration; a named author as written", () => {
    expect(authorText("Admin", tAr)).toBe("إدارة المدرسة");
    expect(tAr("news.public.author", { author: authorText("Admin", tAr) })).toBe("بقلم إدارة المدرسة");
    expect(authorText("Admin", tEn)).toBe("School administration");
    expect(authorText("أ. منى", tAr)).toBe("أ. منى");
  });

  it("the period name's placeholder is in the console's language", () => {
    expect(tAr("courseSelection.periods.form.namePlaceholder", { year: localDigits("2026-2027", "ar") })).toBe(
      "العام الدراسي ٢٠٢٦-٢٠٢٧ - الفصل الدراسي الأول",
    );
  });
});
