/**
 * Undoing an applied rollover as a whole (docs/product.md#the-year-end-rollover): next year's enrolments and fee
 * accounts the run created go, the closing year's outcomes return to what they were, the students to their closing
 * grade (when the new year had become current), and the year itself when the run created it and nothing else uses
 * it. Allowed until the first payment or result of the new year: checked by the undo's own batch, which a guard
 * refuses whole when one exists (or the run is no longer applied).
 */
import { eq, sql } from "drizzle-orm";
import { rolloverRuns } from "../../../db/schema";
import { brokeForeignKey, violation } from "../../db-constraints";
import { ApiError } from "../../errors";
import type { RequestContext } from "../../request-context";
import type { RolloverRunJson } from "../../contracts/rollover";
import { auditInsertIfChanged } from "../audit";
import { newYearTouched, runJson } from "./preview";

const NOW = sql`strftime('%Y-%m-%dT%H:%M:%fZ','now')`;

/**
 * Undoes run `runId`. Throws 404 ROLLOVER_NOT_FOUND (no such run, or already undone), 409 ROLLOVER_RUNNING (not
 * finished), 409 ROLLOVER_UNDO_LOCKED (the new year has a payment, a result, or an online payment on its accounts).
 */
export async function undoRollover(ctx: RequestContext, runId: number): Promise<RolloverRunJson> {
  const { db } = ctx;
  const [run] = await db.select().from(rolloverRuns).where(eq(rolloverRuns.id, runId));
  if (!run || run.state === "undone") throw new ApiError("ROLLOVER_NOT_FOUND");
  if (run.state === "running") throw new ApiError("ROLLOVER_RUNNING");
  const to = run.toYear;
  const mine = (cond: string) =>
    sql`(SELECT student_id FROM rollover_run_students WHERE run_id = ${runId} AND ${sql.raw(cond)})`;
  try {
    await db.batch([
      // The guard: NULL into a NOT NULL column refuses the whole batch when the undo is no longer allowed.
      db.run(sql`UPDATE rollover_runs SET state = NULL
        WHERE id = ${runId} AND (state <> 'applied' OR ${newYearTouched(to)})`),
      db.run(sql`UPDATE students SET current_grade = rs.from_grade, building_no = rs.from_building,
          is_active = rs.was_active, updated_at = ${NOW}
        FROM rollover_run_students rs WHERE rs.run_id = ${runId} AND rs.student_id = students.id
          AND (SELECT state FROM academic_years WHERE name = ${to}) = 'current'`),
      db.run(sql`DELETE FROM fee_instalments WHERE fee_record_id IN (SELECT id FROM fee_records
        WHERE academic_year_name = ${to} AND student_id IN ${mine("fee_total_piastres IS NOT NULL")})`),
      db.run(sql`DELETE FROM fee_records
        WHERE academic_year_name = ${to} AND student_id IN ${mine("fee_total_piastres IS NOT NULL")}`),
      db.run(
        sql`DELETE FROM enrolments WHERE academic_year_name = ${to} AND student_id IN ${mine("created_enrolment = 1")}`,
      ),
      db.run(sql`UPDATE enrolments SET outcome = rs.prior_outcome, updated_at = ${NOW}
        FROM rollover_run_students rs WHERE rs.run_id = ${runId} AND rs.had_enrolment = 1
          AND enrolments.student_id = rs.student_id AND enrolments.academic_year_name = ${run.fromYear}`),
      db.run(sql`DELETE FROM enrolments
        WHERE academic_year_name = ${run.fromYear} AND student_id IN ${mine("had_enrolment = 0")}`),
      db.run(sql`DELETE FROM academic_years WHERE name = ${to} AND ${run.createdYear ? 1 : 0} = 1 AND state = 'upcoming'
        AND NOT EXISTS (SELECT 1 FROM enrolments WHERE academic_year_name = ${to})
        AND NOT EXISTS (SELECT 1 FROM fee_records WHERE academic_year_name = ${to})
        AND NOT EXISTS (SELECT 1 FROM fee_plans WHERE academic_year_name = ${to})`),
      db.run(sql`UPDATE rollover_runs SET state = 'undone', undone_at = ${NOW}, updated_at = ${NOW}
        WHERE id = ${runId} AND state = 'applied'`),
      auditInsertIfChanged(ctx, {
        action: "rollover_undo",
        entity: "rollover_run",
        entityId: runId,
        before: { from_year: run.fromYear, to_year: to, students: run.done },
      }),
    ]);
  } catch (err) {
    const v = violation(err);
    if (v?.kind === "not_null" && v.column === "rollover_runs.state") {
      const [now] = await db.select().from(rolloverRuns).where(eq(rolloverRuns.id, runId));
      if (now?.state === "undone") throw new ApiError("ROLLOVER_NOT_FOUND");
      throw new ApiError("ROLLOVER_UNDO_LOCKED");
    }
    // An online payment (or another record) already points at a new account.
    if (brokeForeignKey(err)) throw new ApiError("ROLLOVER_UNDO_LOCKED");
    throw err;
  }
  const [after] = await db.select().from(rolloverRuns).where(eq(rolloverRuns.id, runId));
  return runJson(db, after!);
}
