/**
 * What a recorded online payment or refund on one student (no parts) moved, read after its batch committed, for
 * `afterMoneyMoved` (worker/money-moved.ts; docs/money.md "Money moved"): its accounts and its RCP receipt.
 */
import { and, eq, sql } from "drizzle-orm";
import { payments, paymobTransactions } from "../../../db/schema";
import type { Db } from "../../db";

/** The accounts transaction `txn`'s receipt paid (one, or each line's of a receipt across years). */
export async function accountsMoved(db: Db, txn: string, feeRecordId: number): Promise<number[]> {
  const rows = await db.all<{ id: number }>(sql`SELECT DISTINCT p.fee_record_id AS id FROM payments p
    WHERE p.receipt_group = (SELECT h.receipt_group FROM paymob_transactions t JOIN payments h ON h.id = t.payment_id
      WHERE t.transaction_id = ${txn} AND t.kind = 'payment')`);
  const ids = rows.map((r) => Number(r.id));
  return ids.length ? ids : [feeRecordId];
}

/** The RCP receipt number transaction `txn` recorded, or none (all of it credit). */
export async function receiptOf(db: Db, txn: string): Promise<string[]> {
  const rows = await db
    .select({ receiptNo: payments.receiptNo })
    .from(paymobTransactions)
    .innerJoin(payments, eq(payments.id, paymobTransactions.paymentId))
    .where(and(eq(paymobTransactions.transactionId, txn), eq(paymobTransactions.kind, "payment")));
  return rows.map((r) => r.receiptNo);
}
