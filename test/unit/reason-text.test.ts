/**
 * The API's reasons (worker/reasons.ts) and the console's words for them (web/lib/reason-text.ts): a reason survives
 * the trip through a zod message, every reason reads as a whole sentence in both languages (no placeholder or key
 * left over) with any params, and the English the console shows is the API's own.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FIELDS, REASONS, englishOf, parseReason, reason, type Field, type Reason } from "../../worker/reasons";
import { createI18n } from "../../web/i18n";
import ar from "../../web/i18n/ar";
import en from "../../web/i18n/en";
import { ApiFailure } from "../../web/lib/api";
import { failureText, reasonText } from "../../web/lib/reason-text";

const tEn = createI18n("en", en).t;
const tAr = createI18n("ar", ar).t;
const reasons = Object.keys(REASONS) as Reason[];
const fields = Object.keys(FIELDS) as Field[];

/** Params for every placeholder of a reason's English text. */
function paramsFor(name: Reason, field: Field, n: number) {
  const params: Record<string, string | number> = {};
  for (const [, key] of REASONS[name][1].matchAll(/\{(\w+)\}/g))
    params[key!] = key === "field" ? field : key === "fields" ? "a, b" : n;
  return params;
}

describe("reasons", () => {
  it("survive the trip through a zod message, params included", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...reasons),
        fc.constantFrom(...fields),
        fc.integer({ min: -5, max: 1_000_000 }),
        (name, field, n) => {
          const params = paramsFor(name, field, n);
          expect(parseReason(reason(name, params))).toEqual({ reason: name, params });
        },
      ),
    );
    expect(parseReason("Invalid input: expected string")).toBeNull();
    expect(parseReason("NOT_A_REASON|x=1")).toBeNull();
  });

  it("read as whole sentences in English and Arabic for any params", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...reasons),
        fc.constantFrom(...fields),
        fc.integer({ min: 0, max: 100_000 }),
        (name, field, n) => {
          const params = paramsFor(name, field, n);
          for (const [t, lang] of [
            [tEn, "en"],
            [tAr, "ar"],
          ] as const) {
            const text = reasonText(t, lang, name, params);
            expect(text, `${lang} ${name}`).not.toMatch(/\{|\}|errors\.|^[A-Z_]+$/);
            expect(text.length).toBeGreaterThan(3);
          }
        },
      ),
    );
  });

  it("the console's English is the API's English", () => {
    for (const name of reasons) {
      const params = paramsFor(name, "name", 7);
      expect(reasonText(tEn, "en", name, params)).toBe(englishOf(name, params));
    }
  });

  it("Arabic follows the count: a length limit in its plural form, numbers in Arabic-Indic digits", () => {
    expect(reasonText(tAr, "ar", "TOO_LONG", { field: "name", max: 200 })).toBe("يجب ألا يزيد طول الاسم على ٢٠٠ حرف");
    expect(reasonText(tAr, "ar", "TOO_LONG", { field: "religion", max: 50 })).toBe(
      "يجب ألا يزيد طول الديانة على ٥٠ حرفًا",
    );
    expect(reasonText(tAr, "ar", "TOO_LONG", { field: "name", max: 5 })).toBe("يجب ألا يزيد طول الاسم على ٥ أحرف");
    expect(reasonText(tAr, "ar", "REQUIRED", { field: "nationality" })).toBe("الجنسية مطلوبة");
    expect(reasonText(tAr, "ar", "REQUIRED", { field: "name" })).toBe("الاسم مطلوب");
  });

  it("a failure reads its reason by shape: a known one in words, one this page has no words for as the fallback", () => {
    const failed = (reason: unknown) => new ApiFailure("x", 404, "NOT_FOUND", { reason });
    expect(failureText(tEn, "en", failed("RECEIPT_NOT_FOUND"), "fallback")).toBe("Receipt not found");
    expect(failureText(tAr, "ar", failed("RECEIPT_NOT_FOUND"), "fallback")).not.toBe("fallback");
    for (const odd of ["A_REASON_FROM_A_NEWER_SERVER", "not a reason", 7, null, "__proto__"])
      expect(failureText(tEn, "en", failed(odd), "fallback")).toBe("fallback");
    expect(failureText(tEn, "en", new ApiFailure("x", 0), "fallback", "network")).toBe("network");
  });
});
