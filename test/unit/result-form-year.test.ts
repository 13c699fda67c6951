/**
 * The Add Result form defaults to the current academic year of the data (docs/product.md#academic-years-and-rollover):
 * the year is the server's, never one computed or listed in the console.
 */
import { describe, expect, it } from "vitest";
import { formValuesOf } from "~/features/results/admin/result-form";

describe("Add Result default year", () => {
  it("is the year the server names current", () => {
    const year = `${new Date().getUTCFullYear() + 7}-${new Date().getUTCFullYear() + 8}`;
    expect(formValuesOf(null, year).academic_year_name).toBe(year);
  });

  it("an edited result keeps its own year", () => {
    const old = `${new Date().getUTCFullYear() - 30}-${new Date().getUTCFullYear() - 29}`;
    const result = { academic_year_name: old, student_no: "1", semester: "S1", subject_scores: [], remarks: null };
    expect(formValuesOf(result as never, "2100-2101").academic_year_name).toBe(old);
  });
});
