/**
 * An online payment's credit (docs/money.md "Online payment"): what Paymob took that the fee record did not owe, to
 * be refunded. Written only here: each transaction's split into what it applied to the record and what it changed
 * on the credit (`paymob_transactions`), and the payment's open credit (`online_payments.credit_piastres`). The
 * figures are computed in SQL from the rows as the batch finds them. worker/services/online-payments/ledger.ts
 * puts these statements in its batches.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db";

/** A transaction Paymob reported on online payment `orderId` (its row id): `amount` piastres, at `at` (ISO). */
export interface CreditTransaction {
  txn: string;
  orderId: number;
  amount: number;
  /** Where the report came from: the callback or reconciliation's inquiry. */
  source: string;
  at: string;
}

/**
 * Statement: the success `t` recorded (first in its batch: its UNIQUE keys refuse a replay): applied is what the
 * record still owes at most, the rest is credit.
 */
export function paymentTransactionStatement(db: Db, t: CreditTransaction) {
  const applied = sql`min(${t.amount}, f.total_piastres - f.paid_piastres)`;
  return db.run(sql`INSERT INTO paymob_transactions (transaction_id, kind, online_payment_id, amount_piastres, applied_piastres, credit_piastres, source, at)
    SELECT ${t.txn}, 'payment', o.id, ${t.amount}, ${applied}, ${t.amount} - ${applied}, ${t.source}, ${t.at}
    FROM online_payments o JOIN fee_records f ON f.id = o.fee_record_id WHERE o.id = ${t.orderId}`);
}

/**
 * Statement: the success `t` spread over the student's `accounts` recorded (first in its batch, as above): applied is
 * what those accounts owe together at most (worker/services/online-payments/spread.ts), the rest is credit.
 */
export function spreadPaymentTransactionStatement(db: Db, t: CreditTransaction, accounts: readonly number[]) {
  const ids = sql.join(
    accounts.map((id) => sql`${id}`),
    sql`, `,
  );
  const owed = sql`(SELECT coalesce(sum(total_piastres - paid_piastres), 0) FROM fee_records WHERE id IN (${ids}))`;
  return db.run(sql`INSERT INTO paymob_transactions (transaction_id, kind, online_payment_id, amount_piastres, applied_piastres, credit_piastres, source, at)
    SELECT ${t.txn}, 'payment', o.id, ${t.amount}, min(${t.amount}, ${owed}), ${t.amount} - min(${t.amount}, ${owed}), ${t.source}, ${t.at}
    FROM online_payments o WHERE o.id = ${t.orderId}`);
}

/**
 * Statement: the refund or void `t` of a payment without parts recorded (first in its batch: its UNIQUE keys refuse
 * a replay, the trigger `paymob_refund_cap` more than the order brought in): from the payment's credit first, the
 * rest applied, all of it: the payment's receipt lines give it back (./refund-lines.ts), or the batch fails.
 */
export function refundTransactionStatement(db: Db, t: CreditTransaction) {
  const fromCredit = sql`min(${t.amount}, o.credit_piastres)`;
  return db.run(sql`INSERT INTO paymob_transactions (transaction_id, kind, online_payment_id, amount_piastres, applied_piastres, credit_piastres, source, at)
    SELECT ${t.txn}, 'refund', o.id, ${t.amount}, -(${t.amount} - ${fromCredit}), -${fromCredit}, ${t.source}, ${t.at}
    FROM online_payments o WHERE o.id = ${t.orderId}`);
}

/** Statement: online payment `orderId`'s open credit moved by what transaction `txn` of `kind` changed on it. */
export function orderCreditStatement(db: Db, orderId: number, txn: string, kind: "payment" | "refund", at: string) {
  return db.run(sql`UPDATE online_payments SET credit_piastres = credit_piastres +
      (SELECT credit_piastres FROM paymob_transactions WHERE transaction_id = ${txn} AND kind = ${kind}),
      updated_at = ${at}
    WHERE id = ${orderId}`);
}

/** A part of a family's payment (`online_payment_parts`): its row id and the child's accounts owing, oldest first. */
export interface PartAccounts {
  partId: number;
  accounts: readonly number[];
}

/** SQL: piastres the accounts `ids` owe together now (0 for none). */
function owedSql(ids: readonly number[]) {
  if (!ids.length) return sql`0`;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(SELECT coalesce(sum(total_piastres - paid_piastres), 0) FROM fee_records WHERE id IN (${list}))`;
}

/** SQL: what part `p` applies: its amount, capped at what its child's accounts owe now. */
const partAppliedSql = (p: PartAccounts) =>
  sql`(SELECT min(amount_piastres, ${owedSql(p.accounts)}) FROM online_payment_parts WHERE id = ${p.partId})`;

/**
 * Statements of the success `t` of a family's payment with `parts` (docs/decisions/0045-family-payment-parts.md):
 * first the transaction (its UNIQUE keys refuse a replay) whose applied amount is the sum over parts of each part's
 * amount capped at what that child's accounts owe now, the rest credit; then each part's own split. All evaluated
 * before any receipt row of the batch is written.
 */
export function partsPaymentTransactionStatements(db: Db, t: CreditTransaction, parts: readonly PartAccounts[]) {
  const applied = parts.length
    ? sql.join(
        parts.map((p) => sql`coalesce(${partAppliedSql(p)}, 0)`),
        sql` + `,
      )
    : sql`0`;
  return [
    db.run(sql`INSERT INTO paymob_transactions (transaction_id, kind, online_payment_id, amount_piastres, applied_piastres, credit_piastres, source, at)
      SELECT ${t.txn}, 'payment', o.id, ${t.amount}, ${applied}, ${t.amount} - (${applied}), ${t.source}, ${t.at}
      FROM online_payments o WHERE o.id = ${t.orderId}`),
    ...parts.map((p) =>
      db.run(sql`UPDATE online_payment_parts SET applied_piastres = min(amount_piastres, ${owedSql(p.accounts)}),
          credit_piastres = amount_piastres - min(amount_piastres, ${owedSql(p.accounts)})
        WHERE id = ${p.partId} AND online_payment_id = ${t.orderId}`),
    ),
  ];
}
