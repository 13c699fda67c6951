/**
 * One payment across a student's fee accounts of several years (docs/money.md, docs/product.md#fees,
 * docs/decisions/0041-one-receipt-across-years.md): the oldest year's account first, instalment by instalment, then
 * the next. Each account gets its own receipt row (RCP number, allocation, frozen balance, audit row), every row of
 * the payment shares one random `receipt_group`. Every line's amount is SQL evaluated at the write, from what the
 * account owes at that moment and what the earlier lines of the group took; a line of 0 writes nothing. A last guard
 * fails the batch (`fee_paid_chk`) unless the lines add up to the payment: no account is ever paid above its total.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db";
import type { PaymentMethod } from "../../lib/payment-method";
import { newToken } from "../../../common/new-token";
import { auditRowValues, type AuditEntry } from "../audit";
import { auditActorOf, type MoneyActor } from "./actors";
import { settleStatements } from "./entries";
import { bumpCounterStatement, counterYearSql, currentSequence, receiptNoSql } from "./receipts";

/** A payment to spread over accounts (piastres; instants ISO UTC). */
interface SpreadPaymentBase {
  /** The accounts to fill, in order (oldest year first): ids. */
  accounts: readonly number[];
  /** Piastres > 0, or SQL for them evaluated at the write (before the first line). */
  amount: number | SQL;
  /** The key every row of the payment carries (`newReceiptGroup()`). */
  group: string;
  at: string;
  actor: MoneyActor;
  requestId: string;
  idempotencyKey?: string | null;
  requestHash?: string | null;
  /** The audit row of the line on `accountId`; `line` is SQL for the line's amount, `receiptNo` for its number. */
  audit: (accountId: number, line: SQL, receiptNo: SQL) => AuditEntry;
}

/**
 * Where the money came in: the desk, or online with its method on every line (worker/lib/payment-method.ts; the
 * Reports page reads it from the receipt): required online, so no online payment is written without it.
 */
export type SpreadPayment = SpreadPaymentBase &
  ({ source: "desk"; method?: null } | { source: "online"; method: PaymentMethod | null });

/** A fresh receipt group key (random, 32 bytes base64url). */
export const newReceiptGroup = (): string => newToken();

/** SQL: piastres the rows of `group` written so far in this batch. */
export const groupTakenSql = (group: string): SQL =>
  sql`coalesce((SELECT sum(amount_piastres) FROM payments WHERE receipt_group = ${group}), 0)`;

/** SQL: the id of `group`'s row on account `accountId` (none, or one: a group has one line per account). */
export const lineIdSql = (group: string, accountId: number): SQL =>
  sql`(SELECT id FROM payments WHERE receipt_group = ${group} AND fee_record_id = ${accountId})`;

/**
 * The oldest-first split of `amount` piastres over accounts owing `owed` (same order), in plain numbers: the
 * definition the SQL follows, for the console's preview and the property test. Lines of 0 are kept (one per
 * account); a remainder left after every account is full is `left`.
 */
export function spreadOldestFirst(amount: number, owed: readonly number[]): { lines: number[]; left: number } {
  let left = amount;
  const lines = owed.map((o) => {
    const take = Math.max(0, Math.min(o, left));
    left -= take;
    return take;
  });
  return { lines, left };
}

/** The statements of line `accountId` of payment `p`: counter, receipt, audit, paid amount, allocation. */
function lineStatements(db: Db, p: SpreadPayment, accountId: number): BatchItem<"sqlite">[] {
  const owes = sql`(SELECT total_piastres - paid_piastres FROM fee_records WHERE id = ${accountId})`;
  // Evaluated before this line's row exists: what is left of the payment, capped at what the account owes now.
  const line = sql`max(0, min(${owes}, ${p.amount} - ${groupTakenSql(p.group)}))`;
  const lineId = lineIdSql(p.group, accountId);
  const written = sql`(SELECT amount_piastres FROM payments WHERE id = ${lineId})`;
  const first = sql`NOT EXISTS (SELECT 1 FROM payments WHERE receipt_group = ${p.group})`;
  const who = auditActorOf(p.actor);
  const audit = auditRowValues(
    who,
    p.requestId,
    p.audit(accountId, written, sql`(SELECT receipt_no FROM payments WHERE id = ${lineId})`),
  );
  return [
    bumpCounterStatement(db, sql`${line} > 0`),
    db.run(sql`INSERT INTO payments (fee_record_id, receipt_no, academic_year, sequence, amount_piastres, kind, paid_at,
        admin_id, source, method, receipt_token, idempotency_key, request_hash, receipt_group)
      SELECT ${accountId}, ${receiptNoSql("RCP")}, ${counterYearSql}, ${currentSequence()}, ${line}, 'payment',
        ${p.at}, ${who.id}, ${p.source}, ${p.method ?? null}, ${newToken()},
        CASE WHEN ${first} THEN ${p.idempotencyKey ?? null} END, CASE WHEN ${first} THEN ${p.requestHash ?? null} END,
        ${p.group}
      WHERE ${line} > 0`),
    // Before the UPDATE, and only for a line written: `before` reads the account as this line finds it.
    db.run(sql`INSERT INTO audit_log (admin_id, admin_username, action, entity, entity_id, "before", "after", request_id)
      SELECT ${audit.adminId}, ${audit.adminUsername}, ${audit.action}, ${audit.entity}, ${audit.entityId},
        ${audit.before}, ${audit.after}, ${audit.requestId} WHERE ${lineId} IS NOT NULL`),
    db.run(sql`UPDATE fee_records SET paid_piastres = paid_piastres + ${written}, updated_at = ${p.at}
      WHERE id = ${accountId} AND ${lineId} IS NOT NULL`),
    ...settleStatements(db, accountId, lineId),
  ];
}

/**
 * The statements of payment `p` spread oldest first over `p.accounts`, for one `db.batch`, ending with the guard:
 * lines that do not add up to `p.amount` (the accounts owe less than it at the write) set the first account's paid
 * amount to -1, which `fee_paid_chk` refuses: the caller maps it to PAYMENT_EXCEEDS_REMAINING.
 */
export function spreadStatements(db: Db, p: SpreadPayment): BatchItem<"sqlite">[] {
  const [firstAccount] = p.accounts;
  if (firstAccount === undefined) throw new RangeError("a spread payment needs an account");
  return [
    ...p.accounts.flatMap((id) => lineStatements(db, p, id)),
    db.run(sql`UPDATE fee_records SET paid_piastres = -1
      WHERE id = ${firstAccount} AND ${groupTakenSql(p.group)} <> ${p.amount}`),
  ];
}
