/**
 * Arabic texts as printed (web/features/print/print-format.ts `printArabic`): a PDF's text layer orders a mark before
 * the letter carrying it, so tanwīn al-fatḥ goes onto the alif and other marks are left out.
 */
import { describe, expect, it } from "vitest";
import { printArabic } from "~/features/print/print-format";

describe("printArabic", () => {
  it("writes tanwīn al-fatḥ on the alif, as the text layer reads it back on the letter before", () => {
    expect(printArabic("ألف جنيهًا")).toBe("ألف جنيها\u064B");
    expect(printArabic("شكرًا لكم.")).toBe("شكرا\u064B لكم.");
    expect(printArabic("مستوًى")).toBe("مستوى\u064B");
  });

  it("leaves out the marks no other letter can carry", () => {
    expect(printArabic("زيادةً على المستحق")).toBe("زيادة على المستحق");
    expect(printArabic("رُدّ من الرصيد")).toBe("رد من الرصيد");
    expect(printArabic("المُضاف")).toBe("المضاف");
  });

  it("keeps text without marks, and English, as it is", () => {
    for (const s of ["إيصال استلام نقدية", "Payment Receipt", "RCP-2024-2025-000001", "٢٠٢٤–٢٠٢٥"])
      expect(printArabic(s)).toBe(s);
  });
});
