/**
 * Keeping the shared API-test database's academic years as they were (docs/product.md#academic-years-and-rollover):
 * a test that makes years current or closes them takes a snapshot first and puts every year's state back after, and
 * removes the years it created. The files of a project run one at a time, so no other file sees the change.
 */
import { sql } from "drizzle-orm";
import { testDb } from "./fixtures";

interface YearRow {
  name: string;
  state: string;
  closed_at: string | null;
  start_date: string;
  end_date: string;
  term1_start: string;
  term1_end: string;
  term2_start: string;
  term2_end: string;
}

/** The years as they are now; call `restore()` on the answer to put them back. */
export async function snapshotYears() {
  const before = await testDb().all<YearRow>(sql`SELECT * FROM academic_years`);
  const names = new Set(before.map((r) => r.name));
  return {
    /** The current year's name when the snapshot was taken. */
    current: before.find((r) => r.state === "current")?.name ?? null,
    async restore() {
      const db = testDb();
      const now = await db.all<{ name: string }>(sql`SELECT name FROM academic_years`);
      const added = now.map((r) => r.name).filter((n) => !names.has(n));
      await db.batch([
        db.run(sql`UPDATE academic_years SET state = 'upcoming' WHERE state = 'current'`),
        ...before.map((r) =>
          db.run(sql`UPDATE academic_years SET state = ${r.state}, closed_at = ${r.closed_at},
            start_date = ${r.start_date}, end_date = ${r.end_date}, term1_start = ${r.term1_start},
            term1_end = ${r.term1_end}, term2_start = ${r.term2_start}, term2_end = ${r.term2_end}
            WHERE name = ${r.name}`),
        ),
        // A year the test's data now names stays (upcoming); the others go.
        ...added.map((n) =>
          db.run(sql`UPDATE academic_years SET state = 'upcoming', closed_at = NULL WHERE name = ${n}`),
        ),
        ...added.map((n) =>
          db.run(sql`DELETE FROM academic_years WHERE name = ${n} AND name NOT IN (
            SELECT academic_year_name FROM enrolments UNION SELECT academic_year_name FROM fee_records
            UNION SELECT academic_year_name FROM fee_plans)`),
        ),
      ]);
    },
  };
}
