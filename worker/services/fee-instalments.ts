/**
 * A fee record's instalments in SQL (docs/product.md#fee-plans): the expressions the Fees list filters and sorts on,
 * and the reads that turn them into `instalments`, `overdue_amount`, `next_due_date` and each payment's `allocations`.
 * What the instalments hold is written only by the ledger (worker/services/ledger/allocation.ts, docs/money.md).
 */
import { asc, inArray, sql, type SQLWrapper } from "drizzle-orm";
import { feeInstalments, feeRecords, paymentAllocations, payments } from "../../db/schema";
import type { Db } from "../db";
import { addDays, instalmentStatus } from "../lib/fee-schedule";
import { piastresToEgp } from "../money";
import type { z } from "zod";
import type { allocationJsonSchema, feeInstalmentJsonSchema } from "../contracts/fees";

type InstalmentJson = z.output<typeof feeInstalmentJsonSchema>;
type AllocationJson = z.output<typeof allocationJsonSchema>;

/**
 * True when a fee record (the `fee_records` row of the query) follows an instalment schedule: its total is then the
 * schedule's sum (TOTAL_SET_BY_SCHEDULE). Raw table names: drizzle leaves a one-table select's columns unqualified,
 * which a subquery would take as its own.
 */
export const hasScheduleSql =
  sql<boolean>`EXISTS (SELECT 1 FROM fee_instalments i WHERE i.fee_record_id = fee_records.id)`.mapWith(Boolean);

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
