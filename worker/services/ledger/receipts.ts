/**
 * The receipt counter and number (docs/product.md#payments-and-receipts, docs/money.md): `RCP-{academic year}-{6
 * digits}` for payments, `ADJ-…` for adjustments and refunds. Both draw from the one `receipt_counters` row of the
 * academic year (1 Sep-31 Aug, Cairo time), so (year, sequence) stays unique across kinds; the sequence restarts at
 * 000001 each academic year. The counter is bumped and read in the batch that writes the receipt, never before.
 */
import { sql, type SQL } from "drizzle-orm";
import type { ReceiptPrefix } from "../../../common/receipt-no";
import type { Db } from "../../db";

/** The counter's current value for `year`, read inside the batch right after it was bumped. */
export const currentSequence = (year: string): SQL =>
  sql`(SELECT last_sequence FROM receipt_counters WHERE academic_year = ${year})`;

/** The receipt number of the counter's current value: common/receipt-no.ts `formatReceiptNo`, in SQL. */
export const receiptNoSql = (year: string, prefix: ReceiptPrefix): SQL =>
  sql`${prefix} || '-' || ${year} || '-' || printf('%06d', ${currentSequence(year)})`;

/** The id of the receipt numbered from the counter's current value in this batch (what it just wrote), or NULL. */
export const currentReceiptIdSql = (year: string, prefix: ReceiptPrefix): SQL =>
  sql`(SELECT id FROM payments WHERE receipt_no = ${receiptNoSql(year, prefix)})`;

/** Statement: +1 on the academic year's counter (created at 1), only when `when` (SQL) holds at the write. */
export function bumpCounterStatement(db: Db, year: string, when: SQL = sql`1`) {
  return db.run(sql`INSERT INTO receipt_counters (academic_year, last_sequence) SELECT ${year}, 1 WHERE ${when}
    ON CONFLICT(academic_year) DO UPDATE SET last_sequence = last_sequence + 1`);
}

/** Statement: the counter of `year` at least `sequence` (a loaded dataset's last receipt; the seed). */
export function raiseCounterStatement(db: Pick<Db, "run">, year: string, sequence: number) {
  return db.run(sql`INSERT INTO receipt_counters (academic_year, last_sequence) VALUES (${year}, ${sequence})
    ON CONFLICT(academic_year) DO UPDATE SET last_sequence = max(last_sequence, excluded.last_sequence)`);
}
