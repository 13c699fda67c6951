/**
 * A fee record's instalments in SQL (docs/product.md#fee-plans): the statements that keep them in step with the
 * record's paid amount inside the same batch as any change, the expressions the Fees list filters and sorts on, and
 * the reads that turn them into `instalments`, `overdue_amount`, `next_due_date` and each payment's `allocations`.
 *
 * The rule, one definition (worker/lib/fee-schedule.ts `fillOldestFirst`): the record's paid amount fills its
 * instalments oldest due date first (ties: `seq`). `refillStatement` rewrites every instalment's paid amount from the
 * record's paid amount, so their sum equals it on every path (payment, adjustment, plan applied, discount changed);
 * `allocationStatement`, put between the record's UPDATE and the refill, records the difference as what a payment
 * (or adjustment) covered.
 */
import { asc, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { feeInstalments, feeRecords, paymentAllocations, payments } from "../../db/schema";
import type { Db } from "../db";
import { addDays, instalmentStatus } from "../lib/fee-schedule";
import { piastresToEgp } from "../money";
import type { z } from "zod";
import type { allocationJsonSchema, feeInstalmentJsonSchema } from "../contracts/fees";

type InstalmentJson = z.output<typeof feeInstalmentJsonSchema>;
type AllocationJson = z.output<typeof allocationJsonSchema>;

/** Piastres of instalments of `i` due before it (the oldest-first order), as SQL over alias `i`. */
const dueBefore =
  sql.raw(`coalesce((SELECT sum(j.amount_piastres) FROM fee_instalments j WHERE j.fee_record_id = i.fee_record_id
  AND (j.due_date < i.due_date OR (j.due_date = i.due_date AND j.seq < i.seq))), 0)`);
/** Instalment `i`'s share of its record's current paid amount. */
const fillOf = sql`max(0, min(i.amount_piastres, (SELECT paid_piastres FROM fee_records WHERE id = i.fee_record_id) - ${dueBefore}))`;

/**
 * True when a fee record (the `fee_records` row of the query) follows an instalment schedule: its total is then the
 * schedule's sum (TOTAL_SET_BY_SCHEDULE). Raw table names: drizzle leaves a one-table select's columns unqualified,
 * which a subquery would take as its own.
 */
export const hasScheduleSql =
  sql<boolean>`EXISTS (SELECT 1 FROM fee_instalments i WHERE i.fee_record_id = fee_records.id)`.mapWith(Boolean);

/** Statement: every instalment of record `feeId` (an id or SQL for one) takes its oldest-first share of the record's paid. */
export function refillStatement(db: Db, feeId: number | SQL) {
  return db.run(sql`UPDATE fee_instalments AS i SET paid_piastres = ${fillOf} WHERE i.fee_record_id = ${feeId}`);
}

/**
 * Statement: the allocation rows of payment `paymentId` (SQL) on record `feeId`: per instalment, its share of the
 * record's paid amount (already updated in this batch) minus what it holds (not yet refilled). Nothing for a record
 * without a schedule or an unchanged amount.
 */
export function allocationStatement(db: Db, feeId: number, paymentId: SQL) {
  return db.run(sql`INSERT INTO payment_allocations (payment_id, line, line_en, instalment_no, amount_piastres)
    SELECT ${paymentId}, i.line, i.line_en, i.no, ${fillOf} - i.paid_piastres FROM fee_instalments AS i
    WHERE i.fee_record_id = ${feeId} AND ${fillOf} <> i.paid_piastres AND ${paymentId} IS NOT NULL
    ORDER BY i.due_date, i.seq`);
}

/** SQL: piastres unpaid on record `fee_records`' instalments due before school day `today` (overdue). */
export const overdueAmountSql = (today: string) =>
  sql<number>`(SELECT coalesce(sum(i.amount_piastres - i.paid_piastres), 0) FROM fee_instalments i WHERE i.fee_record_id = ${feeRecords.id} AND i.due_date < ${today})`;

/** SQL condition: the record has an unpaid instalment due from `today` to `today + days`. */
export const dueWithinSql = (today: string, days: number) =>
  sql`EXISTS (SELECT 1 FROM fee_instalments i WHERE i.fee_record_id = ${feeRecords.id} AND i.paid_piastres < i.amount_piastres
    AND i.due_date >= ${today} AND i.due_date <= ${addDays(today, days)})`;

/** Query: the instalments of the records whose ids `feeIds` selects, oldest due first. */
export function instalmentsQuery(db: Db, feeIds: SQLWrapper) {
  return db
    .select()
    .from(feeInstalments)
    .where(inArray(feeInstalments.feeRecordId, feeIds))
    .orderBy(asc(feeInstalments.feeRecordId), asc(feeInstalments.dueDate), asc(feeInstalments.seq));
}

/** Query: the allocation rows of the payments of the records whose ids `feeIds` selects. */
export function allocationsQuery(db: Db, feeIds: SQLWrapper) {
  return db
    .select({
      paymentId: paymentAllocations.paymentId,
      line: paymentAllocations.line,
      lineEn: paymentAllocations.lineEn,
      no: paymentAllocations.instalmentNo,
      amount: paymentAllocations.amountPiastres,
    })
    .from(paymentAllocations)
    .where(
      inArray(
        paymentAllocations.paymentId,
        db.select({ id: payments.id }).from(payments).where(inArray(payments.feeRecordId, feeIds)),
      ),
    )
    .orderBy(asc(paymentAllocations.id));
}

/** A record's schedule as the API shows it on school day `today`. */
export interface ScheduleJson {
  instalments: InstalmentJson[];
  overdue_amount: number;
  next_due_date: string | null;
}

/** Groups instalment rows by record and computes statuses, the overdue amount and the next due date on `today`. */
export function schedulesByFee(
  rows: Array<typeof feeInstalments.$inferSelect>,
  today: string,
): Map<number, ScheduleJson> {
  const out = new Map<number, ScheduleJson>();
  const overdue = new Map<number, number>(); // piastres, converted once at the end
  for (const r of rows) {
    let s = out.get(r.feeRecordId);
    if (!s) {
      s = { instalments: [], overdue_amount: 0, next_due_date: null };
      out.set(r.feeRecordId, s);
    }
    const remaining = r.amountPiastres - r.paidPiastres;
    const status = instalmentStatus(r.dueDate, r.amountPiastres, r.paidPiastres, today);
    s.instalments.push({
      no: r.no,
      line: r.line,
      line_en: r.lineEn,
      due_date: r.dueDate,
      amount: piastresToEgp(r.amountPiastres),
      paid: piastresToEgp(r.paidPiastres),
      remaining: piastresToEgp(remaining),
      status,
    });
    if (status === "overdue") overdue.set(r.feeRecordId, (overdue.get(r.feeRecordId) ?? 0) + remaining);
    else if (remaining > 0 && (s.next_due_date === null || r.dueDate < s.next_due_date)) s.next_due_date = r.dueDate;
  }
  for (const [id, piastres] of overdue) out.get(id)!.overdue_amount = piastresToEgp(piastres);
  return out;
}

/** Groups allocation rows by payment id. */
export function allocationsByPayment(
  rows: Array<{ paymentId: number; line: string; lineEn: string | null; no: number; amount: number }>,
): Map<number, AllocationJson[]> {
  const out = new Map<number, AllocationJson[]>();
  for (const r of rows) {
    const a = { instalment_no: r.no, line: r.line, line_en: r.lineEn, amount: piastresToEgp(r.amount) };
    const list = out.get(r.paymentId);
    if (list) list.push(a);
    else out.set(r.paymentId, [a]);
  }
  return out;
}

export const EMPTY_SCHEDULE: ScheduleJson = { instalments: [], overdue_amount: 0, next_due_date: null };
