/**
 * A year's default dates (docs/product.md#academic-years-and-rollover), dependency-free: 1 September to 31 August,
 * term 1 from the start to 31 January, term 2 from 1 February to 30 June, school days in Cairo. The next year's name
 * follows the previous one's; nothing here names a year.
 */
import type { AcademicYearDates } from "../../contracts/academic-years";

/** The name after `name`: "2031-2032" → "2032-2033". */
export function nextYearName(name: string): string {
  const first = Number(name.slice(0, 4)) + 1;
  return `${first}-${first + 1}`;
}

/** The default dates of year `name` ("YYYY-YYYY"). */
export function defaultYearDates(name: string): AcademicYearDates {
  const [y1, y2] = [name.slice(0, 4), name.slice(5, 9)];
  return {
    start_date: `${y1}-09-01`,
    end_date: `${y2}-08-31`,
    term1_start: `${y1}-09-01`,
    term1_end: `${y2}-01-31`,
    term2_start: `${y2}-02-01`,
    term2_end: `${y2}-06-30`,
  };
}
