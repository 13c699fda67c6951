/** Amount in Arabic words against the grammar table (docs/product.md#printing). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountInArabicWords } from "@worker/lib/amount-words";
import { AMOUNT_WORD_CASES } from "./amount-words.cases";

describe("amountInArabicWords", () => {
  it.each(AMOUNT_WORD_CASES)("%d EGP → %s", (egp, words) => {
    expect(amountInArabicWords(egp)).toBe(words);
  });

  it("refuses negative, non-finite and over-precise amounts", () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1.005])
      expect(() => amountInArabicWords(bad)).toThrow(RangeError);
  });

  it("words every amount from 0 to 10,000,000 EGP with one noun form, no Latin digits and no doubled spaces", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (piastres) => {
        const words = amountInArabicWords(piastres / 100);
        expect(words).not.toMatch(/[0-9]|undefined| {2}|مائة|اً| و /);
        expect(words).toMatch(/(جنيه|جنيهان|جنيهات|جنيهًا|قرش|قرشان|قروش|قرشًا)( واحد)?$/);
      }),
      { numRuns: 2000 },
    );
  });
});
