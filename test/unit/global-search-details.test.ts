/** The dashboard search's hit details read the page's language: "٢٠٢٤-٢٠٢٥ · الفصل الأول", not "2024-2025 · S1". */
import { describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import en from "~/i18n/en";
import { createI18n } from "~/i18n";
import { hitDetailText } from "~/features/shell/admin/global-search-results";

const tAr = createI18n("ar", ar).t;
const tEn = createI18n("en", en).t;

describe("hitDetailText", () => {
  it("translates the semester and writes the year in Arabic-Indic digits on Arabic pages", () => {
    expect(hitDetailText("2024-2025", tAr, "ar")).toBe("٢٠٢٤-٢٠٢٥");
    expect(hitDetailText("S1", tAr, "ar")).toBe("الفصل الأول");
    expect(hitDetailText("S2", tAr, "ar")).toBe("الفصل الثاني");
    expect(hitDetailText("Prep-3", tAr, "ar")).not.toMatch(/[A-Za-z0-9]/);
  });

  it("keeps English pages in English", () => {
    expect(hitDetailText("2024-2025", tEn, "en")).toBe("2024-2025");
    expect(hitDetailText("S1", tEn, "en")).toBe("S1");
  });
});
