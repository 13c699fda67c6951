/**
 * The Add Result form defaults to the current academic year (docs/product.md#results), not the year the
 * spec was written (2024-2025): the year turns on 1 September, Cairo time.
 */
import { describe, expect, it } from "vitest";
import { defaultResultYear, formValuesOf } from "~/features/results/admin/result-form";

describe("Add Result default year", () => {
  it("is the academic year of today", () => {
    expect(formValuesOf(null, new Date("2026-11-21T10:00:00Z")).academic_year_name).toBe("2026-2027");
    expect(defaultResultYear(new Date("2026-08-31T12:00:00Z"))).toBe("2025-2026");
    expect(defaultResultYear(new Date("2026-08-31T22:30:00Z"))).toBe("2026-2027"); // already 1 Sep in Cairo
  });

  it("stays within the form's years", () => {
    expect(defaultResultYear(new Date("2020-01-01T00:00:00Z"))).toBe("2023-2024");
    expect(defaultResultYear(new Date("2040-01-01T00:00:00Z"))).toBe("2027-2028");
  });
});
