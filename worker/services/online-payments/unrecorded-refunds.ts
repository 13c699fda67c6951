/**
 * Refunds Paymob reported that the school could not record (docs/product.md#online-payments, "Refunds not
 * recorded"; docs/decisions/0049-online-refunds-across-years-and-unrecorded.md): kept in `unrecorded_refunds` so the
 * office sees them in the console and can count them, instead of a log line only. A refund is written here only
 * after a verified report of it (signature checked, ./ledger.ts) was refused, once per Paymob transaction, and only
 * while no batch recorded it; a batch that records it later closes the row. Piastres here, EGP in the answers.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { onlinePayments, unrecordedRefunds, type UnrecordedRefundReason } from "../../../db/schema";
import type { Db } from "../../db";
import { broke } from "../../db-constraints";
import { ApiError } from "../../errors";
import { piastresToEgp } from "../../money";
import type { RequestContext } from "../../request-context";
import { auditInsertIfChanged } from "../audit";

/** Open: Paymob gave it back, and neither a later report recorded it nor the office settled it. */
const OPEN = and(isNull(unrecordedRefunds.recordedAt), isNull(unrecordedRefunds.settledAt));

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
    .where(and(inArray(unrecordedRefunds.onlinePaymentId, ids), OPEN))
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
    .where(OPEN);
  return { count: Number(row?.count ?? 0), amount: piastresToEgp(Number(row?.amount ?? 0)) };
}

/** SQL for the list's filter: the online payment (outer `online_payments`) has a refund not recorded. */
export const hasUnrecordedSql = sql`EXISTS (SELECT 1 FROM unrecorded_refunds u
  WHERE u.online_payment_id = "online_payments"."id" AND u.recorded_at IS NULL AND u.settled_at IS NULL)`;

/**
 * The office settles refund `txn` by hand (docs/product.md#online-payments, "Refunds not recorded"): in ONE batch,
 * only while it is open (the UPDATE's own WHERE decides), the row marked settled by the staff member with `note`, the
 * refund kept as acted on (`paymob_transactions`, source "office": a later report of it is a replay and adds
 * nothing; the money was given back, so it counts toward the order's refunds) and the payment's refunded figure
 * raised, then the audit row. No account changes: what the office did to the accounts, it did on the Fees page.
 * Answers the settled refund (EGP) and the payment's fee record. Throws 404 UNRECORDED_REFUND_NOT_FOUND, 409
 * UNRECORDED_REFUND_CLOSED (settled or recorded meanwhile).
 */
export async function settleUnrecordedRefund(ctx: RequestContext, txn: string, note: string) {
  const { db } = ctx;
  const at = ctx.now.toISOString();
  const by = ctx.actor.username;
  const of = (col: string) => sql`(SELECT ${sql.raw(col)} FROM unrecorded_refunds WHERE transaction_id = ${txn})`;
  try {
    const [settled, , , , [payment]] = await db.batch([
      db
        .update(unrecordedRefunds)
        .set({ settledAt: at, settledBy: by, settledNote: note })
        .where(and(eq(unrecordedRefunds.transactionId, txn), OPEN))
        .returning(),
      db.run(sql`INSERT INTO paymob_transactions (transaction_id, kind, online_payment_id, amount_piastres, source, at)
        SELECT transaction_id, 'refund', online_payment_id, amount_piastres, 'office', ${at}
        FROM unrecorded_refunds WHERE transaction_id = ${txn} AND changes() > 0`),
      db.run(sql`UPDATE online_payments SET refunded_piastres = refunded_piastres + ${of("amount_piastres")},
        updated_at = ${at} WHERE id = ${of("online_payment_id")} AND changes() > 0`),
      auditInsertIfChanged(ctx, {
        action: "settle_unrecorded_refund",
        entity: "online_payment",
        entityId: of("online_payment_id"),
        after: { transaction_id: txn, note },
      }),
      db
        .select({ feeRecordId: onlinePayments.feeRecordId })
        .from(onlinePayments)
        .where(eq(onlinePayments.id, of("online_payment_id"))),
    ]);
    const [row] = settled;
    if (row)
      return {
        settled: {
          transaction_id: row.transactionId,
          amount: piastresToEgp(row.amountPiastres),
          reason: row.reason,
          at: row.at,
          settled_at: at,
          settled_by: by,
          note,
        },
        // For the live event: the consoles showing the payment reload.
        feeRecordId: payment?.feeRecordId ?? null,
      };
  } catch (err) {
    // Recorded by a report meanwhile: its transaction row is there.
    if (broke(err, "paymob_transactions.transaction_id, paymob_transactions.kind"))
      throw new ApiError("UNRECORDED_REFUND_CLOSED");
    throw err;
  }
  const [known] = await db
    .select({ id: unrecordedRefunds.id })
    .from(unrecordedRefunds)
    .where(eq(unrecordedRefunds.transactionId, txn));
  throw new ApiError(known ? "UNRECORDED_REFUND_CLOSED" : "UNRECORDED_REFUND_NOT_FOUND");
}
