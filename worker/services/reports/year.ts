/**
 * What every Reports chart starts from (docs/product.md#reports): the academic year chosen (the current one when none
 * is named), the year before it, and an SQL expression for the Cairo day of a stored instant.
 */
import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { academicYears, type AcademicYear } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import { addDays } from "../../lib/fee-schedule";
import { offsetSegments } from "../../lib/report-buckets";
import { schoolDayStartUtc } from "../../lib/school-day";

/** The year's dates as the charts answer them (school days "YYYY-MM-DD"). */
export interface ReportYear {
  name: string;
  previous: string;
  start_date: string;
  end_date: string;
  term1_start: string;
  term2_start: string;
}

/** Which year a chart follows: its name, none (the current one), or one already read with `reportYear`. */
export type YearChoice = string | undefined | ReportYear;

/** "2025-2026" → "2024-2025". */
export const previousYearName = (name: string): string => {
  const first = Number(name.slice(0, 4));
  return `${first - 1}-${first}`;
};

/**
 * The stored year `name`, or the current one when `name` is absent (a year already read is answered as it is). 404
 * ACADEMIC_YEAR_NOT_FOUND when no such year exists (or, without a name, when none is current).
 */
export async function reportYear(db: Db, name: YearChoice): Promise<ReportYear> {
  if (typeof name === "object") return name;
  const where = name ? eq(academicYears.name, name) : eq(academicYears.state, "current");
  const [row]: AcademicYear[] = await db.select().from(academicYears).where(where);
  if (!row) throw new ApiError("ACADEMIC_YEAR_NOT_FOUND");
  return {
    name: row.name,
    previous: previousYearName(row.name),
    start_date: row.startDate,
    end_date: row.endDate,
    term1_start: row.term1Start,
    term2_start: row.term2Start,
  };
}

/** `date` moved by whole calendar years (29 February → 28 February). */
export function shiftYears(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) + years;
  const md = date.slice(5);
  return md === "02-29" ? `${y}-02-28` : `${y}-${md}`;
}

/**
 * SQL: the Cairo day ("YYYY-MM-DD") of the ISO UTC instant in `col`, exact for instants from 60 days before `from` to
 * 60 days after `to` (school days): one CASE over the offsets in force then, no per-row time-zone lookup.
 */
export function cairoDaySql(col: SQLWrapper, from: string, to: string): SQL<string> {
  const segs = offsetSegments(
    Date.parse(schoolDayStartUtc(addDays(from, -60))),
    Date.parse(`${addDays(to, 60)}T00:00:00Z`),
  );
  const cases = segs
    .slice(1)
    .reverse()
    .map((s) => sql`WHEN ${col} >= ${new Date(s.from).toISOString()} THEN ${s.hours}`);
  const hours = cases.length ? sql`CASE ${sql.join(cases, sql` `)} ELSE ${segs[0]!.hours} END` : sql`${segs[0]!.hours}`;
  return sql<string>`date(julianday(${col}) + (${hours}) / 24.0)`;
}
