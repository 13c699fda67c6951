/** worker/lib/school-day.ts: Cairo calendar days as UTC instants, across Egypt's summer-time changes. */
import { describe, expect, it } from "vitest";
import { schoolDayStartUtc } from "../../worker/lib/school-day";

describe("schoolDayStartUtc", () => {
  it("starts a winter day at 22:00 UTC the day before (UTC+2)", () => {
    expect(schoolDayStartUtc("2026-01-15")).toBe("2026-01-14T22:00:00.000Z");
  });
  it("starts a summer day at 21:00 UTC the day before (UTC+3)", () => {
    expect(schoolDayStartUtc("2026-07-15")).toBe("2026-07-14T21:00:00.000Z");
  });
  it("moves whole days, also across month ends", () => {
    expect(schoolDayStartUtc("2026-01-31", 1)).toBe("2026-01-31T22:00:00.000Z");
  });
});
