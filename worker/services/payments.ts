/**
 * The desk payment (docs/product.md#payments-and-receipts): one batch through the ledger (worker/services/ledger/,
 * docs/money.md): an RCP receipt, the audit row, the record's paid amount, allocation, refill, the frozen balance.
 * `Idempotency-Key`: the key and a SHA-256 of the canonical request are stored on the payment row; the UNIQUE index
 * on the key makes concurrent duplicates fail inside the database, and they then answer with the stored row.
 */
import { asc, eq, sql } from "drizzle-orm";
import { feeRecords, payments, students } from "../../db/schema";
import type { Db } from "../db";
import { broke } from "../db-constraints";
import type { RequestContext } from "../request-context";
import type { PaymentJson } from "../contracts/fees";
import { ApiError } from "../errors";
import { piastresToEgp } from "../money";
import { snapshotWith } from "./audit";
import { sha256Hex } from "../lib/tokens";
import { movementStatements } from "./ledger/entries";
import { counterYearSql, currentReceiptIdSql, receiptNoSql } from "./ledger/receipts";
import { newReceiptGroup, spreadStatements } from "./ledger/across-years";
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

/** SHA-256 (hex) of the canonical add-payment request: student number, amount in piastres, the year when chosen. */
export function paymentRequestHash(studentNo: string, amountPiastres: number, year?: string): Promise<string> {
  return sha256Hex(`add-payment\n${studentNo}\n${amountPiastres}${year ? `\n${year}` : ""}`);
}

export interface AddPaymentInput {
  studentNo: string;
  amountPiastres: number;
  idempotencyKey?: string;
  /** Pay this year's account only; absent: the oldest year owing first (docs/product.md#fees). */
  year?: string;
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
 * Records a payment of `amountPiastres` (> 0) by `studentNo` at `ctx.now`: on the account of `input.year` when given;
 * otherwise the oldest year's account owing first, then the next (docs/product.md#fees): one receipt, a line per
 * account (worker/services/ledger/across-years.ts). Throws 404 FEE_NOT_FOUND, 400 PAYMENT_EXCEEDS_REMAINING, 422
 * IDEMPOTENCY_MISMATCH.
 */
export async function addPayment(ctx: RequestContext, input: AddPaymentInput): Promise<AddPaymentResult> {
  const { db } = ctx;
  const key = input.idempotencyKey;
  const hash = key ? await paymentRequestHash(input.studentNo, input.amountPiastres, input.year) : null;
  if (key) {
    const earlier = await replay(db, key, hash!);
    if (earlier) return earlier;
  }
  const target = await payableAccounts(db, input.studentNo, input.year);
  if (target.length > 1) return spreadDeskPayment(ctx, input, hash, target);
  return accountPayment(ctx, input, hash, target[0]!);
}

/**
 * The accounts a payment of `studentNo` goes to: `[that year's]` when `year` is given; else the accounts owing,
 * oldest year first, or (none owing) `[the current year's]` (or the newest) so the payment is refused as above what is
 * owed. Throws 404 FEE_NOT_FOUND.
 */
export async function payableAccounts(db: Db, studentNo: string, year?: string): Promise<number[]> {
  const accounts = await db
    .select({
      id: feeRecords.id,
      year: feeRecords.academicYearName,
      owes: sql<number>`${feeRecords.totalPiastres} - ${feeRecords.paidPiastres}`,
      current: sql<number>`${feeRecords.academicYearName} = ${currentYearSql}`,
    })
    .from(feeRecords)
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .where(eq(students.studentNo, studentNo))
    .orderBy(asc(feeRecords.academicYearName));
  const chosen = year ? accounts.filter((a) => a.year === year) : accounts.filter((a) => Number(a.owes) > 0);
  if (chosen.length) return chosen.map((a) => a.id);
  if (year || !accounts.length) throw new ApiError("FEE_NOT_FOUND");
  return [(accounts.find((a) => Number(a.current) === 1) ?? accounts[accounts.length - 1]!).id];
}

/** A payment on the one account `feeId` (the ledger's movement, as before years). */
async function accountPayment(
  ctx: RequestContext,
  input: AddPaymentInput,
  hash: string | null,
  feeId: number,
): Promise<AddPaymentResult> {
  const { db, now } = ctx;
  const key = input.idempotencyKey;
  const fee = { id: feeId };

  const paidAt = now.toISOString();
  try {
    const feeRow = sql`FROM fee_records WHERE id = ${fee.id}`;
    const moves = movementStatements(db, {
      feeRecordId: fee.id,
      prefix: "RCP",
      amount: input.amountPiastres,
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
            idempotency_key: key ?? null,
          },
          {
            // The receipt counter's year (the current year at the write) and number.
            academic_year: counterYearSql,
            receipt_no: receiptNoSql("RCP"),
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
      .where(eq(payments.id, currentReceiptIdSql("RCP")));
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

/** A payment spread oldest year first over `accounts` (more than one): one receipt, a line per account. */
async function spreadDeskPayment(
  ctx: RequestContext,
  input: AddPaymentInput,
  hash: string | null,
  accounts: number[],
): Promise<AddPaymentResult> {
  const { db, now } = ctx;
  const key = input.idempotencyKey ?? null;
  const group = newReceiptGroup();
  const statements = spreadStatements(db, {
    accounts,
    amount: input.amountPiastres,
    group,
    at: now.toISOString(),
    actor: ctx.actor,
    requestId: ctx.requestId,
    source: "desk",
    idempotencyKey: key,
    requestHash: hash,
    audit: (feeId, line, receiptNo) => {
      const feeRow = sql`FROM fee_records WHERE id = ${feeId}`;
      return {
        action: "add_payment",
        entity: "fee_record",
        entityId: feeId,
        before: sql`(SELECT json_object('student_no', ${input.studentNo}, 'paid_piastres', paid_piastres, 'total_piastres', total_piastres) ${feeRow})`,
        after: snapshotWith(
          {
            student_no: input.studentNo,
            amount_piastres: input.amountPiastres,
            idempotency_key: key,
            receipt_group: group,
          },
          {
            academic_year: counterYearSql,
            receipt_no: receiptNo,
            line_piastres: line,
            paid_piastres: sql`(SELECT paid_piastres + ${line} ${feeRow})`,
            total_piastres: sql`(SELECT total_piastres ${feeRow})`,
          },
        ),
      };
    },
  });
  const written = db.select().from(payments).where(eq(payments.receiptGroup, group)).orderBy(asc(payments.id));
  try {
    const results = await db.batch([statements[0]!, ...statements.slice(1), written]);
    const [row] = results[results.length - 1] as (typeof payments.$inferSelect)[];
    return { feeRecordId: row!.feeRecordId, payment: toPaymentJson(row!), replayed: false };
  } catch (err) {
    if (key && broke(err, "payments.idempotency_key")) {
      const earlier = await replay(db, key, hash!);
      if (earlier) return earlier;
    }
    if (broke(err, "fee_paid_chk")) throw new ApiError("PAYMENT_EXCEEDS_REMAINING");
    throw err;
  }
}
