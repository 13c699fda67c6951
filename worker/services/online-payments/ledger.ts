/**
 * Recording what Paymob reports about an online payment (docs/product.md#online-payments, #payments-and-receipts).
 * A verified callback and reconciliation's transaction inquiry both end here, so a transaction is recorded the same
 * way whichever arrives first, and once.
 *
 * Every outcome is ONE batch whose first statement inserts the transaction into `paymob_transactions`, UNIQUE by
 * (transaction id, kind) and by order for a success: a replay, also ten at once or under an altered id, breaks a key
 * and the whole batch adds nothing; the trigger `paymob_refund_cap` refuses refunds beyond the order's payment. The figures
 * are computed inside the batch from the rows as they are at that moment (never from an earlier read):
 * - success, amount and currency as ordered: the same ledger movement as a desk payment (worker/services/ledger/,
 *   docs/money.md): counter + 1, an RCP receipt (source "online", by the system actor "online", no staff member),
 *   the audit row, the record's paid amount,
 *   allocation oldest instalment first, refill, the balance fixed on the receipt. Only what the record still owes
 *   is applied; the rest, when the desk took the money meanwhile, is the payment's credit (to refund), never refused;
 * - refund or void (a successful transaction with a parent): ADJ adjustments of what it takes back, from the
 *   credit first, then off the accounts the payment paid, newest receipt line first (./pay-refund.ts); of a family's
 *   payment for several children, split per child (./parts-refund.ts). One the write refuses is kept as not recorded
 *   for the office (./unrecorded-refunds.ts);
 * - the credit columns (each transaction's split, the payment's open credit) are the ledger's own
 *   (worker/services/ledger/credit.ts);
 * - declined: the payment becomes `failed` (a later success on the same order still records);
 * - amount or currency unlike the order: nothing is paid; the transaction and an audit row say so.
 */
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { onlinePayments, students, feeRecords } from "../../../db/schema";
import { batchAll, type Db } from "../../db";
import { broke } from "../../db-constraints";
import type { CallbackOutcome, PaymobTransaction } from "../../contracts/online-payments";
import { paymentMethodOf } from "../../lib/payment-method";
import { type AuditEntry, snapshotWith } from "../audit";
import { SYSTEM_ACTORS } from "../ledger/actors";
import { type CreditTransaction, orderCreditStatement, paymentTransactionStatement } from "../ledger/credit";
import { moneyAuditStatement, movementStatements } from "../ledger/entries";
import { NOTHING_MOVED, type MoneyMoved } from "../ledger/hooks";
import type { UnrecordedRefundReason } from "../../../db/schema";
import { currentReceiptIdSql } from "../ledger/receipts";
import { partsMoved, partsSuccessBatch, partsToRecord } from "./parts";
import { partLinesOf, partsRefundMoved, partsReversalBatch } from "./parts-refund";
import { accountsMoved, receiptOf } from "./moved";
import { payLinesOf, payRefundMoved, payReversalBatch } from "./pay-refund";
import { keepUnrecordedRefund } from "./unrecorded-refunds";
import { owingAccountsOf, spreadSuccessBatch } from "./spread";

/** Where the report came from: the Transaction Processed callback, or reconciliation's inquiry. */
export type ReportSource = "callback" | "inquiry";

export interface LedgerContext {
  db: Db;
  requestId: string;
  now: Date;
  source: ReportSource;
}

/** The online payment a transaction belongs to, with what the audit row names. */
interface OrderRow {
  id: number;
  feeRecordId: number;
  amountPiastres: number;
  currency: string;
  studentNo: string;
}

async function orderOf(db: Db, orderId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select({
      id: onlinePayments.id,
      feeRecordId: onlinePayments.feeRecordId,
      amountPiastres: onlinePayments.amountPiastres,
      currency: onlinePayments.currency,
      studentNo: students.studentNo,
    })
    .from(onlinePayments)
    .innerJoin(feeRecords, eq(feeRecords.id, onlinePayments.feeRecordId))
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .where(eq(onlinePayments.orderId, orderId));
  return row ?? null;
}

/** The transaction's row of `kind` (SQL), and a column of it. */
const txnRow = (txn: string, kind: string) =>
  sql`FROM paymob_transactions WHERE transaction_id = ${txn} AND kind = ${kind}`;
const txnCol = (txn: string, kind: string, col: string) => sql`(SELECT ${sql.raw(col)} ${txnRow(txn, kind)})`;

/** The RCP receipt (SQL id) of the success's applied amount in this batch, NULL when none was written. */
const receiptIdOf = (txn: string) =>
  sql`(CASE WHEN ${txnCol(txn, "payment", "applied_piastres")} <> 0 THEN ${currentReceiptIdSql("RCP")} END)`;

/** The audit row's fields (all but its action) of the success's change of the fee record. */
function feeAudit(lc: LedgerContext, order: OrderRow, txn: string, tx: PaymobTransaction) {
  const kind = "payment";
  const applied = txnCol(txn, kind, "applied_piastres");
  const paymentId = receiptIdOf(txn);
  const feeRow = sql`FROM fee_records WHERE id = ${order.feeRecordId}`;
  return {
    entity: "fee_record",
    entityId: order.feeRecordId,
    before: sql`(SELECT json_object('student_no', ${order.studentNo}, 'paid_piastres', paid_piastres, 'total_piastres', total_piastres) ${feeRow})`,
    after: snapshotWith(
      {
        student_no: order.studentNo,
        order_id: tx.order.id,
        transaction_id: txn,
        amount_piastres: tx.amount_cents,
        // How the family paid (card, wallet, aggregator = kiosk): the receipt names it (worker/services/print.ts).
        method: tx.source_data.type,
      },
      {
        receipt_no: sql`(SELECT receipt_no FROM payments WHERE id = ${paymentId})`,
        applied_piastres: applied,
        credit_piastres: txnCol(txn, kind, "credit_piastres"),
        paid_piastres: sql`(SELECT paid_piastres + ${applied} ${feeRow})`,
        source: sql`${lc.source}`,
      },
    ),
  } satisfies Omit<AuditEntry, "action">;
}

/**
 * Statements: the ledger movement of the success's applied amount (an RCP receipt; none when nothing was applied),
 * then the transaction names its receipt.
 */
function moneyRows(lc: LedgerContext, order: OrderRow, tx: PaymobTransaction): BatchItem<"sqlite">[] {
  const { db } = lc;
  const kind = "payment";
  const applied = txnCol(tx.id, kind, "applied_piastres");
  const receiptId = receiptIdOf(tx.id);
  return [
    ...movementStatements(db, {
      feeRecordId: order.feeRecordId,
      prefix: "RCP",
      amount: applied,
      at: lc.now.toISOString(),
      actor: SYSTEM_ACTORS.online,
      source: "online",
      method: paymentMethodOf(tx.source_data.type),
      when: sql`${applied} <> 0`,
      requestId: lc.requestId,
      audit: { action: "online_payment", ...feeAudit(lc, order, tx.id, tx) },
      receiptId,
    }),
    db.run(sql`UPDATE paymob_transactions SET payment_id = ${receiptId}
      WHERE transaction_id = ${tx.id} AND kind = ${kind} AND applied_piastres <> 0`),
  ];
}

/** The transaction `tx` of `amount` piastres as the credit statements take it. */
const creditTxn = (lc: LedgerContext, order: OrderRow, tx: PaymobTransaction, amount: number): CreditTransaction => ({
  txn: tx.id,
  orderId: order.id,
  amount,
  source: lc.source,
  at: lc.now.toISOString(),
});

/** The batch of a success whose amount and currency match its order. */
function successBatch(lc: LedgerContext, order: OrderRow, tx: PaymobTransaction): BatchItem<"sqlite">[] {
  const { db } = lc;
  const txn = tx.id;
  const at = lc.now.toISOString();
  return [
    paymentTransactionStatement(db, creditTxn(lc, order, tx, tx.amount_cents)),
    ...moneyRows(lc, order, tx),
    db.run(sql`UPDATE online_payments SET status = 'paid', paid_at = coalesce(paid_at, ${at}),
      transaction_id = coalesce(transaction_id, ${txn}), payment_id = coalesce(payment_id, ${txnCol(txn, "payment", "payment_id")}),
      updated_at = ${at}
      WHERE id = ${order.id}`),
    orderCreditStatement(db, order.id, txn, "payment", at),
  ];
}

/** The batch of a transaction that moves no money: declined (the payment fails) or unlike its order (flagged). */
function noteBatch(lc: LedgerContext, order: OrderRow, tx: PaymobTransaction, kind: "declined" | "mismatch") {
  const { db } = lc;
  const insert =
    db.run(sql`INSERT INTO paymob_transactions (transaction_id, kind, online_payment_id, amount_piastres, source, at)
    VALUES (${tx.id}, ${kind}, ${order.id}, ${tx.amount_cents}, ${lc.source}, ${lc.now.toISOString()})`);
  if (kind === "declined")
    return [
      insert,
      db.run(sql`UPDATE online_payments SET status = 'failed', updated_at = ${lc.now.toISOString()}
        WHERE id = ${order.id} AND status IN ('pending', 'expired')`),
    ];
  return [
    insert,
    moneyAuditStatement(db, SYSTEM_ACTORS.online, lc.requestId, {
      action: "online_payment_mismatch",
      entity: "fee_record",
      entityId: order.feeRecordId,
      after: {
        student_no: order.studentNo,
        order_id: tx.order.id,
        transaction_id: tx.id,
        amount_piastres: tx.amount_cents,
        currency: tx.currency,
        ordered_piastres: order.amountPiastres,
      },
    }),
  ];
}

/** Why the database refused a batch by a rule of online payments, as `refusalOf` tells it. */
type Refusal = { outcome: "replayed" } | { outcome: "refused"; reason: UnrecordedRefundReason };

/**
 * The outcome of a batch the database refused by a rule of online payments, or null for any other failure:
 * the same transaction again, or a second success of an order already paid (under another id) → replayed; refunds
 * beyond what the order brought in, or that the accounts the payment paid no longer hold → refused, with the reason
 * the office is shown. Either way nothing was written.
 */
function refusalOf(err: unknown, tx: PaymobTransaction, reversal: boolean): Refusal | null {
  if (broke(err, "paymob_transactions.transaction_id, paymob_transactions.kind")) return { outcome: "replayed" };
  const why: UnrecordedRefundReason | "second_success" | null = broke(err, "paymob_transactions.online_payment_id")
    ? "second_success"
    : broke(err, "paymob_refund_cap")
      ? "beyond_payment"
      : reversal && broke(err, "fee_paid_chk")
        ? "accounts_short"
        : null;
  if (!why) return null;
  console.warn(JSON.stringify({ msg: `paymob transaction not recorded: ${why}`, order_id: tx.order.id, id: tx.id }));
  return why === "second_success" ? { outcome: "replayed" } : { outcome: "refused", reason: why };
}

export interface LedgerResult {
  outcome: CallbackOutcome;
  /** What moved, for `afterMoneyMoved` (worker/money-moved.ts): nothing for a replay. */
  moved: MoneyMoved;
}

/**
 * Records transaction `tx` (already verified: an HMAC-checked callback, or Paymob's own inquiry answer) once,
 * deciding only by fields the HMAC covers.
 * Outcomes: recorded (money in), refunded, failed (declined), pending (nothing yet), mismatch, ignored (an order
 * this school does not know: logged, nothing written), replayed (this transaction, or another success of the same
 * order, already recorded: nothing added), refused (a refund beyond what the order brought in, or that the accounts
 * it paid no longer hold: nothing of it written, the refund kept as not recorded for the office).
 */
export async function applyTransaction(lc: LedgerContext, tx: PaymobTransaction): Promise<LedgerResult> {
  const order = await orderOf(lc.db, tx.order.id);
  if (!order) {
    console.warn(JSON.stringify({ msg: "paymob transaction for an unknown order", order_id: tx.order.id }));
    return { outcome: "ignored", moved: NOTHING_MOVED };
  }
  // A refund or void is a transaction of its own with a parent (the payment); a capture has one too. Paymob's flags
  // `is_refunded` / `is_voided` on the original mark one already reported this way: that original replays.
  const reversal = tx.success && tx.has_parent_transaction && !tx.is_capture;
  const parts = reversal || !tx.success || tx.pending ? [] : await partsToRecord(lc.db, order.id);
  // A family's payment for several children is refunded per child (./parts-refund.ts); one made on /pay across the
  // accounts its receipt paid (./pay-refund.ts). Which receipt lines exist is all that is read before the write.
  const refundParts = reversal ? await partLinesOf(lc.db, order.id) : [];
  const payLines = reversal && !refundParts.length ? await payLinesOf(lc.db, order.id) : [];
  let outcome: CallbackOutcome;
  let items: BatchItem<"sqlite">[];
  if (reversal && refundParts.length)
    [outcome, items] = ["refunded", partsReversalBatch({ ...lc, order, tx, parts: refundParts })];
  else if (reversal) [outcome, items] = ["refunded", payReversalBatch({ ...lc, order, tx, lines: payLines })];
  else if (tx.pending) return { outcome: "pending", moved: NOTHING_MOVED };
  else if (!tx.success) [outcome, items] = ["failed", noteBatch(lc, order, tx, "declined")];
  else if (tx.currency !== order.currency || tx.amount_cents !== order.amountPiastres) {
    console.warn(JSON.stringify({ msg: "paymob amount or currency unlike its order", order_id: tx.order.id }));
    [outcome, items] = ["mismatch", noteBatch(lc, order, tx, "mismatch")];
  } else if (parts.length) {
    // A family's payment for several children: each child's part on that child's accounts (./parts.ts).
    [outcome, items] = ["recorded", partsSuccessBatch({ ...lc, orderId: order.id, tx, parts })];
  } else {
    // The student's accounts owing, oldest year first: the payment settles them in that order.
    const accounts = await owingAccountsOf(lc.db, order.feeRecordId);
    // One account, not the order's (the desk settled that one since): the money goes where it is owed.
    const elsewhere = accounts.length > 1 || (accounts.length === 1 && accounts[0] !== order.feeRecordId);
    const spread = elsewhere ? spreadSuccessBatch({ ...lc, order, tx, accounts }) : null;
    [outcome, items] = ["recorded", spread ?? successBatch(lc, order, tx)];
  }
  try {
    await batchAll(lc.db, items);
  } catch (err) {
    const refusal = refusalOf(err, tx, reversal);
    if (!refusal) throw err;
    if (refusal.outcome === "replayed") return { outcome: "replayed", moved: NOTHING_MOVED };
    // Paymob gave the money back and the books do not show it: kept for the office (./unrecorded-refunds.ts).
    const at = lc.now.toISOString();
    const kept = { orderId: order.id, txn: tx.id, amount: tx.amount_cents, source: lc.source, at };
    await keepUnrecordedRefund(lc.db, { ...kept, reason: refusal.reason });
    return { outcome: "refused", moved: { feeRecordIds: [order.feeRecordId] } };
  }
  if (outcome !== "recorded" && outcome !== "refunded") return { outcome, moved: NOTHING_MOVED };
  if (outcome === "recorded" && parts.length) return { outcome, moved: await partsMoved(lc.db, order.id) };
  if (refundParts.length)
    return { outcome, moved: { feeRecordIds: await partsRefundMoved(lc.db, tx.id, refundParts) } };
  if (reversal) {
    const moved = await payRefundMoved(lc.db, tx.id, order.id, payLines);
    // All of it off the credit: no account moved, but the payment's credit (the Fees page's figure) did.
    return { outcome, moved: { feeRecordIds: moved.length ? moved : [order.feeRecordId] } };
  }
  const receiptNos = outcome === "recorded" ? await receiptOf(lc.db, tx.id) : [];
  return { outcome, moved: { feeRecordIds: await accountsMoved(lc.db, tx.id, order.feeRecordId), receiptNos } };
}
