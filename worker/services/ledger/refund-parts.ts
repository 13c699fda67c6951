/**
 * The ledger's statements of a refund or void of a family's payment for several children (docs/money.md "Online
 * payment", docs/decisions/0045-family-payment-parts.md "Refunds"): the refund's transaction split, each part's share
 * (`online_refund_parts`), the ADJ adjustment undoing one receipt line, and the batch's last guard. Every figure is
 * SQL evaluated at the write from the rows as the batch finds them (worker/services/online-payments/refund-split.ts
 * is the same rule in plain numbers); worker/services/online-payments/parts-refund.ts puts them in one batch.
 * Piastres.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db";
import type { PaymentMethod } from "../../lib/payment-method";
import { newToken } from "../../../common/new-token";
import { auditRowValues, type AuditEntry } from "../audit";
import { auditActorOf, type MoneyActor } from "./actors";
import type { CreditTransaction } from "./credit";
import { settleStatements } from "./entries";
import { bumpCounterStatement, counterYearSql, currentReceiptIdSql, currentSequence, receiptNoSql } from "./receipts";

/** SQL: the refund `txn`'s transaction row id (in its batch, after its insert). */
export const refundIdSql = (txn: string) =>
  sql`(SELECT id FROM paymob_transactions WHERE transaction_id = ${txn} AND kind = 'refund')`;

/** SQL: piastres of `col` that refunds (`which`, SQL over alias `r`) took from part `part` (an id or SQL). */
export const takenSql = (part: SQL | number, col: "credit_piastres" | "applied_piastres", which: SQL = sql`1`) =>
  sql`(SELECT coalesce(sum(r.${sql.raw(col)}), 0) FROM online_refund_parts r WHERE r.part_id = ${part} AND ${which})`;

/** SQL over part alias `a`: its open credit, and what it applied that refunds have not taken back. */
const openCredit = (a: string) =>
  sql`(${sql.raw(a)}.credit_piastres - ${takenSql(sql.raw(`${a}.id`), "credit_piastres")})`;
const openApplied = (a: string) =>
  sql`(coalesce(${sql.raw(a)}.applied_piastres, 0) - ${takenSql(sql.raw(`${a}.id`), "applied_piastres")})`;

/**
 * Statements: the refund `t` of order `t.orderId` with parts, first in its batch (its UNIQUE keys refuse a replay,
 * the trigger `paymob_refund_cap` more than the order brought in): from credit min(amount, the parts' open credit),
 * the rest applied; then each part's share, one row per part it touches: the open credit in checkout order, then
 * what each part applied and no refund took back yet, last child first.
 */
export function partsRefundStatements(db: Db, t: CreditTransaction): BatchItem<"sqlite">[] {
  const same = sql`y.online_payment_id = x.online_payment_id`;
  return [
    db.run(sql`INSERT INTO paymob_transactions (transaction_id, kind, online_payment_id, amount_piastres,
        applied_piastres, credit_piastres, source, at)
      SELECT ${t.txn}, 'refund', ${t.orderId}, ${t.amount}, -(${t.amount} - c.open), -c.open, ${t.source}, ${t.at}
      FROM (SELECT min(${t.amount}, coalesce(sum(${openCredit("x")}), 0)) AS open
        FROM online_payment_parts x WHERE x.online_payment_id = ${t.orderId}) c`),
    db.run(sql`INSERT INTO online_refund_parts (refund_id, part_id, credit_piastres, applied_piastres)
      SELECT refund_id, part_id, c, a FROM (
        SELECT t.id AS refund_id, x.id AS part_id,
          max(0, min(${openCredit("x")}, -t.credit_piastres - (SELECT coalesce(sum(${openCredit("y")}), 0)
            FROM online_payment_parts y WHERE ${same} AND y.position < x.position))) AS c,
          max(0, min(${openApplied("x")}, -t.applied_piastres - (SELECT coalesce(sum(${openApplied("y")}), 0)
            FROM online_payment_parts y WHERE ${same} AND y.position > x.position))) AS a
        FROM online_payment_parts x JOIN paymob_transactions t ON t.transaction_id = ${t.txn} AND t.kind = 'refund'
        WHERE x.online_payment_id = ${t.orderId})
      WHERE c > 0 OR a > 0`),
  ];
}

/**
 * SQL: what refund `txn` takes back from receipt line `lineId` (an RCP row of part `partId`'s receipt group): the
 * part's share undone newest line first, never a line beyond its amount, after what earlier refunds undid.
 */
export function lineTakeSql(txn: string, partId: number, lineId: number): SQL {
  const r = refundIdSql(txn);
  const before = takenSql(partId, "applied_piastres", sql`r.refund_id < ${r}`);
  const upTo = takenSql(partId, "applied_piastres", sql`r.refund_id <= ${r}`);
  return lineUndoneSql(lineId, before, upTo);
}

/**
 * SQL: what a refund takes back from receipt line `lineId` (an RCP row; its receipt group's lines, or the row alone
 * when it has no group) when refunds before it took back `before` piastres of those lines and, with it, `upTo`: the
 * lines undone newest (highest id) first, never a line beyond its amount. RCP rows never change, so the figure is
 * the same at any point of the batch.
 */
export function lineUndoneSql(lineId: number, before: SQL, upTo: SQL): SQL {
  const amount = sql`(SELECT amount_piastres FROM payments WHERE id = ${lineId})`;
  const newer = sql`(SELECT coalesce(sum(n.amount_piastres), 0) FROM payments n
    WHERE n.receipt_group = (SELECT receipt_group FROM payments WHERE id = ${lineId}) AND n.kind = 'payment'
      AND n.id > ${lineId})`;
  const undone = (x: SQL) => sql`max(0, min(${amount}, ${x} - ${newer}))`;
  return sql`(${undone(upTo)} - ${undone(before)})`;
}

/** INSERT of audit `entry` by `actor`, written only when `when` (SQL) holds at the write. */
export function auditWhenStatement(db: Db, actor: MoneyActor, requestId: string, entry: AuditEntry, when: SQL) {
  const a = auditRowValues(auditActorOf(actor), requestId, entry);
  return db.run(sql`INSERT INTO audit_log (admin_id, admin_username, action, entity, entity_id, "before", "after",
      request_id)
    SELECT ${a.adminId}, ${a.adminUsername}, ${a.action}, ${a.entity}, ${a.entityId}, ${a.before}, ${a.after},
      ${a.requestId} WHERE ${when}`);
}

/** An ADJ taking back `take` (SQL, ≥ 0, evaluated at the write) from account `feeRecordId`: nothing when 0. */
export interface LineUndo {
  feeRecordId: number;
  take: SQL;
  at: string;
  actor: MoneyActor;
  requestId: string;
  method: PaymentMethod | null;
  /** The audit row, given SQL for the ADJ row's id (written before the account changes). */
  audit: (adjId: SQL) => AuditEntry;
  /** Statement after the ADJ, given SQL for its id (NULL when none was written). */
  link: (adjId: SQL) => BatchItem<"sqlite">;
}

/** Statements of `u`: counter, the ADJ row (source online), its audit row, the paid amount, allocation and balance. */
export function lineUndoStatements(db: Db, u: LineUndo): BatchItem<"sqlite">[] {
  const adjId = sql`(CASE WHEN ${u.take} > 0 THEN ${currentReceiptIdSql("ADJ")} END)`;
  return [
    bumpCounterStatement(db, sql`${u.take} > 0`),
    db.run(sql`INSERT INTO payments (fee_record_id, receipt_no, academic_year, sequence, amount_piastres, kind, paid_at,
        admin_id, source, method, receipt_token)
      SELECT ${u.feeRecordId}, ${receiptNoSql("ADJ")}, ${counterYearSql}, ${currentSequence()}, -${u.take},
        'adjustment', ${u.at}, ${auditActorOf(u.actor).id}, 'online', ${u.method}, ${newToken()}
      WHERE ${u.take} > 0`),
    // Before the UPDATE: `before` reads the account as this line finds it.
    auditWhenStatement(db, u.actor, u.requestId, u.audit(adjId), sql`${adjId} IS NOT NULL`),
    db.run(sql`UPDATE fee_records
      SET paid_piastres = paid_piastres + (SELECT amount_piastres FROM payments WHERE id = ${adjId}), updated_at = ${u.at}
      WHERE id = ${u.feeRecordId} AND ${adjId} IS NOT NULL`),
    ...settleStatements(db, u.feeRecordId, adjId),
    u.link(adjId),
  ];
}

/**
 * Statement, last in the batch of refund `t`: fails it (`fee_paid_chk`: account `feeRecordId` set to −1) unless the
 * parts' shares add up to the refund, no part gave back more than it applied or had as credit, and each part's
 * receipt group still has the lines the batch was built for (`parts`: part id and line count).
 */
export function partsRefundGuardStatement(
  db: Db,
  t: CreditTransaction,
  feeRecordId: number,
  parts: readonly { id: number; lines: number }[],
) {
  const r = refundIdSql(t.txn);
  const shares = sql`(SELECT coalesce(sum(credit_piastres + applied_piastres), 0) FROM online_refund_parts
    WHERE refund_id = ${r})`;
  const moved = parts.map(
    (p) => sql`(SELECT count(*) FROM payments l WHERE l.kind = 'payment' AND l.receipt_group =
      (SELECT h.receipt_group FROM online_payment_parts x JOIN payments h ON h.id = x.payment_id WHERE x.id = ${p.id}))
      <> ${p.lines}`,
  );
  return db.run(sql`UPDATE fee_records SET paid_piastres = -1 WHERE id = ${feeRecordId} AND (
    ${shares} <> ${t.amount}
    OR EXISTS (SELECT 1 FROM online_payment_parts x WHERE x.online_payment_id = ${t.orderId}
      AND (${openApplied("x")} < 0 OR ${openCredit("x")} < 0))
    ${moved.length ? sql`OR ${sql.join(moved, sql` OR `)}` : sql``})`);
}
