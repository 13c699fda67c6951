/** The one reader of typed numbers (worker/lib/typed-number.ts): a table of what is typed → what is read. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fromHundredths,
  parseTypedNumber,
  readTypedNumber,
  toHundredths,
  type TypedNumberRules,
} from "../../worker/lib/typed-number";

const MARKS: TypedNumberRules = { decimals: 2 };
const MONEY: TypedNumberRules = { decimals: 2, grouping: true };
const WHOLE: TypedNumberRules = { decimals: 0 };

/** [typed, rules, hundredths or the problem] */
const TABLE: Array<[string, TypedNumberRules, number | string]> = [
  // plain ASCII
  ["45", MARKS, 4500],
  ["45.5", MARKS, 4550],
  ["7.5", MARKS, 750],
  ["7.25", MARKS, 725],
  ["0.01", MARKS, 1],
  ["0", MARKS, 0],
  [".5", MARKS, 50],
  ["5.", MARKS, 500],
  ["007", MARKS, 700],
  ["7.50", MARKS, 750],
  ["7.500", MARKS, 750],
  ["  12  ", MARKS, 1200],
  ["１２．５", MARKS, 1250], // full-width digits and full stop, as an IME in full-width mode types them
  ["１２", MARKS, 1200], // full-width digits
  ["１２,０００", MONEY, 1200000],
  ["+5", MARKS, 500],
  // Arabic-Indic and Persian digits, the Arabic decimal separator, direction marks
  ["٧٫٥", MARKS, 750],
  ["٤٥٫٥", MARKS, 4550],
  ["۴۵٫۵", MARKS, 4550],
  ["٤٥.٥", MARKS, 4550],
  ["\u200f٤٥\u200f", MARKS, 4500],
  ["٣5", MARKS, 3500],
  // refused, never rewritten
  ["", MARKS, "empty"],
  ["   ", MARKS, "empty"],
  ["-5", MARKS, "negative"],
  ["\u22125", MARKS, "negative"],
  ["-0", MARKS, 0],
  ["1e2", MARKS, "invalid"],
  ["1E2", MARKS, "invalid"],
  ["0x10", MARKS, "invalid"],
  ["Infinity", MARKS, "invalid"],
  ["NaN", MARKS, "invalid"],
  ["7.555", MARKS, "decimals"],
  ["٧٫٥٥٥", MARKS, "decimals"],
  ["7..5", MARKS, "invalid"],
  ["7.5.1", MARKS, "invalid"],
  ["٧٫٥٫١", MARKS, "invalid"],
  ["7,5", MARKS, "invalid"],
  ["12,000", MARKS, "invalid"],
  ["--5", MARKS, "invalid"],
  ["5-", MARKS, "invalid"],
  ["abc", MARKS, "invalid"],
  ["1 2", MARKS, "invalid"],
  [".", MARKS, "invalid"],
  ["+", MARKS, "invalid"],
  ["12345678901234", MARKS, "tooLarge"],
  // whole-number fields (capacities, max selections, page numbers)
  ["35", WHOLE, 3500],
  ["٣٥", WHOLE, 3500],
  ["35.0", WHOLE, 3500],
  ["35.5", WHOLE, "decimals"],
  ["-1", WHOLE, "negative"],
  // money: thousands separators that group by three
  ["12,000", MONEY, 1_200_000],
  ["١٢٬٠٠٠", MONEY, 1_200_000],
  ["١٢٬٠٠٠٫٥٠", MONEY, 1_200_050],
  ["12 000", MONEY, 1_200_000],
  ["12\u00a0000", MONEY, 1_200_000],
  ["12\u202f000.75", MONEY, 1_200_075],
  ["1,234,567.5", MONEY, 123_456_750],
  ["12،000", MONEY, 1_200_000],
  ["12000", MONEY, 1_200_000],
  ["1,5", MONEY, "invalid"],
  ["1,2345", MONEY, "invalid"],
  ["1234,567", MONEY, "invalid"],
  ["12,000 000", MONEY, "invalid"],
  [",000", MONEY, "invalid"],
  ["12,000,", MONEY, "invalid"],
  ["-12,000", MONEY, "negative"],
  ["12,000.123", MONEY, "decimals"],
  ["-5", { decimals: 2, negative: true }, -500],
];

describe("parseTypedNumber: typed → read", () => {
  it.each(TABLE)("%j (%j) → %j", (typed, rules, expected) => {
    const r = parseTypedNumber(typed, rules);
    if (typeof expected === "number") {
      expect(r).toEqual({ ok: true, value: expected / 100, hundredths: expected });
    } else {
      expect(r).toEqual({ ok: false, problem: expected });
    }
  });
});

describe("readTypedNumber: JSON numbers under the same rules", () => {
  it.each([
    [45.5, MARKS, 4550],
    [0.1 + 0.2, MARKS, 30],
    [10_000_000.01, MONEY, 1_000_000_001],
    [35, WHOLE, 3500],
    [45.555, MARKS, "decimals"],
    [35.5, WHOLE, "decimals"],
    [-1, MARKS, "negative"],
    [Number.NaN, MARKS, "invalid"],
    [Number.POSITIVE_INFINITY, MARKS, "invalid"],
    [1e14, MARKS, "tooLarge"],
    [null, MARKS, "empty"],
    [undefined, MARKS, "empty"],
    [true, MARKS, "invalid"],
    [{}, MARKS, "invalid"],
  ] as Array<[unknown, TypedNumberRules, number | string]>)("%j → %j", (input, rules, expected) => {
    const r = readTypedNumber(input, rules);
    if (typeof expected === "number") expect(r).toEqual({ ok: true, value: expected / 100, hundredths: expected });
    else expect(r).toEqual({ ok: false, problem: expected });
  });
});

/** Every amount the product can hold: 0 … 10,000,000.00 in hundredths. */
const hundredths = fc.integer({ min: 0, max: 1_000_000_000 });

describe("properties", () => {
  it("reads back whatever Intl writes, in Arabic (٬ ٫, Arabic-Indic digits) and English, with or without grouping", () => {
    const locales = ["ar-EG", "en-EG", "fa-IR", "en-IN"];
    fc.assert(
      fc.property(hundredths, fc.constantFrom(...locales), fc.boolean(), (h, locale, useGrouping) => {
        const text = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping }).format(h / 100);
        // en-IN groups by two after the first three (12,34,567): refused rather than misread.
        if (locale === "en-IN" && useGrouping && h >= 100_000_00) return;
        expect(parseTypedNumber(text, MONEY)).toEqual({ ok: true, value: h / 100, hundredths: h });
      }),
    );
  });

  it("never accepts text it would have to change: the value always prints back as what was typed, digits aside", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789.,٫٬-+e ".split("")), maxLength: 12 }), (typed) => {
        const r = parseTypedNumber(typed, MARKS);
        if (!r.ok) return;
        const digitsTyped = typed.replace(/[^0-9]/g, "").replace(/^0+/, "");
        const digitsRead = String(Math.abs(r.hundredths)).replace(/0+$/, "");
        expect(digitsTyped.replace(/0+$/, "")).toBe(digitsRead === "" ? "" : digitsRead);
      }),
    );
  });

  it("hundredths ↔ numbers round-trip exactly", () => {
    fc.assert(
      fc.property(hundredths, (h) => {
        expect(toHundredths(fromHundredths(h))).toBe(h);
      }),
    );
  });
});
