/**
 * The desk payment (docs/product.md#payments-and-receipts): one batch through the ledger (worker/services/ledger/,
 * docs/money.md): an RCP receipt, the audit row, the record's paid amount, allocation, refill, the frozen balance.
 * `Idempotency-Key`: the key and a SHA-256 of the canonical request are stored on the payment row; the UNIQUE index
 * on the key makes concurrent duplicates fail inside the database, and they then answer with the stored row.
 */
import { and, eq, sql } from "drizzle-orm";
import { feeRecords, payments, students } from "../../db/schema";
import type { Db } from "../db";
import { broke } from "../db-constraints";
import type { RequestContext } from "../request-context";
import type { PaymentJson } from "../contracts/fees";
import { ApiError } from "../errors";
import { piastresToEgp } from "../money";
import { academicYearOf } from "../lib/fee-schedule";
import { snapshotWith } from "./audit";
import { sha256Hex } from "../lib/tokens";
import { movementStatements } from "./ledger/entries";
import { currentReceiptIdSql, receiptNoSql } from "./ledger/receipts";
import { currentYearSql } from "./fee-year";

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
    .where(and(eq(students.studentNo, input.studentNo), eq(feeRecords.academicYearName, currentYearSql)));
  if (!fee) throw new ApiError("FEE_NOT_FOUND");

  const year = academicYearOf(now);
  const paidAt = now.toISOString();
  try {
    const feeRow = sql`FROM fee_records WHERE id = ${fee.id}`;
    const moves = movementStatements(db, {
      feeRecordId: fee.id,
      prefix: "RCP",
      amount: input.amountPiastres,
      year,
      at: paidAt,
      actor: ctx.actor,
      requestId: ctx.requestId,
      idempotencyKey: key,
      requestHash: hash,
      audit: {
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
            receipt_no: receiptNoSql(year, "RCP"),
            paid_piastres: sql`(SELECT paid_piastres + ${input.amountPiastres} ${feeRow})`,
            total_piastres: sql`(SELECT total_piastres ${feeRow})`,
          },
        ),
      },
    });
    // The receipt as written, read in the same batch.
    const written = db
      .select()
      .from(payments)
      .where(eq(payments.id, currentReceiptIdSql(year, "RCP")));
    const results = await db.batch([moves[0]!, ...moves.slice(1), written]);
    const [row] = results[results.length - 1] as (typeof payments.$inferSelect)[];
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
