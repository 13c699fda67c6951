/**
 * What a family sees and may pay online (docs/product.md#online-payments): the student's fee record with its
 * instalments, read through the same service as the console (worker/services/fees.ts), and the amount of each choice
 * computed from those figures. Amounts in piastres here, EGP in the answer.
 */
import { and, desc, eq } from "drizzle-orm";
import { onlinePayments } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import type { AmountChoice, PublicFeesJson } from "../../contracts/online-payments";
import type { FeeJson } from "../../contracts/fees";
import { egpToPiastres, piastresToEgp } from "../../money";
import { getFee } from "../fees";

/** A fee record's figures in piastres, as the choices need them. */
export interface FeeFigures {
  remaining: number;
  overdue: number;
  /** The remaining amount of each instalment, oldest due first (the order payments fill them in). */
  instalmentsRemaining: number[];
}

/** The figures of `fee` (EGP as the API answers) in piastres. */
export function figuresOf(fee: FeeJson): FeeFigures {
  return {
    remaining: egpToPiastres(fee.remaining),
    overdue: egpToPiastres(fee.overdue_amount ?? 0),
    instalmentsRemaining: (fee.instalments ?? []).map((i) => egpToPiastres(i.remaining)),
  };
}

/**
 * Piastres that `choice` charges on figures `f`, null when it charges nothing: "next" = the oldest unpaid
 * instalment's remaining amount (what a payment fills first), "overdue" = everything past its due date, "all" = the
 * whole remaining amount. Never above the remaining amount.
 */
export function choiceAmount(choice: AmountChoice, f: FeeFigures): number | null {
  const amount =
    choice === "all"
      ? f.remaining
      : choice === "overdue"
        ? f.overdue
        : (f.instalmentsRemaining.find((r) => r > 0) ?? 0);
  const capped = Math.min(amount, f.remaining);
  return capped > 0 ? capped : null;
}

/** The fee record of `studentNo` on school day `today`; 404 PUBLIC_FEES_NOT_FOUND for an unknown ID or no record. */
export async function publicFeeRecord(db: Db, studentNo: string, today: string): Promise<FeeJson> {
  try {
    return await getFee(db, studentNo, today);
  } catch (err) {
    if (err instanceof ApiError && err.reason === "FEE_NOT_FOUND") throw new ApiError("PUBLIC_FEES_NOT_FOUND");
    throw err;
  }
}

/** Pending online payments listed to the family: the newest few are enough to warn before paying twice. */
export const PENDING_SHOWN = 3;

/** The record's online payments still pending, newest first: only what the page shows (no order, no secret). */
function pendingOf(db: Db, feeRecordId: number) {
  return db
    .select({
      payment_id: onlinePayments.publicId,
      amount_piastres: onlinePayments.amountPiastres,
      created_at: onlinePayments.createdAt,
      expires_at: onlinePayments.expiresAt,
    })
    .from(onlinePayments)
    .where(and(eq(onlinePayments.feeRecordId, feeRecordId), eq(onlinePayments.status, "pending")))
    .orderBy(desc(onlinePayments.createdAt), desc(onlinePayments.id))
    .limit(PENDING_SHOWN);
}

/**
 * `GET /api/public/fees/{national_id}`'s answer: only what the page shows (no payments, no discount, no ids but
 * the random public id of a payment still pending, so the family can open it again instead of paying twice).
 */
export async function publicFees(
  db: Db,
  studentNo: string,
  today: string,
  paymentsEnabled: boolean,
): Promise<PublicFeesJson> {
  const fee = await publicFeeRecord(db, studentNo, today);
  const pending = await pendingOf(db, fee.id);
  const f = figuresOf(fee);
  const egp = (p: number | null) => (p === null ? null : piastresToEgp(p));
  return {
    student: { full_name: fee.full_name, current_grade: fee.grade },
    fee: {
      total: fee.total_amount,
      paid: fee.paid_amount,
      remaining: fee.remaining,
      overdue_amount: fee.overdue_amount ?? 0,
      next_due_date: fee.next_due_date ?? null,
      instalments: fee.instalments ?? [],
    },
    choices: {
      next: egp(choiceAmount("next", f)),
      overdue: egp(choiceAmount("overdue", f)),
      all: egp(choiceAmount("all", f)),
    },
    payments_enabled: paymentsEnabled,
    pending: pending.map(({ amount_piastres, ...p }) => ({ ...p, amount: piastresToEgp(amount_piastres) })),
  };
}
