/**
 * The console's links to the print documents (docs/product.md#printing) and the receipt width it remembers. The
 * width is an option of the link, kept in this browser (localStorage), not a setting of the school: each desk has
 * its own printer (A5 sheet or an 80 mm thermal roll).
 */
export type ReceiptWidth = "a5" | "80mm";
export type PrintLang = "ar" | "en";

/** localStorage key of the receipt width this browser prints. */
export const RECEIPT_WIDTH_KEY = "printReceiptWidth";

/** A receipt width from any value: "80mm", else A5. */
export const receiptWidthOf = (v: unknown): ReceiptWidth => (v === "80mm" ? "80mm" : "a5");

/** The remembered receipt width (A5 when nothing, or something unknown, is stored; or on the server). */
export function storedReceiptWidth(): ReceiptWidth {
  try {
    return receiptWidthOf(globalThis.localStorage?.getItem(RECEIPT_WIDTH_KEY));
  } catch {
    return "a5";
  }
}

/** Remembers the receipt width for the next receipts printed in this browser. */
export function storeReceiptWidth(width: ReceiptWidth): void {
  try {
    globalThis.localStorage?.setItem(RECEIPT_WIDTH_KEY, width);
  } catch {
    /* private mode or storage full: the choice lasts for this page only */
  }
}

const query = (values: Record<string, string | undefined | false>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
};

/** A grade's report cards for one term; `grade` "All" (or none) prints every grade. */
export function reportCardsHref(o: {
  grade?: string;
  academicYear: string;
  semester: string;
  includeDrafts?: boolean;
  lang?: PrintLang;
}): string {
  return `/admin/print/report-cards${query({
    grade: o.grade && o.grade !== "All" ? o.grade : undefined,
    academic_year_name: o.academicYear,
    semester: o.semester,
    include_drafts: o.includeDrafts ? "1" : undefined,
    lang: o.lang === "en" ? "en" : undefined,
  })}`;
}

/** One result's report card. */
export const reportCardHref = (resultId: number, lang?: PrintLang) =>
  `/admin/print/report-cards/${resultId}${query({ lang: lang === "en" && "en" })}`;

/** A payment's receipt, the original or a copy (reprint), at this browser's width. */
export function receiptHref(receiptNo: string, o: { copy?: boolean; width?: ReceiptWidth } = {}): string {
  const width = o.width ?? storedReceiptWidth();
  return `/admin/print/receipts/${encodeURIComponent(receiptNo)}${query({ copy: o.copy && "1", width: width === "80mm" && "80mm" })}`;
}

/** A student's fee statement. */
export const statementHref = (studentNo: string) => `/admin/print/statements/${encodeURIComponent(studentNo)}`;
