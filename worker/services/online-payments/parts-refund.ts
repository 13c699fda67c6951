/**
 * A refund or void of a family's payment for several children (docs/product.md#family-accounts,
 * docs/decisions/0045-family-payment-parts.md "Refunds"): ONE batch of the ledger's statements
 * (worker/services/ledger/refund-parts.ts), every figure decided at the write (./refund-split.ts is the same rule in
 * plain numbers):
 * 1. the refund's transaction row first (its UNIQUE keys make a replay add nothing; the trigger `paymob_refund_cap`
 *    refuses more than the order brought in): from credit min(amount, the parts' open credit), the rest applied;
 * 2. `online_refund_parts`, one row per child it touches: the parts' open credit in checkout order, then what each
 *    part applied and no refund took back yet, last child first;
 * 3. per child's receipt line (the part's RCP receipt group, one line per account), newest year first: an ADJ
 *    adjustment of what it takes back from that line, its audit row naming the child, the account's paid amount,
 *    allocation, refill and balance; one audit row per child touched (credit included);
 * 4. the transaction names the first ADJ, the payment's refunded amount and credit; a report of it as not recorded
 *    (./unrecorded-refunds.ts) is closed;
 * 5. a guard (`fee_paid_chk`, the order's account set to −1) unless the rows add up to the refund, no part gave back
 *    more than it applied or had as credit, and every part's receipt lines are those read before the batch.
 * Which lines each part's receipt has is read before the batch (RCP rows never change); no balance is.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { PaymobTransaction } from "../../contracts/online-payments";
import type { Db } from "../../db";
import { paymentMethodOf } from "../../lib/payment-method";
import { snapshotWith, type AuditEntry } from "../audit";
import { SYSTEM_ACTORS } from "../ledger/actors";
import { orderCreditStatement } from "../ledger/credit";
import {
  auditWhenStatement,
  lineTakeSql,
  lineUndoStatements,
  partsRefundGuardStatement,
  partsRefundStatements,
  refundIdSql,
  takenSql,
} from "../ledger/refund-parts";
import { undoNewestFirst } from "./refund-split";
import { closeUnrecordedStatement } from "./unrecorded-refunds";

/** A part of the order with its child's receipt lines (oldest year first, as written): what the batch needs. */
export interface PartLines {
  id: number;
  studentNo: string;
  lines: { id: number; feeRecordId: number; amount: number }[];
}

/** The parts of order `orderId` (checkout order) with their receipt lines; none for a payment started on /pay. */
export async function partLinesOf(db: Db, orderId: number): Promise<PartLines[]> {
  const rows = await db.all<{
    part: number;
    no: string;
    line: number | null;
    fee: number | null;
    amount: number | null;
  }>(
    sql`SELECT x.id AS part, s.student_no AS no, p.id AS line, p.fee_record_id AS fee, p.amount_piastres AS amount
    FROM online_payment_parts x JOIN students s ON s.id = x.student_id
      LEFT JOIN payments h ON h.id = x.payment_id
      LEFT JOIN payments p ON p.receipt_group = h.receipt_group AND p.kind = 'payment'
    WHERE x.online_payment_id = ${orderId} ORDER BY x.position, p.id`,
  );
  const parts = new Map<number, PartLines>();
  for (const r of rows) {
    const part = parts.get(Number(r.part)) ?? { id: Number(r.part), studentNo: r.no, lines: [] };
    parts.set(part.id, part);
    if (r.line !== null) part.lines.push({ id: Number(r.line), feeRecordId: Number(r.fee), amount: Number(r.amount) });
  }
  return [...parts.values()];
}

/** What the batch needs of the report. */
export interface PartsRefund {
  db: Db;
  requestId: string;
  now: Date;
  source: "callback" | "inquiry";
  order: { id: number; feeRecordId: number };
  tx: PaymobTransaction;
  parts: PartLines[];
}

/** The audit row of the refund on one line (or, `feeId` null, the child's row naming what its part gave). */
function refundAudit(s: PartsRefund, part: PartLines, feeId: number | null, adjId: SQL): AuditEntry {
  const r = refundIdSql(s.tx.id);
  const mine = sql`r.refund_id = ${r}`;
  const feeRow = sql`FROM fee_records WHERE id = ${feeId}`;
  const facts = {
    student_no: part.studentNo,
    order_id: s.tx.order.id,
    transaction_id: s.tx.id,
    amount_piastres: s.tx.amount_cents,
    method: s.tx.source_data.type,
  };
  const credit = sql`-${takenSql(part.id, "credit_piastres", mine)}`;
  if (feeId === null)
    return {
      action: "online_refund_part",
      entity: "online_payment",
      entityId: s.order.id,
      after: snapshotWith(facts, {
        credit_piastres: credit,
        applied_piastres: sql`-${takenSql(part.id, "applied_piastres", mine)}`,
        source: sql`${s.source}`,
      }),
    };
  const applied = sql`(SELECT amount_piastres FROM payments WHERE id = ${adjId})`;
  return {
    action: "online_refund",
    entity: "fee_record",
    entityId: feeId,
    before: sql`(SELECT json_object('student_no', ${part.studentNo}, 'paid_piastres', paid_piastres,
      'total_piastres', total_piastres) ${feeRow})`,
    after: snapshotWith(facts, {
      receipt_no: sql`(SELECT receipt_no FROM payments WHERE id = ${adjId})`,
      applied_piastres: applied,
      credit_piastres: credit,
      paid_piastres: sql`(SELECT paid_piastres + ${applied} ${feeRow})`,
      source: sql`${s.source}`,
    }),
  };
}

/** Statements of one receipt line: the ADJ of what the refund takes back from it (nothing when 0). */
function lineStatements(s: PartsRefund, part: PartLines, line: PartLines["lines"][number]): BatchItem<"sqlite">[] {
  return lineUndoStatements(s.db, {
    feeRecordId: line.feeRecordId,
    take: lineTakeSql(s.tx.id, part.id, line.id),
    at: s.now.toISOString(),
    actor: SYSTEM_ACTORS.online,
    requestId: s.requestId,
    method: paymentMethodOf(s.tx.source_data.type),
    audit: (adjId) => refundAudit(s, part, line.feeRecordId, adjId),
    link: (adjId) =>
      s.db.run(sql`UPDATE online_refund_parts SET payment_id = coalesce(payment_id, ${adjId})
        WHERE refund_id = ${refundIdSql(s.tx.id)} AND part_id = ${part.id} AND ${adjId} IS NOT NULL`),
  });
}

/** The batch of a refund or void of a payment with parts (see the module doc). */
export function partsReversalBatch(s: PartsRefund): BatchItem<"sqlite">[] {
  const { db, tx } = s;
  const at = s.now.toISOString();
  const r = refundIdSql(tx.id);
  const t = { txn: tx.id, orderId: s.order.id, amount: tx.amount_cents, source: s.source, at };
  return [
    ...partsRefundStatements(db, t),
    // Newest year first: the ADJ numbers follow the order the lines are undone.
    ...s.parts.flatMap((p) => [...p.lines].reverse().flatMap((line) => lineStatements(s, p, line))),
    ...s.parts.map((p) =>
      auditWhenStatement(
        db,
        SYSTEM_ACTORS.online,
        s.requestId,
        refundAudit(s, p, null, sql`NULL`),
        sql`EXISTS (SELECT 1 FROM online_refund_parts WHERE refund_id = ${r} AND part_id = ${p.id})`,
      ),
    ),
    db.run(sql`UPDATE paymob_transactions SET payment_id = (SELECT min(payment_id) FROM online_refund_parts
        WHERE refund_id = ${r})
      WHERE transaction_id = ${tx.id} AND kind = 'refund'`),
    db.run(sql`UPDATE online_payments SET refunded_piastres = refunded_piastres + ${tx.amount_cents}, updated_at = ${at}
      WHERE id = ${s.order.id}`),
    orderCreditStatement(db, s.order.id, tx.id, "refund", at),
    closeUnrecordedStatement(db, tx.id, at),
    partsRefundGuardStatement(
      db,
      t,
      s.order.feeRecordId,
      s.parts.map((p) => ({ id: p.id, lines: p.lines.length })),
    ),
  ];
}

/** The accounts a recorded refund `txn` of a payment with `parts` took money back from (for `afterMoneyMoved`). */
export async function partsRefundMoved(db: Db, txn: string, parts: PartLines[]): Promise<number[]> {
  const rows = await db.all<{ part_id: number; applied: number; mine: number }>(sql`
    SELECT r.part_id, r.applied_piastres AS applied, CASE WHEN r.refund_id = t.id THEN 1 ELSE 0 END AS mine
    FROM online_refund_parts r JOIN paymob_transactions t ON t.transaction_id = ${txn} AND t.kind = 'refund'
    WHERE r.refund_id <= t.id
      AND r.part_id IN (SELECT id FROM online_payment_parts WHERE online_payment_id = t.online_payment_id)`);
  const moved = new Set<number>();
  for (const p of parts) {
    const mine = rows.filter((r) => Number(r.part_id) === p.id);
    const take = mine.filter((r) => Number(r.mine) === 1).reduce((a, r) => a + Number(r.applied), 0);
    const before = mine.filter((r) => Number(r.mine) === 0).reduce((a, r) => a + Number(r.applied), 0);
    const lines = undoNewestFirst(
      p.lines.map((l) => l.amount),
      before,
      take,
    );
    p.lines.forEach((l, i) => {
      if (lines[i]! > 0) moved.add(l.feeRecordId);
    });
  }
  return [...moved];
}
