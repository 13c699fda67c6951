/**
 * The ledger's statements of a refund or void of a payment without parts (started on /pay; docs/money.md "Online
 * payment", docs/decisions/0049-online-refunds-across-years-and-unrecorded.md): what it takes back from each receipt
 * line of the payment (one RCP row, or one per account of a receipt across years), and the batch's last guard. The
 * figures are SQL evaluated at the write from the refund rows as the batch finds them; RCP rows never change.
 * worker/services/online-payments/pay-refund.ts puts them in one batch. Piastres.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import type { CreditTransaction } from "./credit";
import { lineUndoneSql, refundIdSql } from "./refund-parts";

/** SQL: piastres the order's refunds (those with `which`, SQL over alias `r`) took back from its receipt lines. */
const takenBackSql = (orderId: number, which: SQL) =>
  sql`(SELECT coalesce(-sum(r.applied_piastres), 0) FROM paymob_transactions r
    WHERE r.online_payment_id = ${orderId} AND r.kind = 'refund' AND ${which})`;

/**
 * SQL: what refund `txn` of order `orderId` takes back from receipt line `lineId`: the refunds' applied amounts
 * undone newest line first (reverse of how the success applied them), after what earlier refunds undid.
 */
export function payLineTakeSql(txn: string, orderId: number, lineId: number): SQL {
  const r = refundIdSql(txn);
  return lineUndoneSql(lineId, takenBackSql(orderId, sql`r.id < ${r}`), takenBackSql(orderId, sql`r.id <= ${r}`));
}

/**
 * Statement, last in the batch of refund `t` of a payment without parts: fails it (`fee_paid_chk`: account
 * `feeRecordId` set to −1) unless what it takes back from the lines `lineIds` (read before the batch) adds up to its
 * applied amount exactly, and the payment still has exactly those lines (its success was not recorded meanwhile).
 */
export function payRefundGuardStatement(db: Db, t: CreditTransaction, feeRecordId: number, lineIds: number[]) {
  const takes = lineIds.length
    ? sql.join(
        lineIds.map((id) => payLineTakeSql(t.txn, t.orderId, id)),
        sql` + `,
      )
    : sql`0`;
  const applied = sql`(SELECT -applied_piastres FROM paymob_transactions WHERE id = ${refundIdSql(t.txn)})`;
  const lines = sql`(SELECT count(*) FROM paymob_transactions s JOIN payments h ON h.id = s.payment_id
    JOIN payments l ON l.kind = 'payment' AND (l.id = h.id OR l.receipt_group = h.receipt_group)
    WHERE s.online_payment_id = ${t.orderId} AND s.kind = 'payment')`;
  return db.run(sql`UPDATE fee_records SET paid_piastres = -1 WHERE id = ${feeRecordId}
    AND ((${takes}) <> ${applied} OR ${lines} <> ${lineIds.length})`);
}
