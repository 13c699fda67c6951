/**
 * Academic years relative to the clock, for the data tests name (docs/product.md#academic-years-and-rollover): no
 * year is written in a test, so none breaks when the clock passes it. Pure (no database), so API tests inside
 * workerd, browser tests and benchmarks share it.
 */
import { academicYearOf } from "../../worker/lib/fee-schedule";

/** The first calendar year of the academic year `offset` years after the clock's (0: the clock's own year). */
export function clockYearStart(offset = 0, now = new Date()): number {
  return Number(academicYearOf(now).slice(0, 4)) + offset;
}

/** The name ("YYYY-YYYY") of the academic year `offset` years after the clock's (-1: last year, 1: next year). */
export function clockYear(offset = 0, now = new Date()): string {
  const first = clockYearStart(offset, now);
  return `${first}-${first + 1}`;
}
