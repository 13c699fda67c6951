/** The years the Close the year wizard offers (docs/product.md#the-year-end-rollover): next year not closed. */
import { describe, expect, it } from "vitest";
import { closableYears } from "../../worker/services/rollover/preview";

const name = (y: number) => `${y}-${y + 1}`;

describe("closableYears", () => {
  it("offers the years whose following year is not closed, newest first", () => {
    const base = new Date().getUTCFullYear();
    const years = [
      { name: name(base - 3), state: "closed" },
      { name: name(base - 2), state: "closed" },
      { name: name(base - 1), state: "closed" },
      { name: name(base), state: "current" },
      { name: name(base + 1), state: "upcoming" },
      { name: name(base + 3), state: "upcoming" },
    ];
    expect(closableYears(years)).toEqual([name(base + 3), name(base + 1), name(base), name(base - 1)]);
  });

  it("offers nothing without years", () => {
    expect(closableYears([])).toEqual([]);
  });
});
