/**
 * Marks and closed years (docs/product.md#academic-years-and-rollover): a closed year stays readable everywhere, and
 * its results change only by an administrator (whose change is audited like any other result write).
 */
import type { RequestContext } from "../../request-context";
import { ApiError } from "../../errors";
import { requireYear } from "./read";

/**
 * Checks each distinct year of `years` before a result write: 400 ACADEMIC_YEAR_UNKNOWN when one does not exist;
 * 403 ACADEMIC_YEAR_CLOSED_MARKS (with `year`) when one is closed and the actor is not an administrator. Read just
 * before the write: a year closing between the two is a save a moment earlier.
 */
export async function assertMarksWritable(ctx: RequestContext, ...years: string[]): Promise<void> {
  for (const name of new Set(years)) {
    const year = await requireYear(ctx.db, name);
    if (year.state === "closed" && ctx.actor.role !== "administrator")
      throw new ApiError("ACADEMIC_YEAR_CLOSED_MARKS", { params: { year: name } });
  }
}
