/**
 * The success of an online payment a family made for several children (docs/product.md#family-accounts,
 * docs/decisions/0045-family-payment-parts.md): ONE batch that records, per child (a part), what the family chose
 * for that child, spread over the child's accounts oldest year first exactly as a desk payment with no year is
 * (worker/services/ledger/across-years.ts: one RCP line per account, one receipt group per child), capped at what the
 * child's accounts owe at the write; the rest of that part is credit (to refund). The transaction row comes first
 * (its UNIQUE keys make a replayed or concurrent callback add nothing); then each part's split, each child's lines,
 * each part's receipt, the payment paid and its credit. Amounts in piastres.
 */
import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { onlinePaymentParts, payments, students } from "../../../db/schema";
import type { Db } from "../../db";
import type { PaymobTransaction } from "../../contracts/online-payments";
import { paymentMethodOf } from "../../lib/payment-method";
import { SYSTEM_ACTORS } from "../ledger/actors";
import { newReceiptGroup, spreadStatements } from "../ledger/across-years";
import { orderCreditStatement, partsPaymentTransactionStatements } from "../ledger/credit";
import { onlineLineAudit, owingAccountsByStudent } from "./spread";

/** A part as the batch needs it: the child and its accounts owing at the read (oldest year first). */
export interface PartToRecord {
  id: number;
  studentId: number;
  studentNo: string;
  accounts: number[];
}

/** The parts of online payment `orderId` (none for a payment started on /pay), in checkout order. */
export async function partsOf(db: Db, orderId: number) {
  return db
    .select({
      id: onlinePaymentParts.id,
      studentId: onlinePaymentParts.studentId,
      studentNo: students.studentNo,
      amountPiastres: onlinePaymentParts.amountPiastres,
    })
    .from(onlinePaymentParts)
    .innerJoin(students, eq(students.id, onlinePaymentParts.studentId))
    .where(eq(onlinePaymentParts.onlinePaymentId, orderId))
    .orderBy(asc(onlinePaymentParts.position));
}

/**
 * The parts of `orderId` with each child's accounts owing now, oldest year first. An account that stops owing before
 * the batch writes a line of 0 (nothing); what the parts apply is capped at these accounts, so the lines always add up.
 */
export async function partsToRecord(db: Db, orderId: number): Promise<PartToRecord[]> {
  const parts = await partsOf(db, orderId);
  const owing = await owingAccountsByStudent(
    db,
    parts.map((p) => p.studentId),
  );
  return parts.map((p) => ({
    id: p.id,
    studentId: p.studentId,
    studentNo: p.studentNo,
    accounts: owing.get(p.studentId) ?? [],
  }));
}

/** What the batch needs of the order and the report. */
export interface PartsSuccess {
  db: Db;
  requestId: string;
  now: Date;
  source: "callback" | "inquiry";
  orderId: number;
  tx: PaymobTransaction;
  parts: PartToRecord[];
}

/** The statements of one child's part: its lines over its accounts (none when it owes nothing), then its receipt. */
function partStatements(s: PartsSuccess, part: PartToRecord, credit: SQL): BatchItem<"sqlite">[] {
  if (!part.accounts.length) return [];
  const { db } = s;
  const group = newReceiptGroup();
  return [
    ...spreadStatements(db, {
      accounts: part.accounts,
      amount: sql`(SELECT applied_piastres FROM online_payment_parts WHERE id = ${part.id})`,
      group,
      at: s.now.toISOString(),
      actor: SYSTEM_ACTORS.online,
      requestId: s.requestId,
      source: "online",
      method: paymentMethodOf(s.tx.source_data.type),
      audit: onlineLineAudit({ source: s.source, studentNo: part.studentNo, tx: s.tx, group, credit }),
    }),
    db.run(sql`UPDATE online_payment_parts SET payment_id = (SELECT min(id) FROM payments WHERE receipt_group = ${group})
      WHERE id = ${part.id}`),
  ];
}

/** The batch of a matching success of a payment with parts (see the module doc). */
export function partsSuccessBatch(s: PartsSuccess): BatchItem<"sqlite">[] {
  const { db, tx } = s;
  const txn = tx.id;
  const at = s.now.toISOString();
  const partCredit = (id: number) => sql`(SELECT credit_piastres FROM online_payment_parts WHERE id = ${id})`;
  const firstReceipt = sql`(SELECT payment_id FROM online_payment_parts
    WHERE online_payment_id = ${s.orderId} AND payment_id IS NOT NULL ORDER BY position LIMIT 1)`;
  const [head, ...rest] = partsPaymentTransactionStatements(
    db,
    { txn, orderId: s.orderId, amount: tx.amount_cents, source: s.source, at },
    s.parts.map((p) => ({ partId: p.id, accounts: p.accounts })),
  );
  return [
    head!,
    ...rest,
    ...s.parts.flatMap((p) => partStatements(s, p, partCredit(p.id))),
    db.run(sql`UPDATE paymob_transactions SET payment_id = ${firstReceipt}
      WHERE transaction_id = ${txn} AND kind = 'payment' AND applied_piastres <> 0`),
    db.run(sql`UPDATE online_payments SET status = 'paid', paid_at = coalesce(paid_at, ${at}),
      transaction_id = coalesce(transaction_id, ${txn}), payment_id = coalesce(payment_id, ${firstReceipt}),
      updated_at = ${at}
      WHERE id = ${s.orderId}`),
    orderCreditStatement(db, s.orderId, txn, "payment", at),
  ];
}

/** The accounts and receipt numbers a recorded success of payment `orderId` with parts moved. */
export async function partsMoved(db: Db, orderId: number): Promise<{ feeRecordIds: number[]; receiptNos: string[] }> {
  const rows = await db.all<{ fee_record_id: number; receipt_no: string; head: number }>(sql`
    SELECT p.fee_record_id, p.receipt_no, CASE WHEN p.id = x.payment_id THEN 1 ELSE 0 END AS head
    FROM online_payment_parts x JOIN ${payments} h ON h.id = x.payment_id
      JOIN ${payments} p ON p.receipt_group = h.receipt_group
    WHERE x.online_payment_id = ${orderId} ORDER BY x.position, p.id`);
  return {
    feeRecordIds: [...new Set(rows.map((r) => Number(r.fee_record_id)))],
    receiptNos: rows.filter((r) => Number(r.head) === 1).map((r) => r.receipt_no),
  };
}
