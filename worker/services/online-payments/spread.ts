/**
 * An online success spread over a student's fee accounts of several years (docs/product.md#online-payments, #fees;
 * docs/decisions/0041-one-receipt-across-years.md): what the accounts owe at the write is applied oldest year first,
 * one receipt line per account (worker/services/ledger/across-years.ts), the rest is the payment's credit, as for a
 * payment on one account. The transaction row comes first (its UNIQUE keys make a replay add nothing) and names the
 * receipt's first line; so does the online payment. The transaction's split and the payment's credit are the ledger's
 * (worker/services/ledger/credit.ts).
 */
import { and, asc, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { feeRecords } from "../../../db/schema";
import type { Db } from "../../db";
import type { PaymobTransaction } from "../../contracts/online-payments";
import { paymentMethodOf } from "../../lib/payment-method";
import { snapshotWith } from "../audit";
import { SYSTEM_ACTORS } from "../ledger/actors";
import { newReceiptGroup, spreadStatements } from "../ledger/across-years";
import { orderCreditStatement, spreadPaymentTransactionStatement } from "../ledger/credit";

/** An account that still owes something. */
const owing = sql`${feeRecords.totalPiastres} > ${feeRecords.paidPiastres}`;

/** The student's accounts owing, oldest year first, found through the order's account `feeRecordId`. */
export async function owingAccountsOf(db: Db, feeRecordId: number): Promise<number[]> {
  const rows = await db
    .select({ id: feeRecords.id })
    .from(feeRecords)
    .where(sql`${feeRecords.studentId} = (SELECT student_id FROM fee_records WHERE id = ${feeRecordId}) AND ${owing}`)
    .orderBy(asc(feeRecords.academicYearName));
  return rows.map((r) => r.id);
}

/** Each of `studentIds`' accounts owing, oldest year first (ids; a student owing nothing has none), in one read. */
export async function owingAccountsByStudent(db: Db, studentIds: number[]): Promise<Map<number, number[]>> {
  const byStudent = new Map<number, number[]>(studentIds.map((id) => [id, []]));
  if (!studentIds.length) return byStudent;
  const rows = await db
    .select({ id: feeRecords.id, studentId: feeRecords.studentId })
    .from(feeRecords)
    .where(and(inArray(feeRecords.studentId, studentIds), owing))
    .orderBy(asc(feeRecords.academicYearName), asc(feeRecords.id));
  for (const r of rows) byStudent.get(r.studentId)?.push(r.id);
  return byStudent;
}

/** What the batch needs of the order and the report. */
export interface SpreadSuccess {
  db: Db;
  requestId: string;
  now: Date;
  source: "callback" | "inquiry";
  order: { id: number; studentNo: string };
  tx: PaymobTransaction;
  /** More than one account, oldest year first. */
  accounts: number[];
}

/**
 * The audit row of one receipt line of an online success (`line` and `receiptNo` SQL of the line written): the
 * account before, the transaction, the receipt group, what the line applied and the transaction's credit.
 */
export function onlineLineAudit(a: {
  source: "callback" | "inquiry";
  studentNo: string;
  tx: PaymobTransaction;
  group: string;
  credit: SQL;
}) {
  return (feeId: number, line: SQL, receiptNo: SQL) => {
    const feeRow = sql`FROM fee_records WHERE id = ${feeId}`;
    return {
      action: "online_payment",
      entity: "fee_record",
      entityId: feeId,
      before: sql`(SELECT json_object('student_no', ${a.studentNo}, 'paid_piastres', paid_piastres, 'total_piastres', total_piastres) ${feeRow})`,
      after: snapshotWith(
        {
          student_no: a.studentNo,
          order_id: a.tx.order.id,
          transaction_id: a.tx.id,
          amount_piastres: a.tx.amount_cents,
          method: a.tx.source_data.type,
          receipt_group: a.group,
        },
        {
          receipt_no: receiptNo,
          applied_piastres: line,
          credit_piastres: a.credit,
          paid_piastres: sql`(SELECT paid_piastres + ${line} ${feeRow})`,
          source: sql`${a.source}`,
        },
      ),
    };
  };
}

/** The batch of a matching success spread over `s.accounts` (see the module doc). */
export function spreadSuccessBatch(s: SpreadSuccess): BatchItem<"sqlite">[] {
  const { db, tx, order } = s;
  const txn = tx.id;
  const a = tx.amount_cents;
  const at = s.now.toISOString();
  const col = (name: string): SQL =>
    sql`(SELECT ${sql.raw(name)} FROM paymob_transactions WHERE transaction_id = ${txn} AND kind = 'payment')`;
  const group = newReceiptGroup();
  const head = sql`(SELECT min(id) FROM payments WHERE receipt_group = ${group})`;
  return [
    spreadPaymentTransactionStatement(db, { txn, orderId: order.id, amount: a, source: s.source, at }, s.accounts),
    ...spreadStatements(db, {
      accounts: s.accounts,
      amount: col("applied_piastres"),
      group,
      method: paymentMethodOf(tx.source_data.type),
      at,
      actor: SYSTEM_ACTORS.online,
      requestId: s.requestId,
      source: "online",
      audit: onlineLineAudit({
        source: s.source,
        studentNo: order.studentNo,
        tx,
        group,
        credit: col("credit_piastres"),
      }),
    }),
    db.run(sql`UPDATE paymob_transactions SET payment_id = ${head}
      WHERE transaction_id = ${txn} AND kind = 'payment' AND applied_piastres <> 0`),
    db.run(sql`UPDATE online_payments SET status = 'paid', paid_at = coalesce(paid_at, ${at}),
      transaction_id = coalesce(transaction_id, ${txn}), payment_id = coalesce(payment_id, ${col("payment_id")}),
      updated_at = ${at}
      WHERE id = ${order.id}`),
    orderCreditStatement(db, order.id, txn, "payment", at),
  ];
}
