/**
 * A student's discount (docs/product.md#fee-plans): an amount (EGP) or a percent of the plan's total, with a reason,
 * taken off the record's total and its latest instalments first; the paid amount is refilled oldest instalment first
 * in the same batch. A value of 0 clears the discount.
 */
import { eq } from "drizzle-orm";
import { feePlanInstalments, feeRecords, students } from "../../db/schema";
import type { Db } from "../db";
import { constraintFailure } from "../db";
import type { ActingAdmin } from "../env";
import { ApiError } from "../errors";
import { percentOf, schoolDate } from "../lib/fee-schedule";
import { egpToPiastres } from "../money";
import type { DiscountInput } from "../api/fee-plans.schema";
import type { FeeJson } from "../api/fees.schema";
import { auditInsert } from "./audit";
import { discounted, planSchedule, scheduleStatements } from "./fee-plans";
import { getFeeById } from "./fees";

/**
 * Sets the discount of `studentNo`'s fee record. Throws 404 FEE_NOT_FOUND, 409 DISCOUNT_NEEDS_SCHEDULE (no plan
 * applied), 400 DISCOUNT_ABOVE_TOTAL, 400 TOTAL_BELOW_PAID (the paid amount would exceed the new total).
 */
export async function setDiscount(db: Db, admin: ActingAdmin, studentNo: string, input: DiscountInput, now: Date, requestId?: string): Promise<FeeJson> {
  const [fee] = await db
    .select({ f: feeRecords })
    .from(feeRecords)
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .where(eq(students.studentNo, studentNo));
  if (!fee) throw new ApiError("FEE_NOT_FOUND");
  const record = fee.f;
  if (record.planId === null || record.customSchedule) throw new ApiError("DISCOUNT_NEEDS_SCHEDULE");
  const schedule = planSchedule(await db.select().from(feePlanInstalments).where(eq(feePlanInstalments.planId, record.planId)));
  const gross = schedule.reduce((s, i) => s + i.amount, 0);
  const percent = input.kind === "percent" && input.value > 0 ? Math.round(input.value * 100) : null;
  const amount = percent !== null ? percentOf(gross, percent) : egpToPiastres(input.value);
  if (amount > gross) throw new ApiError("DISCOUNT_ABOVE_TOTAL", { params: { field: "discount" } });
  const total = gross - amount;
  if (total < record.paidPiastres) throw new ApiError("TOTAL_BELOW_PAID");
  const at = now.toISOString();
  try {
    await db.batch([
      db
        .update(feeRecords)
        .set({ totalPiastres: total, discountPiastres: amount, discountPercent: percent, discountReason: amount > 0 ? input.reason : null, updatedAt: at })
        .where(eq(feeRecords.id, record.id)),
      ...scheduleStatements(db, record.id, discounted(schedule, amount)),
      auditInsert(
        db,
        admin,
        {
          action: "set_discount",
          entity: "fee_record",
          entityId: record.id,
          before: { total_piastres: record.totalPiastres, discount_piastres: record.discountPiastres, reason: record.discountReason },
          after: { total_piastres: total, discount_piastres: amount, percent: input.kind === "percent" ? input.value : null, reason: input.reason },
        },
        requestId,
      ),
    ]);
  } catch (err) {
    // A payment landed since the read and the new total is now below the paid amount.
    if (/fee_paid_chk/i.test(constraintFailure(err) ?? "")) throw new ApiError("TOTAL_BELOW_PAID");
    throw err;
  }
  return getFeeById(db, record.id, schoolDate(now));
}
