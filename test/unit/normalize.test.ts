/** Digit and ID normalisation (worker/lib/normalize.ts): Arabic-Indic and Persian digits, trimming, bidi marks. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeDigits, normalizeNationalId } from "../../worker/lib/normalize";

const ARABIC = "٠١٢٣٤٥٦٧٨٩";
const PERSIAN = "۰۱۲۳۴۵۶۷۸۹";

describe("normalizeDigits", () => {
  it("maps every Arabic-Indic and Persian digit to its ASCII digit", () => {
    for (let d = 0; d <= 9; d++) {
      expect(normalizeDigits(ARABIC[d]!)).toBe(String(d));
      expect(normalizeDigits(PERSIAN[d]!)).toBe(String(d));
    }
    expect(normalizeDigits(ARABIC)).toBe("0123456789");
    expect(normalizeDigits(PERSIAN)).toBe("0123456789");
  });

  it("maps full-width digits (０-９, as Japanese and Chinese keyboards type them) like Eastern ones", () => {
    expect(normalizeDigits("０１２３４５６７８９")).toBe("0123456789");
    expect(normalizeDigits("１٢3")).toBe("123");
  });

  it("handles mixed scripts and leaves every other character alone", () => {
    expect(normalizeDigits("٣١0۰٠1")).toBe("310001");
    expect(normalizeDigits("رقم ٤٢ - No. 7")).toBe("رقم 42 - No. 7");
    expect(normalizeDigits("")).toBe("");
  });

  it("is the identity on strings without Eastern digits, and idempotent", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = normalizeDigits(s);
        expect(normalizeDigits(once)).toBe(once);
        if (!/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/.test(s)) expect(once).toBe(s);
        expect(once).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
      }),
    );
  });
});

describe("normalizeNationalId", () => {
  it("trims and converts digits", () => {
    expect(normalizeNationalId("  ٣١٠٠١٣١٠١١٩٤٦١ ")).toBe("31001310119461");
    expect(normalizeNationalId("\t۳۱۰۰۱۳۱۰۱۱۹۴۶۱\n")).toBe("31001310119461");
    expect(normalizeNationalId("31001310119461")).toBe("31001310119461");
  });

  it("drops invisible direction marks copied from Arabic text", () => {
    expect(normalizeNationalId("\u200f٣١٠٠١٣١٠١١٩٤٦١\u200e")).toBe("31001310119461");
    expect(normalizeNationalId("\u2067A1234567\u2069")).toBe("A1234567");
  });

  it("keeps letters as typed (passport numbers)", () => {
    expect(normalizeNationalId(" a١٢٣٤٥٦ ")).toBe("a123456");
  });
});
