/**
 * The ledger's rows (docs/money.md; docs/decisions/0002-libsql-batches-and-money.md): receipts (RCP payments, ADJ
 * adjustments and refunds), the record's paid amount they move, their allocation to instalments, the balance
 * frozen on the receipt and the audit row of the movement. Everything is statements for the caller's one batch:
 * amounts given as SQL are evaluated at the write, never from an earlier read, so a payment landing between a read
 * and the write cannot break `paid = Σ receipts`. The CHECK `paid_piastres <= total_piastres` aborts the whole batch
 * when a payment exceeds what is owed.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { auditLog } from "../../../db/schema";
import type { ReceiptPrefix } from "../../../common/receipt-no";
import type { Db } from "../../db";
import type { PaymentMethod } from "../../lib/payment-method";
import { newToken } from "../../../common/new-token";
import { auditRowValues, type AuditEntry } from "../audit";
import { auditActorOf, type MoneyActor } from "./actors";
import { allocationStatement, refillStatement } from "./allocation";
import { bumpCounterStatement, counterYearSql, currentReceiptIdSql, currentSequence, receiptNoSql } from "./receipts";

/** A receipt to write: RCP (kind payment, amount > 0) or ADJ (kind adjustment, any sign). Piastres. */
export interface Receipt {
  /** Fee record id, or SQL for it (a record created in the same batch). */
  feeRecordId: number | SQL;
  prefix: ReceiptPrefix;
  /** Piastres, or SQL evaluated at the write (e.g. the difference with the paid amount as the write finds it). */
  amount: number | SQL;
  /** ISO 8601 UTC. */
  at: string;
  actor: MoneyActor;
  source?: "desk" | "online";
  /** An online receipt's method (worker/lib/payment-method.ts); null or absent: the desk's, or not named. */
  method?: PaymentMethod | null;
  idempotencyKey?: string | null;
  requestHash?: string | null;
  /** Written only when this holds at the write (SQL); always when absent. */
  when?: SQL;
}

/** Statements: the current year's counter + 1 and the receipt numbered from it (its token a fresh random one). */
export function receiptStatements(db: Db, r: Receipt) {
  const when = r.when ?? sql`1`;
  const kind = r.prefix === "RCP" ? "payment" : "adjustment";
  return [
    bumpCounterStatement(db, when),
    db.run(sql`INSERT INTO payments (fee_record_id, receipt_no, academic_year, sequence, amount_piastres, kind, paid_at,
        admin_id, source, method, receipt_token, idempotency_key, request_hash)
      SELECT ${r.feeRecordId}, ${receiptNoSql(r.prefix)}, ${counterYearSql}, ${currentSequence()}, ${r.amount},
        ${kind}, ${r.at}, ${auditActorOf(r.actor).id}, ${r.source ?? "desk"}, ${r.method ?? null}, ${newToken()},
        ${r.idempotencyKey ?? null}, ${r.requestHash ?? null}
      WHERE ${when}`),
  ] as const;
}

/**
 * Statement: fixes the balance right after receipt `paymentId` (SQL; NULL matches nothing) on it, as its record
 * stands at this point of the batch: put it after the record's paid amount and total are written. Every reprint
 * shows this figure, whatever later discounts or plans do to the record (docs/product.md#payments-and-receipts).
 */
export function freezeBalanceStatement(db: Db, paymentId: SQL) {
  return db.run(sql`UPDATE payments SET balance_after_piastres =
      (SELECT f.total_piastres - f.paid_piastres FROM fee_records f WHERE f.id = payments.fee_record_id)
    WHERE id = ${paymentId} AND balance_after_piastres IS NULL`);
}

/**
 * Statements after the record's paid amount changed in this batch: what receipt `paymentId` (SQL) covered, the
 * instalments refilled oldest first, the balance frozen on the receipt.
 */
export function settleStatements(db: Db, feeId: number, paymentId: SQL) {
  return [
    allocationStatement(db, feeId, paymentId),
    refillStatement(db, feeId),
    freezeBalanceStatement(db, paymentId),
  ] as const;
}

/** Statement: the audit row of a movement by `actor` (a system actor: admin id null, its name as the username). */
export function moneyAuditStatement(db: Db, actor: MoneyActor, requestId: string, entry: AuditEntry) {
  return db.insert(auditLog).values(auditRowValues(auditActorOf(actor), requestId, entry));
}

/** Money moving on a record: its receipt, the audit row and the request it belongs to. */
export interface Movement extends Receipt {
  feeRecordId: number;
  requestId: string;
  /** Its `before` must read the record in the batch (SQL): it is written before the record changes. */
  audit: AuditEntry;
  /** The receipt's id (SQL) when the caller needs it guarded; the counter's current receipt otherwise. */
  receiptId?: SQL;
}

/**
 * The statements of money moving in or out of record `m.feeRecordId` (a desk payment, an online payment or refund):
 * counter + 1 and receipt, the audit row, `paid_piastres += amount`, allocation, refill, the frozen balance.
 */
export function movementStatements(db: Db, m: Movement): BatchItem<"sqlite">[] {
  const when = m.when ?? sql`1`;
  return [
    ...receiptStatements(db, m),
    // Before the UPDATE: `before` is the row this movement changes, never a value a concurrent payment changed since.
    moneyAuditStatement(db, m.actor, m.requestId, m.audit),
    db.run(sql`UPDATE fee_records SET paid_piastres = paid_piastres + ${m.amount}, updated_at = ${m.at}
      WHERE id = ${m.feeRecordId} AND ${when}`),
    ...settleStatements(db, m.feeRecordId, m.receiptId ?? currentReceiptIdSql(m.prefix)),
  ];
}
