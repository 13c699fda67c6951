/**
 * Counted words agree with their number in Arabic (Intl.PluralRules: zero, one, two, few, many, other): "٥ عمليات",
 * never "٥ عملية"; English says "1 payment" / "5 payments".
 */
import { describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import en from "~/i18n/en";
import { createI18n } from "~/i18n";

const tAr = createI18n("ar", ar).t;
const tEn = createI18n("en", en).t;
const checked = (t: typeof tAr, count: number) =>
  t("fees.online.checked", { count, checked: count, paid: 0, failed: 0, expired: 0, pending: count });

describe("Paymob check toast", () => {
  it("counts payments with Arabic plural forms and Arabic digits", () => {
    expect(checked(tAr, 1)).toContain("عملية واحدة");
    expect(checked(tAr, 2)).toContain("عمليتين");
    expect(checked(tAr, 5)).toContain("٥ عمليات");
    expect(checked(tAr, 10)).toContain("١٠ عمليات");
    expect(checked(tAr, 11)).toContain("١١ عملية");
    expect(checked(tAr, 100)).toContain("١٠٠ عملية");
    expect(checked(tAr, 0)).not.toMatch(/[0-9٠]/);
    for (const n of [0, 1, 2, 5, 11, 100]) expect(checked(tAr, n)).not.toMatch(/[0-9]/);
  });

  it("says payment / payments in English", () => {
    expect(checked(tEn, 1)).toContain("1 payment:");
    expect(checked(tEn, 5)).toContain("5 payments:");
  });
});
