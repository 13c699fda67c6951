/**
 * Demo fee records (one per student and year) and their installment payments for one academic year (the seed builds
 * last year's and this year's, relative to the day it runs). Money is integer piastres (1 EGP = 100);
 * `paid_piastres` of each record equals the sum of its payment rows.
 */
import type { feeRecords, payments } from "../../db/schema";
import { formatReceiptNo } from "../../common/receipt-no";
import type { Rng } from "./rng";
import { GRADE_SPECS, type SampleStudents, type StudentRow } from "./build-students";

const DAY_MS = 86_400_000;
/** Payments fall from the year's 1 September to its 31 March (capped at `now`). */
const windowOf = (year: string) => {
  const y1 = Number(year.slice(0, 4));
  return { start: Date.UTC(y1, 8, 1), end: Date.UTC(y1 + 1, 2, 31, 23, 59, 59) };
};
const EGP_100 = 10_000; // 100 EGP in piastres

export type FeeRow = typeof feeRecords.$inferInsert & { id: number; totalPiastres: number; paidPiastres: number };
export type PaymentRow = typeof payments.$inferInsert;
export type FeeState = "paid" | "partially_paid" | "not_paid";

/** What `buildFees` returns: rows to insert and the last receipt sequence used. */
export interface FeePlan {
  fees: FeeRow[];
  payments: PaymentRow[];
  lastSequence: number;
}

/** A school-day timestamp (Sunday-Thursday, 06:00-12:30 UTC) `dayOffset` days after `startMs`, within [start, end]. */
function schoolDayTime(rng: Rng, dayOffset: number, startMs: number, endMs: number): number {
  let day = startMs + dayOffset * DAY_MS;
  const weekday = new Date(day).getUTCDay();
  // Friday/Saturday → a random Sunday-Thursday of the following week (a week earlier if that passes the end).
  if (weekday === 5) day += rng.int(2, 6) * DAY_MS;
  if (weekday === 6) day += rng.int(1, 5) * DAY_MS;
  if (day > endMs && day - 7 * DAY_MS >= startMs) day -= 7 * DAY_MS;
  const t = day + rng.int(6 * 3600, 12.5 * 3600) * 1000;
  return Math.min(t, endMs);
}

/**
 * Builds fee records (ids `baseId + 1 ..`, in student order) and payments. Mix: ~55% paid, ~30% partially paid,
 * ~15% not paid; samples are forced (results / selection samples paid, `feesUnpaid` partially paid). Payments are
 * 1-4 installments dated 1 September .. 31 March of `year` (capped at `now`); receipt sequences follow payment time.
 */
export function buildFees(
  rng: Rng,
  students: readonly StudentRow[],
  baseId: number,
  samples: SampleStudents,
  now: Date,
  year: string,
): FeePlan {
  const feeByGrade = new Map(GRADE_SPECS.map((g) => [g.grade, g.feeEgp * 100]));
  const { start: windowStart, end: windowEnd } = windowOf(year);
  const endMs = Math.max(windowStart + DAY_MS, Math.min(windowEnd, now.getTime() - 60_000));
  const windowDays = Math.floor((endMs - windowStart) / DAY_MS);
  const forced = new Map<number, FeeState>([
    [samples.resultsFound.id, "paid"],
    [samples.resultsNotPublished.id, "paid"],
    [samples.canChooseTeachers.id, "paid"],
    [samples.feesUnpaid.id, "partially_paid"],
  ]);

  const fees: FeeRow[] = [];
  const pending: { feeRecordId: number; amount: number; at: number; order: number }[] = [];
  for (const s of students) {
    const id = baseId + fees.length + 1;
    const total = feeByGrade.get(s.currentGrade)!;
    const drawn = rng.weighted<FeeState>([
      ["paid", 55],
      ["partially_paid", 30],
      ["not_paid", 15],
    ]);
    const state = forced.get(s.id) ?? drawn;
    const plan =
      state === "paid"
        ? rng.weighted([
            [1, 30],
            [2, 30],
            [3, 15],
            [4, 25],
          ])
        : rng.weighted([
            [2, 35],
            [3, 25],
            [4, 40],
          ]);
    const installment = Math.round(total / plan / EGP_100) * EGP_100;
    const amounts: number[] = [];
    if (state === "paid") {
      for (let i = 0; i < plan - 1; i++) amounts.push(installment);
      amounts.push(total - installment * (plan - 1));
    } else if (state === "partially_paid") {
      const k = s.id === samples.feesUnpaid.id ? 1 : rng.int(1, plan - 1);
      for (let i = 0; i < k; i++) amounts.push(installment);
      // Sometimes the last installment paid was only part of what was due (rounded to 50 EGP).
      if (rng.chance(0.3))
        amounts[k - 1] = Math.max(5_000, Math.round((installment * rng.int(30, 90)) / 100 / 5_000) * 5_000);
    }
    // Installment i of `plan` falls in the i-th equal part of the window, up to 30 days into it.
    const jitterDays = Math.max(0, Math.min(30, Math.floor(windowDays / plan) - 5));
    const times = amounts
      .map((_, i) =>
        schoolDayTime(
          rng,
          Math.min(windowDays, Math.floor((i / plan) * windowDays) + rng.int(0, jitterDays)),
          windowStart,
          endMs,
        ),
      )
      .sort((a, b) => a - b);
    amounts.forEach((amount, i) => {
      pending.push({ feeRecordId: id, amount, at: times[i], order: i });
    });
    const paid = amounts.reduce((a, b) => a + b, 0);
    fees.push({
      id,
      studentId: s.id,
      academicYearName: year,
      grade: s.currentGrade,
      totalPiastres: total,
      paidPiastres: paid,
    });
  }

  pending.sort((a, b) => a.at - b.at || a.feeRecordId - b.feeRecordId || a.order - b.order);
  const paymentRows: PaymentRow[] = pending.map((p, i) => ({
    feeRecordId: p.feeRecordId,
    receiptNo: formatReceiptNo("RCP", year, i + 1),
    academicYear: year,
    sequence: i + 1,
    amountPiastres: p.amount,
    kind: "payment",
    paidAt: new Date(p.at).toISOString(),
    adminId: null,
  }));
  return { fees, payments: paymentRows, lastSequence: paymentRows.length };
}
