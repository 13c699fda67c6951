/**
 * The receipt counter and number (docs/product.md#payments-and-receipts, docs/money.md): `RCP-{academic year}-{6
 * digits}` for payments, `ADJ-…` for adjustments and refunds. Both draw from the one `receipt_counters` row of the
 * CURRENT academic year in the data (`academic_years.state = 'current'`, read inside the write: a year the
 * administrator made current before its start date numbers its receipts already), never from the payment's date, so
 * (year, sequence) stays unique across kinds; the sequence restarts at 000001 each academic year. The counter is
 * bumped and read in the batch that writes the receipt, never before; the batch is one transaction, so a year turning
 * current between its statements cannot split a receipt's number from its counter.
 */
import { sql, type SQL } from "drizzle-orm";
import type { ReceiptPrefix } from "../../../common/receipt-no";
import type { Db } from "../../db";
import { currentYearSql } from "../fee-year";

/** SQL: the academic year whose counter a receipt written now draws from (the current year, at the write). */
export const counterYearSql: SQL<string> = currentYearSql;

/** The counter's current value for the current year, read inside the batch right after it was bumped. */
export const currentSequence = (): SQL =>
  sql`(SELECT last_sequence FROM receipt_counters WHERE academic_year = ${counterYearSql})`;

/** The receipt number of the counter's current value: common/receipt-no.ts `formatReceiptNo`, in SQL. */
export const receiptNoSql = (prefix: ReceiptPrefix): SQL =>
  sql`${prefix} || '-' || ${counterYearSql} || '-' || printf('%06d', ${currentSequence()})`;

/** The id of the receipt numbered from the counter's current value in this batch (what it just wrote), or NULL. */
export const currentReceiptIdSql = (prefix: ReceiptPrefix): SQL =>
  sql`(SELECT id FROM payments WHERE receipt_no = ${receiptNoSql(prefix)})`;

/**
 * Statement: +1 on the current academic year's counter (created at 1), only when `when` (SQL) holds at the write.
 * No current year (never: the years page always keeps one) inserts a NULL key, which aborts the batch.
 */
export function bumpCounterStatement(db: Db, when: SQL = sql`1`) {
  return db.run(sql`INSERT INTO receipt_counters (academic_year, last_sequence) SELECT ${counterYearSql}, 1
    WHERE ${when}
    ON CONFLICT(academic_year) DO UPDATE SET last_sequence = last_sequence + 1`);
}

/** Statement: the counter of `year` at least `sequence` (a loaded dataset's last receipt; the seed). */
export function raiseCounterStatement(db: Pick<Db, "run">, year: string, sequence: number) {
  return db.run(sql`INSERT INTO receipt_counters (academic_year, last_sequence) VALUES (${year}, ${sequence})
    ON CONFLICT(academic_year) DO UPDATE SET last_sequence = max(last_sequence, excluded.last_sequence)`);
}
