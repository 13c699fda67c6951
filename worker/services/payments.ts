/**
 * Payments and receipt numbers (docs/product.md#payments-and-receipts; docs/decisions/0002-libsql-batches-and-money.md).
 *
 * Numbering: `RCP-{academic year}-{sequence}` for payments and `ADJ-{academic year}-{sequence}` for adjustments
 * made through the fee edit form. Both draw from the one `receipt_counters` row of the academic year (1 Sep-31 Aug,
 * Cairo time), so (year, sequence) stays unique across kinds; RCP numbers therefore skip the numbers taken by
 * adjustments. The sequence is 6 digits, zero-padded, and restarts at 000001 each academic year.
 *
 * A payment is ONE batch: counter +1, payment row numbered from the counter, audit row (its before/after read from
 * the fee record inside the batch), `paid_piastres += amount` (the CHECK `paid_piastres <= total_piastres` aborts
 * everything when the amount exceeds the remaining balance).
 * The same batch then records which instalments the payment covered, oldest due first, and refills the record's
 * instalments (./fee-instalments.ts), so the instalments' paid amounts always add up to the record's paid amount.
 * `Idempotency-Key`: the key and a SHA-256 of the canonical request are stored on the payment row; the UNIQUE index
 * on the key makes concurrent duplicates fail inside the database, and they then answer with the stored row.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { feeRecords, payments, receiptCounters, students } from "../../db/schema";
import type { Db } from "../db";
import { broke } from "../db-constraints";
import type { RequestContext } from "../request-context";
import type { PaymentJson } from "../contracts/fees";
import { ApiError } from "../errors";
import { piastresToEgp } from "../money";
import { academicYearOf } from "../lib/fee-schedule";
import { auditInsert, snapshotWith } from "./audit";
import { newToken, sha256Hex } from "../lib/tokens";
import { allocationStatement, refillStatement } from "./fee-instalments";

/** A payment row as the API returns it (amount in EGP), with the instalments it covered when known. */
export function toPaymentJson(
  p: typeof payments.$inferSelect,
  allocations: PaymentJson["allocations"] = [],
): PaymentJson {
  return {
    id: p.id,
    receipt_no: p.receiptNo,
    amount: piastresToEgp(p.amountPiastres),
    paid_at: p.paidAt,
    kind: p.kind,
    source: p.source,
    allocations,
  };
}

/**
 * The path of a payment's printable receipt by its `receipt_token` (no session; docs/product.md#payments-and-receipts):
 * what the family's return page and the payment_received message link to.
 */
export const receiptPath = (token: string) => `/pay/receipts/${token}`;

/** `RCP-2026-2027-000042`: what the SQL below produces, for documentation and tests. */
export function formatReceiptNo(prefix: "RCP" | "ADJ", academicYear: string, sequence: number): string {
  return `${prefix}-${academicYear}-${String(sequence).padStart(6, "0")}`;
}

/** The counter's current value for `year`, read inside the batch right after it was incremented. */
const currentSequence = (year: string): SQL =>
  sql`(SELECT last_sequence FROM receipt_counters WHERE academic_year = ${year})`;
/** The receipt number of the counter's current value: `RCP-{year}-{6 digits}` (or `ADJ-…`). */
const receiptNoSql = (year: string, prefix: "RCP" | "ADJ" = "RCP"): SQL =>
  sql`${prefix} || '-' || ${year} || '-' || printf('%06d', ${currentSequence(year)})`;

/** The id of the payment row numbered from the counter's current value in this batch (what it just inserted). */
export const currentPaymentIdSql = (year: string, prefix: "RCP" | "ADJ"): SQL =>
  sql`(SELECT id FROM payments WHERE receipt_no = ${receiptNoSql(year, prefix)})`;

/** Statement: +1 on the academic year's receipt counter (created at 1). */
export function bumpCounter(db: Db, year: string) {
  return db
    .insert(receiptCounters)
    .values({ academicYear: year, lastSequence: 1 })
    .onConflictDoUpdate({ target: receiptCounters.academicYear, set: { lastSequence: sql`last_sequence + 1` } });
}

export interface NewPayment {
  /** Fee record id, or an SQL expression for it (when the record is created in the same batch). */
  feeRecordId: number | SQL;
  amountPiastres: number;
  year: string;
  paidAt: string;
  adminId: number;
  idempotencyKey?: string | null;
  requestHash?: string | null;
}

/**
 * Statement: a `payment` row numbered from the counter that `bumpCounter` just incremented (same batch); its
 * receipt token is the schema's default (db/schema/payments.ts).
 */
export function insertPayment(db: Db, p: NewPayment) {
  const seq = currentSequence(p.year);
  return db
    .insert(payments)
    .values({
      feeRecordId: p.feeRecordId,
      receiptNo: receiptNoSql(p.year),
      academicYear: p.year,
      sequence: seq,
      amountPiastres: p.amountPiastres,
      kind: "payment",
      idempotencyKey: p.idempotencyKey ?? null,
      requestHash: p.requestHash ?? null,
      paidAt: p.paidAt,
      adminId: p.adminId,
    })
    .returning();
}

/**
 * Statements that set fee record `feeId`'s paid amount to `newPaid` piastres, recording the difference with the
 * value current AT THE MOMENT OF THE WRITE as an `adjustment` row (`ADJ-…`), and nothing when it is unchanged.
 * Computing the difference in SQL means a payment landing between the admin's read and this write cannot break
 * `paid = sum(payments)`. Put these before the UPDATE of `fee_records` in the same batch.
 */
export function adjustmentStatements(
  db: Db,
  feeId: number,
  newPaid: number,
  year: string,
  paidAt: string,
  adminId: number,
) {
  return [
    db.run(sql`INSERT INTO receipt_counters (academic_year, last_sequence)
      SELECT ${year}, 1 WHERE (SELECT paid_piastres FROM fee_records WHERE id = ${feeId}) <> ${newPaid}
      ON CONFLICT(academic_year) DO UPDATE SET last_sequence = last_sequence + 1`),
    db.run(sql`INSERT INTO payments (fee_record_id, receipt_no, academic_year, sequence, amount_piastres, kind, paid_at, admin_id, receipt_token)
      SELECT f.id, 'ADJ-' || ${year} || '-' || printf('%06d', c.last_sequence), ${year}, c.last_sequence,
             ${newPaid} - f.paid_piastres, 'adjustment', ${paidAt}, ${adminId}, ${newToken()}
      FROM fee_records f JOIN receipt_counters c ON c.academic_year = ${year}
      WHERE f.id = ${feeId} AND f.paid_piastres <> ${newPaid}`),
  ] as const;
}

/**
 * Statement: fixes the balance right after payment (or adjustment) `paymentId` (SQL; NULL matches nothing) on its
 * receipt, as its record stands at this point of the batch: put it after the record's paid amount and total are
 * written. A receipt is a document: every reprint shows this figure, whatever later discounts or plans do to the
 * record (docs/product.md#payments-and-receipts).
 */
export function freezeBalanceStatement(db: Db, paymentId: SQL) {
  return db.run(sql`UPDATE payments SET balance_after_piastres =
      (SELECT f.total_piastres - f.paid_piastres FROM fee_records f WHERE f.id = payments.fee_record_id)
    WHERE id = ${paymentId} AND balance_after_piastres IS NULL`);
}

/** SHA-256 (hex) of the canonical add-payment request: student number and amount in piastres. */
export function paymentRequestHash(studentNo: string, amountPiastres: number): Promise<string> {
  return sha256Hex(`add-payment\n${studentNo}\n${amountPiastres}`);
}

export interface AddPaymentInput {
  studentNo: string;
  amountPiastres: number;
  idempotencyKey?: string;
}

export interface AddPaymentResult {
  feeRecordId: number;
  payment: PaymentJson;
  /** True when an earlier request with the same Idempotency-Key and body was answered again. */
  replayed: boolean;
}

async function replay(db: Db, key: string, hash: string): Promise<AddPaymentResult | null> {
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
  if (!row) return null;
  if (row.requestHash !== hash) throw new ApiError("IDEMPOTENCY_MISMATCH");
  return { feeRecordId: row.feeRecordId, payment: toPaymentJson(row), replayed: true };
}

/**
 * Records a payment of `amountPiastres` (> 0) on the fee record of `studentNo` at `ctx.now`.
 * Throws 404 FEE_NOT_FOUND, 400 PAYMENT_EXCEEDS_REMAINING, 422 IDEMPOTENCY_MISMATCH.
 */
export async function addPayment(ctx: RequestContext, input: AddPaymentInput): Promise<AddPaymentResult> {
  const { db, now } = ctx;
  const key = input.idempotencyKey;
  const hash = key ? await paymentRequestHash(input.studentNo, input.amountPiastres) : null;
  if (key) {
    const earlier = await replay(db, key, hash!);
    if (earlier) return earlier;
  }
  const [fee] = await db
    .select({ id: feeRecords.id })
    .from(feeRecords)
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .where(eq(students.studentNo, input.studentNo));
  if (!fee) throw new ApiError("FEE_NOT_FOUND");

  const year = academicYearOf(now);
  const paidAt = now.toISOString();
  try {
    const feeRow = sql`FROM fee_records WHERE id = ${fee.id}`;
    const [, [row]] = await db.batch([
      bumpCounter(db, year),
      insertPayment(db, {
        feeRecordId: fee.id,
        amountPiastres: input.amountPiastres,
        year,
        paidAt,
        adminId: ctx.actor.id,
        idempotencyKey: key,
        requestHash: hash,
      }),
      // Before the UPDATE in the same transaction: `before` is the row this payment changes, never a value read
      // earlier that a concurrent payment may have changed since (18 parallel payments: 18 distinct befores).
      auditInsert(ctx, {
        action: "add_payment",
        entity: "fee_record",
        entityId: fee.id,
        before: sql`(SELECT json_object('student_no', ${input.studentNo}, 'paid_piastres', paid_piastres, 'total_piastres', total_piastres) ${feeRow})`,
        // The receipt number comes from the counter bumped at the start of this batch.
        after: snapshotWith(
          {
            student_no: input.studentNo,
            amount_piastres: input.amountPiastres,
            academic_year: year,
            idempotency_key: key ?? null,
          },
          {
            receipt_no: receiptNoSql(year),
            paid_piastres: sql`(SELECT paid_piastres + ${input.amountPiastres} ${feeRow})`,
            total_piastres: sql`(SELECT total_piastres ${feeRow})`,
          },
        ),
      }),
      db
        .update(feeRecords)
        .set({ paidPiastres: sql`paid_piastres + ${input.amountPiastres}`, updatedAt: paidAt })
        .where(eq(feeRecords.id, fee.id)),
      allocationStatement(db, fee.id, currentPaymentIdSql(year, "RCP")),
      refillStatement(db, fee.id),
      freezeBalanceStatement(db, currentPaymentIdSql(year, "RCP")),
    ]);
    return { feeRecordId: fee.id, payment: toPaymentJson(row!), replayed: false };
  } catch (err) {
    if (key && broke(err, "payments.idempotency_key")) {
      const earlier = await replay(db, key, hash!);
      if (earlier) return earlier;
    }
    if (broke(err, "fee_paid_chk")) throw new ApiError("PAYMENT_EXCEEDS_REMAINING");
    throw err;
  }
}
