/**
 * Reading academic years (docs/product.md#academic-years-and-rollover): the list every form's year choice comes from,
 * one year, and the check that a named year exists (ACADEMIC_YEAR_UNKNOWN), which every write naming a year asks.
 */
import { desc, eq } from "drizzle-orm";
import { academicYears, type AcademicYear } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import type { AcademicYearJson, AcademicYearList } from "../../contracts/academic-years";

/** The API's shape of a stored year. */
export function toYearJson(r: AcademicYear): AcademicYearJson {
  return {
    name: r.name,
    start_date: r.startDate,
    end_date: r.endDate,
    term1_start: r.term1Start,
    term1_end: r.term1End,
    term2_start: r.term2Start,
    term2_end: r.term2End,
    state: r.state,
    closed_at: r.closedAt,
  };
}

/** Every year, newest first, and the current one's name (null while none is current). */
export async function listYears(db: Db): Promise<AcademicYearList> {
  const rows = await db.select().from(academicYears).orderBy(desc(academicYears.name));
  return { years: rows.map(toYearJson), current: rows.find((r) => r.state === "current")?.name ?? null };
}

/** The names of every year, oldest first: the choices of a year filter. */
export async function yearNames(db: Db): Promise<string[]> {
  const rows = await db.select({ name: academicYears.name }).from(academicYears).orderBy(academicYears.name);
  return rows.map((r) => r.name);
}

/** Every year's state by name (an import checks each row's year against it). */
export async function yearStates(db: Db): Promise<Map<string, AcademicYear["state"]>> {
  const rows = await db.select({ name: academicYears.name, state: academicYears.state }).from(academicYears);
  return new Map(rows.map((r) => [r.name, r.state]));
}

/** One stored year, or null. */
export async function findYear(db: Db, name: string): Promise<AcademicYear | null> {
  const [row] = await db.select().from(academicYears).where(eq(academicYears.name, name));
  return row ?? null;
}

/** Year `name` stored: 404 ACADEMIC_YEAR_NOT_FOUND when there is none of that name (a route naming it). */
export async function requireFoundYear(db: Db, name: string): Promise<AcademicYear> {
  const row = await findYear(db, name);
  if (!row) throw new ApiError("ACADEMIC_YEAR_NOT_FOUND");
  return row;
}

/** One year; 404 ACADEMIC_YEAR_NOT_FOUND when there is none of that name. */
export async function getYear(db: Db, name: string): Promise<AcademicYearJson> {
  return toYearJson(await requireFoundYear(db, name));
}

/**
 * The stored year `name`, for a write that names it (a result, a publication, an import): 400
 * ACADEMIC_YEAR_UNKNOWN (with `year`) when no such year exists.
 */
export async function requireYear(db: Db, name: string): Promise<AcademicYear> {
  const row = await findYear(db, name);
  if (!row) throw new ApiError("ACADEMIC_YEAR_UNKNOWN", { params: { year: name } });
  return row;
}
