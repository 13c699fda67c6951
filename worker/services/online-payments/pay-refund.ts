/**
 * A refund or void of a payment without parts, started on /pay (docs/product.md#online-payments,
 * docs/decisions/0049-online-refunds-across-years-and-unrecorded.md): taken back across the accounts the payment
 * paid. ONE batch of the ledger's statements (worker/services/ledger/refund-lines.ts), every figure decided at the
 * write (./refund-split.ts `undoNewestFirst` is the same rule in plain numbers):
 * 1. the refund's transaction row first (its UNIQUE keys make a replay add nothing; the trigger `paymob_refund_cap`
 *    refuses more than the order brought in): from the payment's open credit min(amount, credit), the rest applied;
 * 2. per receipt line of the payment (its RCP row, or one per account of a receipt across years), newest line first,
 *    the exact reverse of how the success applied them (oldest year first): an ADJ of what it takes back from that
 *    line after what earlier refunds took, its audit row, the account's paid amount, allocation, refill and balance;
 * 3. the transaction names the first ADJ; the payment's refunded amount and credit; a report of it as not recorded
 *    (./unrecorded-refunds.ts) is closed;
 * 4. a guard (`fee_paid_chk`, the order's account set to −1) unless the lines' takes add up to the applied amount
 *    exactly and the lines are those read before the batch.
 * Which lines the receipt has is read before the batch (RCP rows never change); no balance is.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { PaymobTransaction } from "../../contracts/online-payments";
import type { Db } from "../../db";
import { paymentMethodOf } from "../../lib/payment-method";
import { snapshotWith, type AuditEntry } from "../audit";
import { SYSTEM_ACTORS } from "../ledger/actors";
import { orderCreditStatement, refundTransactionStatement } from "../ledger/credit";
import { lineUndoStatements } from "../ledger/refund-parts";
import { payLineTakeSql, payRefundGuardStatement } from "../ledger/refund-lines";
import { undoNewestFirst } from "./refund-split";
import { closeUnrecordedStatement } from "./unrecorded-refunds";

/** A receipt line of the payment: its RCP row, account and amount (piastres). */
export interface PayLine {
  id: number;
  feeRecordId: number;
  amount: number;
}

/**
 * The receipt lines order `orderId`'s recorded success wrote, oldest first (as applied); none before it is recorded,
 * or when all of it was credit.
 */
export async function payLinesOf(db: Db, orderId: number): Promise<PayLine[]> {
  const rows = await db.all<{ id: number; fee: number; amount: number }>(sql`
    SELECT l.id, l.fee_record_id AS fee, l.amount_piastres AS amount
    FROM paymob_transactions t JOIN payments h ON h.id = t.payment_id
      JOIN payments l ON l.kind = 'payment' AND (l.id = h.id OR l.receipt_group = h.receipt_group)
    WHERE t.online_payment_id = ${orderId} AND t.kind = 'payment' ORDER BY l.id`);
  return rows.map((r) => ({ id: Number(r.id), feeRecordId: Number(r.fee), amount: Number(r.amount) }));
}

/** What the batch needs of the report. */
export interface PayRefund {
  db: Db;
  requestId: string;
  now: Date;
  source: "callback" | "inquiry";
  order: { id: number; feeRecordId: number; studentNo: string };
  tx: PaymobTransaction;
  lines: PayLine[];
}

/** SQL: column `col` of the refund's transaction row. */
const txnCol = (txn: string, col: string) =>
  sql`(SELECT ${sql.raw(col)} FROM paymob_transactions WHERE transaction_id = ${txn} AND kind = 'refund')`;

/** The audit row of the refund's ADJ `adjId` (SQL) on account `feeId`, written before the account changes. */
function lineAudit(s: PayRefund, feeId: number, adjId: SQL): AuditEntry {
  const feeRow = sql`FROM fee_records WHERE id = ${feeId}`;
  const applied = sql`(SELECT amount_piastres FROM payments WHERE id = ${adjId})`;
  return {
    action: "online_refund",
    entity: "fee_record",
    entityId: feeId,
    before: sql`(SELECT json_object('student_no', ${s.order.studentNo}, 'paid_piastres', paid_piastres,
      'total_piastres', total_piastres) ${feeRow})`,
    after: snapshotWith(
      {
        student_no: s.order.studentNo,
        order_id: s.tx.order.id,
        transaction_id: s.tx.id,
        amount_piastres: s.tx.amount_cents,
        method: s.tx.source_data.type,
      },
      {
        receipt_no: sql`(SELECT receipt_no FROM payments WHERE id = ${adjId})`,
        applied_piastres: applied,
        credit_piastres: txnCol(s.tx.id, "credit_piastres"),
        paid_piastres: sql`(SELECT paid_piastres + ${applied} ${feeRow})`,
        source: sql`${s.source}`,
      },
    ),
  };
}

/** The batch of a refund or void of a payment without parts (see the module doc). */
export function payReversalBatch(s: PayRefund): BatchItem<"sqlite">[] {
  const { db, tx } = s;
  const at = s.now.toISOString();
  const t = { txn: tx.id, orderId: s.order.id, amount: tx.amount_cents, source: s.source, at };
  const newestFirst = [...s.lines].reverse();
  return [
    refundTransactionStatement(db, t),
    ...newestFirst.flatMap((line) =>
      lineUndoStatements(db, {
        feeRecordId: line.feeRecordId,
        take: payLineTakeSql(tx.id, s.order.id, line.id),
        at,
        actor: SYSTEM_ACTORS.online,
        requestId: s.requestId,
        method: paymentMethodOf(tx.source_data.type),
        audit: (adjId) => lineAudit(s, line.feeRecordId, adjId),
        // The first ADJ written (the newest line's) is the refund's receipt.
        link: (adjId) =>
          db.run(sql`UPDATE paymob_transactions SET payment_id = coalesce(payment_id, ${adjId})
            WHERE transaction_id = ${tx.id} AND kind = 'refund' AND ${adjId} IS NOT NULL`),
      }),
    ),
    db.run(sql`UPDATE online_payments SET refunded_piastres = refunded_piastres + ${tx.amount_cents}, updated_at = ${at}
      WHERE id = ${s.order.id}`),
    orderCreditStatement(db, s.order.id, tx.id, "refund", at),
    closeUnrecordedStatement(db, tx.id, at),
    payRefundGuardStatement(
      db,
      t,
      s.order.feeRecordId,
      s.lines.map((l) => l.id),
    ),
  ];
}

/** The accounts a recorded refund `txn` of order `orderId` with `lines` took money back from (`afterMoneyMoved`). */
export async function payRefundMoved(db: Db, txn: string, orderId: number, lines: PayLine[]): Promise<number[]> {
  const [row] = await db.all<{ before: number; take: number }>(sql`
    SELECT coalesce(-sum(CASE WHEN r.id < t.id THEN r.applied_piastres END), 0) AS before,
      -t.applied_piastres AS take
    FROM paymob_transactions t JOIN paymob_transactions r ON r.online_payment_id = t.online_payment_id
      AND r.kind = 'refund'
    WHERE t.transaction_id = ${txn} AND t.kind = 'refund' AND t.online_payment_id = ${orderId}`);
  if (!row) return [];
  const undone = undoNewestFirst(
    lines.map((l) => l.amount),
    Number(row.before),
    Number(row.take),
  );
  return [...new Set(lines.filter((_, i) => undone[i]! > 0).map((l) => l.feeRecordId))];
}
