/**
 * Refunds Paymob reported that the school could not record (docs/product.md#online-payments, "Refunds not
 * recorded"; docs/decisions/0049-online-refunds-across-years-and-unrecorded.md): kept in `unrecorded_refunds` so the
 * office sees them in the console and can count them, instead of a log line only. A refund is written here only
 * after a verified report of it (signature checked, ./ledger.ts) was refused, once per Paymob transaction, and only
 * while no batch recorded it; a batch that records it later closes the row. Piastres here, EGP in the answers.
 */
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { unrecordedRefunds, type UnrecordedRefundReason } from "../../../db/schema";
import type { Db } from "../../db";
import { piastresToEgp } from "../../money";

/** A refused refund to keep: Paymob's transaction, its order (row id), amount (piastres) and why. */
export interface RefusedRefund {
  orderId: number;
  txn: string;
  amount: number;
  reason: UnrecordedRefundReason;
  source: "callback" | "inquiry";
  at: string;
}

/**
 * Keeps refund `r` as not recorded: once per transaction (a replay, also at once, adds nothing), and not when a
 * batch recorded the same refund meanwhile (writes are serialised: either that batch closes this row, or this
 * statement finds its transaction row and writes nothing).
 */
export async function keepUnrecordedRefund(db: Db, r: RefusedRefund): Promise<void> {
  await db.run(sql`INSERT INTO unrecorded_refunds (online_payment_id, transaction_id, amount_piastres, reason, source,
      at)
    SELECT ${r.orderId}, ${r.txn}, ${r.amount}, ${r.reason}, ${r.source}, ${r.at}
    WHERE NOT EXISTS (SELECT 1 FROM paymob_transactions WHERE transaction_id = ${r.txn} AND kind = 'refund')
    ON CONFLICT (transaction_id) DO NOTHING`);
}

/** Statement for a refund's recording batch: a report of refund `txn` kept as not recorded is closed at `at`. */
export function closeUnrecordedStatement(db: Db, txn: string, at: string): BatchItem<"sqlite"> {
  return db.run(sql`UPDATE unrecorded_refunds SET recorded_at = ${at}
    WHERE transaction_id = ${txn} AND recorded_at IS NULL`);
}

/** One refund not recorded as the console lists it (EGP). */
export interface UnrecordedRefundJson {
  transaction_id: string;
  amount: number;
  reason: UnrecordedRefundReason;
  at: string;
}

/** The refunds not recorded (still open) of each of the online payments `ids` (row ids), oldest first. */
export async function unrecordedOf(db: Db, ids: number[]): Promise<Map<number, UnrecordedRefundJson[]>> {
  const byPayment = new Map<number, UnrecordedRefundJson[]>();
  if (!ids.length) return byPayment;
  const rows = await db
    .select()
    .from(unrecordedRefunds)
    .where(and(inArray(unrecordedRefunds.onlinePaymentId, ids), isNull(unrecordedRefunds.recordedAt)))
    .orderBy(unrecordedRefunds.id);
  for (const r of rows) {
    const list = byPayment.get(r.onlinePaymentId) ?? [];
    list.push({ transaction_id: r.transactionId, amount: piastresToEgp(r.amountPiastres), reason: r.reason, at: r.at });
    byPayment.set(r.onlinePaymentId, list);
  }
  return byPayment;
}

/** How many refunds are not recorded (still open), and their EGP, whatever the list's filters. */
export async function unrecordedTotals(db: Db): Promise<{ count: number; amount: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)`,
      amount: sql<number>`coalesce(sum(${unrecordedRefunds.amountPiastres}), 0)`,
    })
    .from(unrecordedRefunds)
    .where(isNull(unrecordedRefunds.recordedAt));
  return { count: Number(row?.count ?? 0), amount: piastresToEgp(Number(row?.amount ?? 0)) };
}

/** SQL for the list's filter: the online payment (outer `online_payments`) has a refund not recorded. */
export const hasUnrecordedSql = sql`EXISTS (SELECT 1 FROM unrecorded_refunds u
  WHERE u.online_payment_id = "online_payments"."id" AND u.recorded_at IS NULL)`;
