/**
 * Allocation of a fee record's paid amount to its instalments (docs/product.md#fee-plans,
 * docs/decisions/0023-fee-instalments-and-allocation.md). The rule, one definition (worker/lib/fee-schedule.ts
 * `fillOldestFirst`): the paid amount fills the instalments oldest due date first (ties: `seq`). `refillStatement`
 * rewrites every instalment's paid amount from the record's, so their sum equals it on every path (payment,
 * adjustment, plan applied, discount changed); `allocationStatement`, put between the record's UPDATE and the
 * refill, records the difference as what a receipt covered.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";

/** Piastres of instalments of `i` due before it (the oldest-first order), as SQL over alias `i`. */
const dueBefore =
  sql.raw(`coalesce((SELECT sum(j.amount_piastres) FROM fee_instalments j WHERE j.fee_record_id = i.fee_record_id
  AND (j.due_date < i.due_date OR (j.due_date = i.due_date AND j.seq < i.seq))), 0)`);
/** Instalment `i`'s share of its record's current paid amount. */
const fillOf = sql`max(0, min(i.amount_piastres, (SELECT paid_piastres FROM fee_records WHERE id = i.fee_record_id) - ${dueBefore}))`;

/**
 * Statement: every instalment of record `feeId` (an id or SQL for one; null: of every record, a loaded dataset)
 * takes its oldest-first share of the record's paid amount.
 */
export function refillStatement(db: Pick<Db, "run">, feeId: number | SQL | null) {
  const which = feeId === null ? sql`1` : sql`i.fee_record_id = ${feeId}`;
  return db.run(sql`UPDATE fee_instalments AS i SET paid_piastres = ${fillOf} WHERE ${which}`);
}

/**
 * Statement: the allocation rows of receipt `paymentId` (SQL; NULL writes nothing) on record `feeId`: per
 * instalment, its share of the record's paid amount (already updated in this batch) minus what it holds (not yet
 * refilled). Nothing for a record without a schedule or an unchanged amount.
 */
export function allocationStatement(db: Db, feeId: number, paymentId: SQL) {
  return db.run(sql`INSERT INTO payment_allocations (payment_id, line, line_en, instalment_no, amount_piastres)
    SELECT ${paymentId}, i.line, i.line_en, i.no, ${fillOf} - i.paid_piastres FROM fee_instalments AS i
    WHERE i.fee_record_id = ${feeId} AND ${fillOf} <> i.paid_piastres AND ${paymentId} IS NOT NULL
    ORDER BY i.due_date, i.seq`);
}
