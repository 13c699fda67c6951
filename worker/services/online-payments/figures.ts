/**
 * What a family sees and may pay online (docs/product.md#online-payments): the student's fee record with its
 * instalments, read through the same service as the console (worker/services/fees.ts), and the amount of each choice
 * computed from those figures. Amounts in piastres here, EGP in the answer.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { onlinePayments } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import type { AmountChoice, PublicFeesJson } from "../../contracts/online-payments";
import type { FeeJson } from "../../contracts/fees";
import { egpToPiastres, piastresToEgp } from "../../money";
import { studentAccounts } from "../fees";

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

/**
 * The figures of the accounts a family pays together (docs/product.md#online-payments): the arrears (earlier years,
 * oldest first; every remaining amount is past due, a year without a schedule counts as one instalment), then `fee`.
 */
export function combinedFigures(fee: FeeJson, arrears: readonly FeeJson[]): FeeFigures {
  const past = arrears.map(figuresOf);
  const owedBefore = past.reduce((s, f) => s + f.remaining, 0);
  const now = figuresOf(fee);
  return {
    remaining: owedBefore + now.remaining,
    overdue: owedBefore + now.overdue,
    instalmentsRemaining: [
      ...past.flatMap((f) => (f.instalmentsRemaining.length ? f.instalmentsRemaining : [f.remaining])),
      ...now.instalmentsRemaining,
    ],
  };
}

/** A family's accounts: `fee` the current year's (else the newest), `arrears` earlier years owing, oldest first. */
export interface PublicAccounts {
  fee: FeeJson;
  arrears: FeeJson[];
}

/**
 * The accounts of `studentNo` on school day `today` (docs/product.md#fees: arrears first). Throws 404
 * PUBLIC_FEES_NOT_FOUND for an unknown ID or a student without any account.
 */
export async function publicAccounts(db: Db, studentNo: string, today: string): Promise<PublicAccounts> {
  const { fees: all, current } = await studentAccounts(db, { studentNo }, today);
  const fee = all.find((f) => f.academic_year_name === current) ?? all[all.length - 1];
  if (!fee) throw new ApiError("PUBLIC_FEES_NOT_FOUND");
  const arrears = all.filter((f) => f.academic_year_name < fee.academic_year_name && f.remaining > 0);
  return { fee, arrears };
}

/** The current year's fee record of `studentNo` (else the newest); 404 PUBLIC_FEES_NOT_FOUND without any. */
export async function publicFeeRecord(db: Db, studentNo: string, today: string): Promise<FeeJson> {
  return (await publicAccounts(db, studentNo, today)).fee;
}

/** Pending online payments listed to the family: the newest few are enough to warn before paying twice. */
export const PENDING_SHOWN = 3;

/** The accounts' online payments still pending, newest first: only what the page shows (no order, no secret). */
function pendingOf(db: Db, feeRecordIds: number[]) {
  return db
    .select({
      payment_id: onlinePayments.publicId,
      amount_piastres: onlinePayments.amountPiastres,
      created_at: onlinePayments.createdAt,
      expires_at: onlinePayments.expiresAt,
    })
    .from(onlinePayments)
    .where(and(inArray(onlinePayments.feeRecordId, feeRecordIds), eq(onlinePayments.status, "pending")))
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
  const { fee, arrears } = await publicAccounts(db, studentNo, today);
  const pending = await pendingOf(
    db,
    [fee, ...arrears].map((a) => a.id),
  );
  const f = combinedFigures(fee, arrears);
  const egp = (p: number | null) => (p === null ? null : piastresToEgp(p));
  return {
    student: { full_name: fee.full_name, current_grade: fee.grade },
    fee: {
      academic_year_name: fee.academic_year_name,
      total: fee.total_amount,
      paid: fee.paid_amount,
      remaining: fee.remaining,
      overdue_amount: fee.overdue_amount ?? 0,
      next_due_date: fee.next_due_date ?? null,
      instalments: fee.instalments ?? [],
    },
    arrears: arrears.map((a) => ({
      academic_year_name: a.academic_year_name,
      total: a.total_amount,
      paid: a.paid_amount,
      remaining: a.remaining,
      instalments: a.instalments ?? [],
    })),
    choices: {
      next: egp(choiceAmount("next", f)),
      overdue: egp(choiceAmount("overdue", f)),
      all: egp(choiceAmount("all", f)),
    },
    payments_enabled: paymentsEnabled,
    pending: pending.map(({ amount_piastres, ...p }) => ({ ...p, amount: piastresToEgp(amount_piastres) })),
  };
}
