/**
 * The current academic year (docs/product.md#academic-years-and-rollover): the one `academic_years` row whose state is
 * "current" (the partial unique index keeps it to one).
 */
import { eq } from "drizzle-orm";
import { academicYears } from "../../../db/schema";
import type { Db } from "../../db";

/**
 * The name ("2026-2027") of the current academic year, read from the database. Throws an Error when no year is
 * current (the migrations and the years page always keep one; a database without one is misconfigured).
 */
export async function currentYearName(db: Db): Promise<string> {
  const [row] = await db
    .select({ name: academicYears.name })
    .from(academicYears)
    .where(eq(academicYears.state, "current"));
  if (!row) throw new Error("no current academic year");
  return row.name;
}
