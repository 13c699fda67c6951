/**
 * The lines of one receipt (docs/product.md#payments-and-receipts, docs/decisions/0041-one-receipt-across-years.md):
 * a payment on one account is one line; a payment spread over several years' accounts is one line per account, the
 * rows sharing a `receipt_group`. Lines come oldest year first, each with the instalments it covered.
 */
import { and, asc, eq, isNotNull, or, sql } from "drizzle-orm";
import { feeRecords, paymentAllocations, payments } from "../../db/schema";
import type { Db } from "../db";
import type { ReceiptLineJson } from "../contracts/fees";
import { allocationsByPayment } from "./fee-instalments";
import { toPaymentJson } from "./payments";
import { piastresToEgp } from "../money";

/** One row of a receipt with its account's year, as read from the tables. */
export interface ReceiptLineRow {
  p: typeof payments.$inferSelect;
  year: string;
}

/** The query of every row of the receipt that payment row `where` (a payment id, or SQL for one) belongs to. */
export function receiptRowsQuery(db: Db, paymentId: number | ReturnType<typeof sql>) {
  const group = sql`(SELECT receipt_group FROM payments WHERE id = ${paymentId})`;
  return db
    .select({ p: payments, year: feeRecords.academicYearName })
    .from(payments)
    .innerJoin(feeRecords, eq(feeRecords.id, payments.feeRecordId))
    .where(or(eq(payments.id, paymentId), and(isNotNull(payments.receiptGroup), eq(payments.receiptGroup, group))))
    .orderBy(asc(feeRecords.academicYearName), asc(payments.id));
}

/**
 * Every line of the receipt payment `paymentId` belongs to (oldest year first, amounts in EGP), and the accounts
 * (fee record ids) they paid. Empty: no such row.
 */
export async function receiptLines(
  db: Db,
  paymentId: number,
): Promise<{ lines: ReceiptLineJson[]; accounts: number[]; balances: Array<number | null> }> {
  const rows = await receiptRowsQuery(db, paymentId);
  if (!rows.length) return { lines: [], accounts: [], balances: [] };
  const allocRows = await db
    .select({
      paymentId: paymentAllocations.paymentId,
      line: paymentAllocations.line,
      lineEn: paymentAllocations.lineEn,
      no: paymentAllocations.instalmentNo,
      amount: paymentAllocations.amountPiastres,
    })
    .from(paymentAllocations)
    .where(
      sql`${paymentAllocations.paymentId} IN (${sql.join(
        rows.map((r) => sql`${r.p.id}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(paymentAllocations.id));
  const allocs = allocationsByPayment(allocRows);
  return {
    lines: rows.map((r) => ({ ...toPaymentJson(r.p, allocs.get(r.p.id)), academic_year_name: r.year })),
    accounts: rows.map((r) => r.p.feeRecordId),
    // Each line's account balance right after it, EGP, as fixed when issued (null before migration 0010).
    balances: rows.map((r) => (r.p.balanceAfterPiastres === null ? null : piastresToEgp(r.p.balanceAfterPiastres))),
  };
}
