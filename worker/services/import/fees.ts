/**
 * Fees import (docs/product.md#bulk-import, #fees): one fee account per student and academic year, matched by the
 * student's ID and the row's year (its own column, else the dialog's choice, else the current year: run.ts). A new
 * account is created with its opening paid amount as a first payment (RCP receipt), an existing one gets its new
 * total; both through the fee services' own statements (worker/services/fees.ts), so the import writes exactly what
 * the add and edit forms write. Payments are never changed by an import: an existing account's paid amount must
 * match the payments recorded (or be left empty), else the row is refused (IMPORT_PAID_DIFFERS). An account that
 * follows an instalment schedule keeps its total (TOTAL_SET_BY_SCHEDULE), as in the edit form. The grade of an
 * existing account is kept, as the edit form does. A year that does not exist → ACADEMIC_YEAR_UNKNOWN; a closed year
 * takes no new account (IMPORT_YEAR_CLOSED, also when it closes between the preview and the commit: a guard in the
 * batch), while its existing accounts are edited as the edit form edits them.
 */
import { and, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { feeRecords, students } from "../../../db/schema";
import { yearStates } from "../academic-years/read";
import type { CreateFeeInput } from "../../contracts/fees";
import { egpToPiastres, piastresToEgp } from "../../money";
import { createFeeStatements, updateFeeStatements } from "../fees";
import { hasScheduleSql } from "../fee-instalments";
import { paidUnchangedGuard } from "../ledger/records";
import { rowError } from "../../contracts/row-outcome";
import type { Db } from "../../db";
import type { RequestContext } from "../../request-context";
import type { KindPlan, ValidRow } from "./run";
import { selectIn } from "./sql";
import { isBlank } from "../../contracts/import";

/** An existing account as the planner needs it. */
interface Account {
  id: number;
  studentId: number;
  year: string;
  total: number;
  paid: number;
  scheduled: boolean;
  version: number;
}

/** The accounts of `studentIds` in `years` (the rows' years), by "studentId|year". */
async function accountsOf(db: Db, studentIds: number[], years: string[]): Promise<Map<string, Account>> {
  const rows = await selectIn<number, Account>(db, studentIds, (part) =>
    db
      .select({
        id: feeRecords.id,
        studentId: feeRecords.studentId,
        year: feeRecords.academicYearName,
        total: feeRecords.totalPiastres,
        paid: feeRecords.paidPiastres,
        scheduled: hasScheduleSql,
        version: feeRecords.version,
      })
      .from(feeRecords)
      .where(and(inArray(feeRecords.studentId, part), inArray(feeRecords.academicYearName, years))),
  );
  return new Map(rows.map((f) => [`${f.studentId}|${f.year}`, f]));
}

/**
 * Statement failing the batch when student `studentId`'s new account of `year` lies in a year that is closed at the
 * write (it closed after the preview): its `version` set NULL, refused by NOT NULL as the fee version guard is
 * (worker/services/fee-version.ts) → IMPORT_CHANGED_MEANWHILE. Paid amounts stay the ledger's to write.
 */
function openYearGuard(db: Db, studentId: number, year: string) {
  return db.run(sql`UPDATE fee_records SET version = NULL
    WHERE student_id = ${studentId} AND academic_year_name = ${year}
      AND (SELECT state FROM academic_years WHERE name = ${year}) = 'closed'`);
}

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
  const yearState = await yearStates(db);
  const years = [...new Set(rows.map((r) => r.input.academic_year_name!))];
  const accounts = await accountsOf(
    db,
    found.map((s) => s.id),
    years,
  );
  const writes: Array<() => readonly BatchItem<"sqlite">[]> = [];
  const outcomes = rows.map(({ input, raw }) => {
    const studentId = studentByNo.get(input.student_id);
    if (studentId === undefined) return { errors: [rowError("student_id", "STUDENT_NOT_FOUND")] };
    const year = input.academic_year_name!;
    const state = yearState.get(year);
    if (!state) return { errors: [rowError("academic_year_name", "ACADEMIC_YEAR_UNKNOWN", { year })] };
    const fee = accounts.get(`${studentId}|${year}`);
    const total = egpToPiastres(input.total_amount);
    if (!fee) {
      if (state === "closed") return { errors: [rowError("academic_year_name", "IMPORT_YEAR_CLOSED", { year })] };
      writes.push(() => [...createFeeStatements(ctx, studentId, input), openYearGuard(db, studentId, year)]);
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
