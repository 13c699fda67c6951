/**
 * A fee record's paid amount (`fee_records.paid_piastres`, docs/money.md): written only here and by a movement
 * (./entries.ts), always in the batch of the receipt that explains it, so `paid = Σ receipts` holds. Fee create and
 * fee edit (worker/services/fees.ts) and the bulk import build their writes from these statements.
 */
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { feeRecords } from "../../../db/schema";
import type { Db } from "../../db";
import type { MoneyActor } from "./actors";
import { freezeBalanceStatement, receiptStatements, settleStatements } from "./entries";
import { currentReceiptIdSql } from "./receipts";

/** A fee record's columns other than its paid amount (the ledger's). */
type FeeRecordInsert = Omit<typeof feeRecords.$inferInsert, "paidPiastres">;
/** A new record's columns but its paid amount; any may be SQL (e.g. the year read in the same batch). */
export type FeeRecordValues = { [K in keyof FeeRecordInsert]: FeeRecordInsert[K] | SQL };

/** Statement: a new fee record `values` holding `paid` piastres, returning its id (put first in the batch). */
export function newFeeRecordStatement(db: Db, values: FeeRecordValues, paid: number) {
  return db
    .insert(feeRecords)
    .values({ ...values, paidPiastres: paid })
    .returning({ id: feeRecords.id });
}

/** Who opens or corrects a record's paid amount, and when. */
export interface PaidWrite {
  /** ISO 8601 UTC. */
  at: string;
  actor: MoneyActor;
}

/**
 * Statements after `newFeeRecordStatement` with `paid` > 0: its first payment (RCP receipt) on record `feeRecordId`
 * (SQL: the record is created in the same batch) and the balance frozen on it; none when nothing was paid.
 */
export function openingReceiptStatements(db: Db, feeRecordId: SQL, paid: number, w: PaidWrite) {
  if (paid <= 0) return [];
  return [
    ...receiptStatements(db, { feeRecordId, prefix: "RCP", amount: paid, ...w }),
    freezeBalanceStatement(db, currentReceiptIdSql("RCP")),
  ];
}

/**
 * Statements setting record `feeId`'s paid amount to `paid` with its other columns `set` in one UPDATE (the CHECK
 * `paid <= total` sees both new values): an ADJ receipt of the difference with the paid amount as the write finds
 * it (none when equal), the UPDATE, then allocation, refill and the balance frozen on the adjustment.
 */
export function setPaidStatements(
  db: Db,
  feeId: number,
  paid: number,
  set: Omit<SQLiteUpdateSetSource<typeof feeRecords>, "paidPiastres">,
  w: PaidWrite,
) {
  // The difference with the paid amount AT THE MOMENT OF THE WRITE, so a payment landing since the read stays counted.
  const paidNow = sql`(SELECT paid_piastres FROM fee_records WHERE id = ${feeId})`;
  return [
    ...receiptStatements(db, {
      feeRecordId: feeId,
      prefix: "ADJ",
      amount: sql`${paid} - ${paidNow}`,
      ...w,
      when: sql`${paidNow} <> ${paid}`,
    }),
    db
      .update(feeRecords)
      .set({ ...set, paidPiastres: paid })
      .where(eq(feeRecords.id, feeId)),
    // The adjustment just written, if any: its number is the counter's current ADJ number.
    ...settleStatements(db, feeId, currentReceiptIdSql("ADJ")),
  ] as const;
}

/**
 * Statement refusing the whole batch when record `feeId` no longer holds `paid` piastres (a payment recorded since
 * the read): it sets an impossible paid amount, which the CHECK `paid >= 0` aborts; nothing when unchanged.
 */
export function paidUnchangedGuard(db: Db, feeId: number, paid: number) {
  return db
    .update(feeRecords)
    .set({ paidPiastres: -1 })
    .where(and(eq(feeRecords.id, feeId), ne(feeRecords.paidPiastres, paid)));
}
