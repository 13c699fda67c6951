/** Guardians' mobile numbers (docs/product.md#guardians-and-messages): 30 real ways offices type them, and properties. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePhone, phoneSearchDigits } from "../../worker/lib/phone";

const toArabic = (s: string) => s.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);
const toPersian = (s: string) => s.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!);

const READABLE: [string, string][] = [
  ["01001234567", "+201001234567"],
  ["01101234567", "+201101234567"],
  ["01201234567", "+201201234567"],
  ["01501234567", "+201501234567"],
  ["+201001234567", "+201001234567"],
  ["00201001234567", "+201001234567"],
  ["201001234567", "+201001234567"],
  ["+20 100 123 4567", "+201001234567"],
  ["0100 123 4567", "+201001234567"],
  ["0100-123-4567", "+201001234567"],
  ["010-0123-4567", "+201001234567"],
  ["(+20) 100-123-4567", "+201001234567"],
  ["0020 100 123 4567", "+201001234567"],
  ["٠١٠٠١٢٣٤٥٦٧", "+201001234567"],
  ["٠١٠٠ ١٢٣ ٤٥٦٧", "+201001234567"],
  ["+٢٠١٠٠١٢٣٤٥٦٧", "+201001234567"],
  ["۰۱۰۰۱۲۳۴۵۶۷", "+201001234567"],
  ["\u200e01001234567\u200f", "+201001234567"],
  [" 01001234567 ", "+201001234567"],
  ["0100.123.4567", "+201001234567"],
  ["+966 50 123 4567", "+966501234567"],
  ["00966501234567", "+966501234567"],
  ["+44 7911 123456", "+447911123456"],
  ["+971 50 123 4567", "+971501234567"],
];
const UNREADABLE = ["", "abc", "0100123456", "010012345678", "0223456789", "+20 2 2345 6789", "01301234567", "123"];

describe("parsePhone", () => {
  it.each(READABLE)("reads %j as %s", (typed, e164) => expect(parsePhone(typed)).toBe(e164));
  it.each(UNREADABLE)("refuses %j", (typed) => expect(parsePhone(typed)).toBeNull());

  it("reads every Egyptian mobile in every typed form to the same E.164 (property)", () => {
    const mobile = fc
      .tuple(fc.constantFrom("0", "1", "2", "5"), fc.stringMatching(/^[0-9]{8}$/))
      .map(([op, rest]) => `1${op}${rest}`);
    const form = fc.constantFrom(
      (n: string) => `0${n}`,
      (n: string) => `+20${n}`,
      (n: string) => `0020${n}`,
      (n: string) => toArabic(`0${n}`),
      (n: string) => toPersian(`+20${n}`),
      (n: string) => `0${n.slice(0, 3)} ${n.slice(3, 6)}-${n.slice(6)}`,
    );
    fc.assert(
      fc.property(mobile, form, (n, f) => {
        const e164 = parsePhone(f(n));
        return e164 === null || e164 === `+20${n}`;
      }),
    );
    // The four operators' numbers are all valid.
    fc.assert(fc.property(mobile, (n) => parsePhone(`0${n}`) === `+20${n}`));
  });

  it("never throws and answers E.164 or null for any text (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const r = parsePhone(s);
        return r === null || /^\+[1-9]\d{6,14}$/.test(r);
      }),
    );
  });
});

describe("phoneSearchDigits", () => {
  it("drops separators and the Egyptian prefixes", () => {
    expect(phoneSearchDigits("0100 123")).toBe("100123");
    expect(phoneSearchDigits("+20 100")).toBe("100");
    expect(phoneSearchDigits("٠١٠٠")).toBe("100");
  });
});
