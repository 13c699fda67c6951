/** Language pieces of the printed documents and the console's print links (docs/product.md#printing). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { printLangOf, printLocale } from "~/features/print/print-format";
import {
  RECEIPT_WIDTH_KEY,
  receiptHref,
  reportCardsHref,
  statementHref,
  storedReceiptWidth,
  storeReceiptWidth,
} from "~/features/print/admin/print-links";

describe("printLocale", () => {
  const ar = printLocale("ar");
  const en = printLocale("en");

  it("defaults to Arabic and takes ?lang=en", () => {
    expect(printLangOf(new URL("http://x/p"))).toBe("ar");
    expect(printLangOf(new URL("http://x/p?lang=en"))).toBe("en");
    expect(printLangOf(new URL("http://x/p?lang=fr"))).toBe("ar");
  });

  it("counts report cards with the Arabic plural forms", () => {
    expect([0, 1, 2, 3, 10, 11, 100, 101, 300].map(ar.cardCount)).toEqual([
      "لا توجد شهادات",
      "شهادة واحدة",
      "شهادتان",
      "٣ شهادات",
      "١٠ شهادات",
      "١١ شهادة",
      "١٠٠ شهادة",
      "١٠١ شهادة",
      "٣٠٠ شهادة",
    ]);
    expect([0, 1, 2, 300].map(en.cardCount)).toEqual([
      "No report cards",
      "1 report card",
      "2 report cards",
      "300 report cards",
    ]);
  });

  it("writes numbers, years, percentages and grade names in the page's digits", () => {
    expect(ar.num(35.5)).toBe("٣٥٫٥");
    expect(ar.year("2024-2025")).toBe("٢٠٢٤–٢٠٢٥");
    expect(en.year("2024-2025")).toBe("2024–2025");
    expect(ar.pct(70.33)).toMatch(/^٧٠٫٣٣\s?٪/);
    expect(ar.grade("KG-2")).toBe("رياض الأطفال ٢");
    expect(en.grade("Prep-3")).toBe("Prep-3");
    expect(ar.subject("Computer Science")).toBe("الحاسب الآلي");
  });
});

describe("print links", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("build the batch link from the Results page's filter", () => {
    expect(reportCardsHref({ grade: "All", academicYear: "2024-2025", semester: "S1" })).toBe(
      "/admin/print/report-cards?academic_year_name=2024-2025&semester=S1",
    );
    expect(
      reportCardsHref({ grade: "Prep-3", academicYear: "2024-2025", semester: "S2", includeDrafts: true, lang: "en" }),
    ).toBe("/admin/print/report-cards?grade=Prep-3&academic_year_name=2024-2025&semester=S2&include_drafts=1&lang=en");
    expect(statementHref("P 12/3")).toBe("/admin/print/statements/P%2012%2F3");
  });

  it("remember the receipt width in this browser, A5 unless 80 mm was chosen", () => {
    const store = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
    expect(storedReceiptWidth()).toBe("a5");
    expect(receiptHref("RCP-2024-2025-000001")).toBe("/admin/print/receipts/RCP-2024-2025-000001");
    storeReceiptWidth("80mm");
    expect(store.get(RECEIPT_WIDTH_KEY)).toBe("80mm");
    expect(receiptHref("RCP-2024-2025-000001", { copy: true })).toBe(
      "/admin/print/receipts/RCP-2024-2025-000001?copy=1&width=80mm",
    );
    store.set(RECEIPT_WIDTH_KEY, "huge");
    expect(storedReceiptWidth()).toBe("a5");
  });
});
