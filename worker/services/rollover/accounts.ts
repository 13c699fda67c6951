/**
 * Next year's fee account of a student the rollover enrols (docs/product.md#the-year-end-rollover), pure: the new
 * year's plan of the student's next grade, less the discount when the office marked it recurring (a percent is
 * recomputed on the new total; an amount is kept, at most the total). Other discounts stay on the closing year.
 * Money is integer piastres.
 */
import { applyDiscount, percentOf } from "../../lib/fee-schedule";
import type { ScheduleItem } from "../fee-plans";

/** The closing year's account terms the rollover reads. */
export interface PriorAccount {
  discountPiastres: number;
  /** Hundredths of a percent (1250 = 12.5 %), or null for an amount. */
  discountPercent: number | null;
  discountReason: string | null;
  discountRecurring: boolean;
}

/** A new account: its total, discount fields, and schedule (the plan's, discounted latest instalment first). */
export interface NewAccount {
  planId: number | null;
  totalPiastres: number;
  discountPiastres: number;
  discountPercent: number | null;
  discountReason: string | null;
  discountRecurring: boolean;
  schedule: ScheduleItem[];
}

/**
 * The account for a plan `{id, schedule}` (null: the grade has no plan next year, an empty account of 0) and the
 * student's closing account `prior` (null: none).
 */
export function nextAccount(
  plan: { id: number; schedule: ScheduleItem[] } | null,
  prior: PriorAccount | null,
): NewAccount {
  const schedule = plan?.schedule ?? [];
  const gross = schedule.reduce((s, i) => s + i.amount, 0);
  const carry = prior?.discountRecurring ? prior : null;
  const wanted = carry
    ? carry.discountPercent !== null
      ? percentOf(gross, carry.discountPercent)
      : carry.discountPiastres
    : 0;
  const discount = Math.min(wanted, gross);
  const amounts = applyDiscount(
    schedule.map((s) => s.amount),
    discount,
  );
  return {
    planId: plan?.id ?? null,
    totalPiastres: gross - discount,
    discountPiastres: discount,
    discountPercent: carry?.discountPercent ?? null,
    discountReason: carry ? carry.discountReason : null,
    discountRecurring: !!carry,
    schedule: schedule.map((s, i) => ({ ...s, amount: amounts[i]! })),
  };
}
