/**
 * The academic years an API test database starts with (docs/product.md#academic-years-and-rollover): the migrations
 * make the clock's year current; the tests also name the years around it, so those exist too: `before` closed years
 * and `after` upcoming ones, with the default dates. Relative to the clock: no year is written here.
 */
import { sql } from "drizzle-orm";
import { nodeDb } from "../../scripts/lib/db";
import { defaultYearDates } from "../../worker/services/academic-years/dates";
import { academicYearOf } from "../../worker/lib/fee-schedule";

/** Adds the years around the current one (those missing) to the database at `url`. */
export async function addTestYears(url: string, now = new Date(), before = 4, after = 5): Promise<void> {
  const { db, close } = nodeDb(url);
  try {
    const first = Number(academicYearOf(now).slice(0, 4));
    for (let k = -before; k <= after; k++) {
      if (k === 0) continue;
      const name = `${first + k}-${first + k + 1}`;
      const d = defaultYearDates(name);
      await db.run(sql`INSERT OR IGNORE INTO academic_years
        (name, start_date, end_date, term1_start, term1_end, term2_start, term2_end, state, closed_at)
        VALUES (${name}, ${d.start_date}, ${d.end_date}, ${d.term1_start}, ${d.term1_end}, ${d.term2_start},
          ${d.term2_end}, ${k < 0 ? "closed" : "upcoming"}, ${k < 0 ? now.toISOString() : null})`);
    }
  } finally {
    close();
  }
}
