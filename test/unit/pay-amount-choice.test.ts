/** /pay's amount choice: the message a typed amount earns, and one radio per distinct amount. */
import { describe, expect, it } from "vitest";
import { distinctChoices, otherAmountError } from "../../web/features/pay/public/amount-choice";

describe("otherAmountError", () => {
  it("says decimals for three decimals and format for what is not a number, range only for readable amounts", () => {
    expect(otherAmountError("12.345", 5000)).toBe("amountDecimals");
    expect(otherAmountError("١٢٫٣٤٥", 5000)).toBe("amountDecimals");
    expect(otherAmountError("1,5", 5000)).toBe("amountFormat");
    expect(otherAmountError("abc", 5000)).toBe("amountFormat");
    expect(otherAmountError("0.5", 5000)).toBe("amountInvalid");
    expect(otherAmountError("6000", 5000)).toBe("amountInvalid");
    expect(otherAmountError("-5", 5000)).toBe("amountInvalid");
    expect(otherAmountError("12.34", 5000)).toBeNull();
    expect(otherAmountError("1,250.50", 5000)).toBeNull();
  });
});

describe("distinctChoices", () => {
  it("shows one choice when next, overdue and all are the same amount, saying it is all three", () => {
    expect(distinctChoices({ next: 1500, overdue: 1500, all: 1500 })).toEqual([
      { choice: "all", same: ["next", "overdue"] },
    ]);
  });

  it("keeps different amounts apart and merges only the equal ones", () => {
    expect(distinctChoices({ next: 1000, overdue: 1000, all: 4000 })).toEqual([
      { choice: "overdue", same: ["next"] },
      { choice: "all", same: [] },
    ]);
    expect(distinctChoices({ next: 1000, overdue: null, all: 4000 })).toEqual([
      { choice: "next", same: [] },
      { choice: "all", same: [] },
    ]);
    expect(distinctChoices({ next: null, overdue: null, all: null })).toEqual([]);
  });
});
