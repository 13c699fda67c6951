/**
 * Fees import (docs/product.md#bulk-import, #fees): one fee record per student, matched by the student's ID. A new
 * record is created with its opening paid amount as a first payment (RCP receipt), an existing one gets its new
 * total; both through the fee services' own statements (worker/services/fees.ts), so the import writes exactly what
 * the add and edit forms write. Payments are never changed by an import: an existing record's paid amount must
 * match the payments recorded (or be left empty), else the row is refused (IMPORT_PAID_DIFFERS). A record that
 * follows an instalment schedule keeps its total (TOTAL_SET_BY_SCHEDULE), as in the edit form. The grade of an
 * existing record is kept, as the edit form does.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { feeRecords, students } from "../../../db/schema";
import type { CreateFeeInput } from "../../contracts/fees";
import { egpToPiastres, piastresToEgp } from "../../money";
import { createFeeStatements, updateFeeStatements } from "../fees";
import { hasScheduleSql } from "../fee-instalments";
import { paidUnchangedGuard } from "../ledger/records";
import { rowError } from "../../contracts/row-outcome";
import type { RequestContext } from "../../request-context";
import type { KindPlan, ValidRow } from "./run";
import { selectIn } from "./sql";
import { currentYearSql } from "../fee-year";
import { isBlank } from "../../contracts/import";

export async function planFees(ctx: RequestContext, rows: ValidRow<CreateFeeInput>[]): Promise<KindPlan> {
  const { db } = ctx;
  const found = await selectIn<string, { id: number; studentNo: string }>(
    db,
    rows.map((r) => r.input.student_id),
    (part) =>
      db
        .select({ id: students.id, studentNo: students.studentNo })
        .from(students)
        .where(inArray(students.studentNo, part)),
  );
  const studentByNo = new Map(found.map((s) => [s.studentNo, s.id]));
  const fees = await selectIn<
    number,
    { id: number; studentId: number; total: number; paid: number; scheduled: boolean; version: number }
  >(
    db,
    found.map((s) => s.id),
    (part) =>
      db
        .select({
          id: feeRecords.id,
          studentId: feeRecords.studentId,
          total: feeRecords.totalPiastres,
          paid: feeRecords.paidPiastres,
          scheduled: hasScheduleSql,
          version: feeRecords.version,
        })
        .from(feeRecords)
        // The import writes the current year's accounts.
        .where(and(inArray(feeRecords.studentId, part), eq(feeRecords.academicYearName, currentYearSql))),
  );
  const feeByStudent = new Map(fees.map((f) => [f.studentId, f]));
  const writes: Array<() => readonly BatchItem<"sqlite">[]> = [];
  const outcomes = rows.map(({ input, raw }) => {
    const studentId = studentByNo.get(input.student_id);
    if (studentId === undefined) return { errors: [rowError("student_id", "STUDENT_NOT_FOUND")] };
    const fee = feeByStudent.get(studentId);
    const total = egpToPiastres(input.total_amount);
    if (!fee) {
      writes.push(() => createFeeStatements(ctx, studentId, input));
      return { action: "create" as const };
    }
    const paidGiven = !isBlank(raw.paid_amount);
    if (paidGiven && egpToPiastres(input.paid_amount) !== fee.paid)
      return { errors: [rowError("paid_amount", "IMPORT_PAID_DIFFERS", { paid: piastresToEgp(fee.paid) })] };
    if (total < fee.paid) return { errors: [rowError("total_amount", "TOTAL_BELOW_PAID")] };
    if (total === fee.total) return { action: "unchanged" as const };
    // The edit form's rule (updateFee): a schedule's sum is the total; the plan or the discount changes it.
    if (fee.scheduled) return { errors: [rowError("total_amount", "TOTAL_SET_BY_SCHEDULE")] };
    writes.push(() => [
      // A payment recorded since the preview would make the edit's paid amount undo it: the ledger's guard fails
      // such a batch whole (→ IMPORT_CHANGED_MEANWHILE, run the preview again).
      paidUnchangedGuard(db, fee.id, fee.paid),
      // The version read with `scheduled`: a plan applied since then refuses the batch as well.
      ...updateFeeStatements(ctx, fee.id, fee.version, {
        total_amount: input.total_amount,
        paid_amount: piastresToEgp(fee.paid),
      }),
    ]);
    return { action: "update" as const };
  });
  return {
    outcomes,
    statements: () => writes.flatMap((w) => [...w()]),
    events: [{ event: "fees_changed", entity: "fee_record" }],
  };
}
