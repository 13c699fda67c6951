/**
 * Loading a prepared ledger in bulk (the demo dataset, scripts/seed/index.ts; docs/money.md): fee records with their
 * paid amounts, receipts already numbered (common/receipt-no.ts) with their frozen balances, and their allocations,
 * as multi-row INSERTs; then the counter raised past the last receipt and every instalment refilled from its record's
 * paid amount, as the API leaves them.
 */
import { feeRecords, type feeInstalments, paymentAllocations, payments } from "../../../db/schema";
import type { Db } from "../../db";
import { refillStatement } from "./allocation";
import { raiseCounterStatement } from "./receipts";

/** Any drizzle libSQL client over the app schema (the Worker's, or the node client of the seed). */
type LoadDb = Pick<Db, "insert" | "run">;

/** Statement: fee records `rows` as they are, paid amounts included (the receipts loaded with them add up to them). */
export const loadFeeRecordsStatement = (db: LoadDb, rows: Array<typeof feeRecords.$inferInsert>) =>
  db.insert(feeRecords).values(rows);

/** Statement: receipts `rows` as they are (numbers, sequences, balances, ids given). */
export const loadReceiptsStatement = (db: LoadDb, rows: Array<typeof payments.$inferInsert>) =>
  db.insert(payments).values(rows);

/** Statement: allocation rows `rows` of loaded receipts. */
export const loadAllocationsStatement = (db: LoadDb, rows: Array<typeof paymentAllocations.$inferInsert>) =>
  db.insert(paymentAllocations).values(rows);

/** Instalment rows as a loader gives them: what they hold is the ledger's to fill (`finishLoadStatements`). */
export type LoadedInstalment = Omit<typeof feeInstalments.$inferInsert, "paidPiastres">;

/** Statements after a load: the counter of `year` at least `lastSequence`, every instalment refilled. */
export const finishLoadStatements = (db: LoadDb, year: string, lastSequence: number) =>
  [raiseCounterStatement(db, year, lastSequence), refillStatement(db, null)] as const;
