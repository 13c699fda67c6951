/**
 * A student's own terms (docs/product.md#fee-plans): a custom schedule, or a discount: an amount (EGP) or a percent of the plan's total, with a reason,
 * taken off the record's total and its latest instalments first; the paid amount is refilled oldest instalment first
 * in the same batch. A value of 0 clears the discount.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { feePlanInstalments, feePlans, feeRecords, students } from "../../db/schema";
import { batchAll } from "../db";
import type { RequestContext } from "../request-context";
import { ApiError } from "../errors";
import { academicYearBounds, percentOf, schoolDate } from "../lib/fee-schedule";
import { reason } from "../reasons";
import { invalidInput } from "../validate";
import { egpToPiastres } from "../money";
import type { CustomScheduleInput, DiscountInput } from "../contracts/fee-plans";
import type { FeeJson } from "../contracts/fees";
import { feeOfStudentNo } from "./fee-year";
import { auditInsert } from "./audit";
import { discounted, planSchedule, scheduleStatements } from "./fee-plans";
import { feeWriteFailure, getFeeById } from "./fees";
import { nextVersion, staleFeeFailure, versionGuard } from "./fee-version";

/** Columns of fee record `id` as JSON, read by the database inside the batch (an audit row's `before`). */
const recordJson = (id: number, pairs: string) =>
  sql`(SELECT json_object(${sql.raw(pairs)}) FROM fee_records WHERE id = ${id})`;

/**
 * Sets the discount of `studentNo`'s fee record. Throws 404 FEE_NOT_FOUND, 409 DISCOUNT_NEEDS_SCHEDULE (no plan
 * applied), 400 DISCOUNT_ABOVE_TOTAL, 400 TOTAL_BELOW_PAID (the paid amount would exceed the new total), 409
 * FEE_CHANGED_MEANWHILE (a plan, schedule or edit landed on the record since it was read: nothing written).
 */
export async function setDiscount(
  ctx: RequestContext,
  studentNo: string,
  input: DiscountInput,
  year?: string,
): Promise<FeeJson> {
  const { db, now } = ctx;
  // One round trip: the record, and the rows of the plan it carries (none when it has no plan).
  const feeOf = db
    .select({ planId: feeRecords.planId })
    .from(feeRecords)
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .where(feeOfStudentNo(studentNo, year));
  const [[fee], planRows] = await db.batch([
    db
      .select({ f: feeRecords })
      .from(feeRecords)
      .innerJoin(students, eq(students.id, feeRecords.studentId))
      .where(feeOfStudentNo(studentNo, year)),
    db.select().from(feePlanInstalments).where(inArray(feePlanInstalments.planId, feeOf)),
  ]);
  if (!fee) throw new ApiError("FEE_NOT_FOUND");
  const record = fee.f;
  if (record.planId === null || record.customSchedule) throw new ApiError("DISCOUNT_NEEDS_SCHEDULE");
  const schedule = planSchedule(planRows);
  const gross = schedule.reduce((s, i) => s + i.amount, 0);
  const percent = input.kind === "percent" && input.value > 0 ? Math.round(input.value * 100) : null;
  const amount = percent !== null ? percentOf(gross, percent) : egpToPiastres(input.value);
  if (amount > gross) throw new ApiError("DISCOUNT_ABOVE_TOTAL", { params: { field: "discount" } });
  const total = gross - amount;
  if (total < record.paidPiastres) throw new ApiError("TOTAL_BELOW_PAID");
  const at = now.toISOString();
  try {
    // The plan and schedule read above decide every amount: the batch is refused if the record changed since.
    await batchAll(db, [
      ...versionGuard(db, [[record.id, record.version]]),
      auditInsert(ctx, {
        action: "set_discount",
        entity: "fee_record",
        entityId: record.id,
        before: recordJson(
          record.id,
          "'total_piastres', total_piastres, 'discount_piastres', discount_piastres, 'reason', discount_reason",
        ),
        after: {
          total_piastres: total,
          discount_piastres: amount,
          percent: input.kind === "percent" ? input.value : null,
          reason: input.reason,
        },
      }),
      db
        .update(feeRecords)
        .set({
          totalPiastres: total,
          discountPiastres: amount,
          discountPercent: percent,
          discountReason: amount > 0 ? input.reason : null,
          version: nextVersion,
          updatedAt: at,
        })
        .where(eq(feeRecords.id, record.id)),
      ...scheduleStatements(db, record.id, discounted(schedule, amount)),
    ]);
  } catch (err) {
    // A payment landed since the read and the new total is now below the paid amount.
    throw staleFeeFailure(err) ?? feeWriteFailure(err, "TOTAL_BELOW_PAID") ?? err;
  }
  return getFeeById(db, record.id, schoolDate(now));
}

/**
 * Gives `studentNo`'s record its own schedule (docs/product.md#fee-plans): the total becomes the schedule's sum, the
 * discount is cleared (the amounts are already what is owed), `custom_schedule` is set so applying a plan leaves it
 * alone, and the paid amount is refilled oldest first in the same batch. With a plan on the record, due dates must
 * fall in its academic year. Throws 404 FEE_NOT_FOUND, 400 DUE_DATE_OUTSIDE_YEAR, 400 TOTAL_BELOW_PAID, 409
 * FEE_CHANGED_MEANWHILE (another plan applied or an edit saved since the read: nothing written).
 */
export async function setCustomSchedule(
  ctx: RequestContext,
  studentNo: string,
  input: CustomScheduleInput,
  year?: string,
): Promise<FeeJson> {
  const { db, now } = ctx;
  const [row] = await db
    .select({ f: feeRecords, year: feePlans.academicYearName })
    .from(feeRecords)
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .leftJoin(feePlans, eq(feePlans.id, feeRecords.planId))
    .where(feeOfStudentNo(studentNo, year));
  if (!row) throw new ApiError("FEE_NOT_FOUND");
  const bounds = row.year ? academicYearBounds(row.year) : null;
  const outside = bounds
    ? input.instalments.findIndex((i) => i.due_date < bounds.start || i.due_date > bounds.end)
    : -1;
  if (bounds && outside >= 0) {
    // The same refusal as a plan's out-of-year date (fee-plans.schema.ts), through the one validation error path.
    throw invalidInput({
      issues: [
        {
          code: "custom",
          path: ["instalments", outside, "due_date"],
          message: reason("DUE_DATE_OUTSIDE_YEAR", { start: bounds.start, end: bounds.end }),
        },
      ],
    });
  }
  const lineOrder = [...new Set(input.instalments.map((i) => i.line))];
  const sorted = [...input.instalments].sort(
    (a, b) => a.due_date.localeCompare(b.due_date) || lineOrder.indexOf(a.line) - lineOrder.indexOf(b.line),
  );
  const counters = new Map<string, number>();
  const schedule = sorted.map((i, seq) => {
    const no = (counters.get(i.line) ?? 0) + 1;
    counters.set(i.line, no);
    return { seq, line: i.line, lineEn: i.line_en, no, dueDate: i.due_date, amount: egpToPiastres(i.amount) };
  });
  const total = schedule.reduce((s, i) => s + i.amount, 0);
  if (total < row.f.paidPiastres) throw new ApiError("TOTAL_BELOW_PAID");
  const id = row.f.id;
  const flag = "json(CASE WHEN custom_schedule THEN 'true' ELSE 'false' END)";
  const before = recordJson(id, `'total_piastres', total_piastres, 'custom_schedule', ${flag}`);
  try {
    // The year checked above is the plan's as read: the batch is refused if another plan was applied since.
    await batchAll(db, [
      ...versionGuard(db, [[id, row.f.version]]),
      auditInsert(ctx, {
        action: "set_schedule",
        entity: "fee_record",
        entityId: id,
        before,
        after: { ...input, total_piastres: total },
      }),
      db
        .update(feeRecords)
        .set({
          totalPiastres: total,
          customSchedule: true,
          discountPiastres: 0,
          discountPercent: null,
          discountReason: null,
          version: nextVersion,
          updatedAt: now.toISOString(),
        })
        .where(eq(feeRecords.id, id)),
      ...scheduleStatements(db, id, schedule),
    ]);
  } catch (err) {
    throw staleFeeFailure(err) ?? feeWriteFailure(err, "TOTAL_BELOW_PAID") ?? err;
  }
  return getFeeById(db, id, schoolDate(now));
}

/** Drops `studentNo`'s custom schedule flag: the next plan applied to the grade replaces the schedule. 404. */
export async function clearCustomSchedule(ctx: RequestContext, studentNo: string, year?: string): Promise<FeeJson> {
  const { db, now } = ctx;
  const [row] = await db
    .select({ id: feeRecords.id })
    .from(feeRecords)
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .where(feeOfStudentNo(studentNo, year));
  if (!row) throw new ApiError("FEE_NOT_FOUND");
  await db.batch([
    // A new version: an apply or discount decided on the flag as it was must not land after this.
    db
      .update(feeRecords)
      .set({ customSchedule: false, version: nextVersion, updatedAt: now.toISOString() })
      .where(eq(feeRecords.id, row.id)),
    auditInsert(ctx, { action: "clear_schedule", entity: "fee_record", entityId: row.id }),
  ]);
  return getFeeById(db, row.id, schoolDate(now));
}
