/**
 * The fee record's `version` (docs/decisions/0028-fee-record-version.md): every write of a record's terms (plan,
 * schedule, discount, total, own-schedule flag) adds 1 in its batch; a payment does not, since every rule about the
 * paid amount is checked by the write itself (ADR 0002). A write decided on what it read earlier (the plan a discount
 * is taken from, the year an own schedule must fall in, whether a schedule fixes the total) starts its batch with
 * `versionGuard`: when the record changed since the read, the guard breaks `version`'s NOT NULL and the whole batch
 * is refused (409 FEE_CHANGED_MEANWHILE), so nothing is written from a stale read and the audit rows' `before`
 * values are the record as the write found it.
 */
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { feeRecords } from "../../db/schema";
import type { Db } from "../db";
import { violation } from "../db-constraints";
import { ApiError } from "../errors";

/** The `set` value of `version` for a write of the record's terms. */
export const nextVersion = sql`${feeRecords.version} + 1`;

/** Record ids per guard statement (two bound values each, far below SQLite's limit). */
const GUARD_CHUNK = 500;

/**
 * Statements failing the batch unless each record `[id, version]` still has that version. A record deleted since
 * is not caught here: the writes after the guard then fail on their foreign keys or change nothing.
 */
export function versionGuard(db: Db, expected: ReadonlyArray<readonly [number, number]>): BatchItem<"sqlite">[] {
  const out: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < expected.length; i += GUARD_CHUNK) {
    const values = sql.join(
      expected.slice(i, i + GUARD_CHUNK).map(([id, version]) => sql`(${id}, ${version})`),
      sql`, `,
    );
    out.push(
      db.run(sql`UPDATE fee_records SET version = NULL FROM (VALUES ${values}) AS v
        WHERE fee_records.id = v.column1 AND fee_records.version <> v.column2`),
    );
  }
  return out;
}

/** True when a batch was refused by `versionGuard`: a record changed between the read and the write. */
export function isStaleFee(err: unknown): boolean {
  const v = violation(err);
  return v?.kind === "not_null" && v.column === "fee_records.version";
}

/** `err` as 409 FEE_CHANGED_MEANWHILE when `versionGuard` refused the batch, else null. */
export function staleFeeFailure(err: unknown): ApiError | null {
  return isStaleFee(err) ? new ApiError("FEE_CHANGED_MEANWHILE") : null;
}
