/**
 * The data of the printed fee statement (docs/product.md#printing: "Statement"): a student's fee accounts across
 * years, arrears first, who took each payment, and the online payments' credits. Reads only, through the fees
 * service, so the statement shows exactly what the console shows. Amounts are EGP (as the API answers).
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { admins, feeRecords, onlinePayments, payments, paymobTransactions, students } from "../../db/schema";
import type { Db } from "../db";
import { ApiError } from "../errors";
import { schoolDate } from "../lib/fee-schedule";
import { piastresToEgp } from "../money";
import { currentYearName } from "./academic-years/current";
import { studentFeeYears } from "./fees";
import { type PlannedFee, staffName } from "./print";

/**
 * An online payment that brought in more than was owed (EGP): Paymob's order, its receipt (null when all of it was
 * credit), when it was recorded, what Paymob took, what was applied, the credit, what of it was refunded since and
 * what is still owed back.
 */
export interface StatementCredit {
  orderId: string;
  receiptNo: string | null;
  at: string;
  received: number;
  applied: number;
  credit: number;
  refunded: number;
  open: number;
}

/** The credits of student `studentNo`'s online payments, oldest first (docs/product.md#printing: "Statement"). */
async function creditsOf(db: Db, studentNo: string): Promise<StatementCredit[]> {
  const rows = await db
    .select({
      orderId: onlinePayments.orderId,
      receiptNo: payments.receiptNo,
      at: paymobTransactions.at,
      received: paymobTransactions.amountPiastres,
      applied: paymobTransactions.appliedPiastres,
      credit: paymobTransactions.creditPiastres,
      open: onlinePayments.creditPiastres,
    })
    .from(paymobTransactions)
    .innerJoin(onlinePayments, eq(onlinePayments.id, paymobTransactions.onlinePaymentId))
    .innerJoin(feeRecords, eq(feeRecords.id, onlinePayments.feeRecordId))
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .leftJoin(payments, eq(payments.id, paymobTransactions.paymentId))
    .where(
      and(
        eq(students.studentNo, studentNo),
        eq(paymobTransactions.kind, "payment"),
        gt(paymobTransactions.creditPiastres, 0),
      ),
    )
    .orderBy(asc(paymobTransactions.at), asc(paymobTransactions.id));
  return rows.map((r) => {
    const open = Math.min(r.open, r.credit);
    return {
      orderId: r.orderId,
      receiptNo: r.receiptNo,
      at: r.at,
      received: piastresToEgp(r.received),
      applied: piastresToEgp(r.applied),
      credit: piastresToEgp(r.credit),
      refunded: piastresToEgp(r.credit - open),
      open: piastresToEgp(open),
    };
  });
}

/** A statement's accounts in their order and the student's totals across them (EGP). */
export interface StatementData {
  /** Arrears (past years still owing) oldest first, then the current year, then the other years oldest first. */
  accounts: PlannedFee[];
  /** The current academic year's name (the accounts' tags are relative to it). */
  currentYear: string;
  /** What is still owed on every account together, and of it what is past due. */
  owed: number;
  overdue: number;
  takenBy: Map<number, string>;
  credits: StatementCredit[];
}

/**
 * The statement's order of a student's accounts (docs/product.md#fees: arrears first): the past years still owing,
 * oldest first, then the current year's account, then the rest (settled past years, years ahead) oldest first.
 */
export function statementOrder(fees: PlannedFee[], currentYear: string): PlannedFee[] {
  const byYear = [...fees].sort((a, b) => a.academic_year_name.localeCompare(b.academic_year_name));
  const isArrears = (f: PlannedFee) => f.academic_year_name < currentYear && f.remaining > 0;
  return [
    ...byYear.filter(isArrears),
    ...byYear.filter((f) => f.academic_year_name === currentYear),
    ...byYear.filter((f) => !isArrears(f) && f.academic_year_name !== currentYear),
  ];
}

/** A sum of EGP amounts without float drift (summed in piastres). */
const sumEgp = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 100), 0) / 100;

/**
 * A statement across years (docs/product.md#printing: "Statement"): every fee account of `studentNo` in
 * `statementOrder`, each with its payments (oldest first), who took each, the totals owed and overdue across years,
 * and every online payment's credit until and after it is refunded; `now` dates what is overdue. Throws 404
 * FEE_NOT_FOUND without any account.
 */
export async function statement(db: Db, studentNo: string, now = new Date()): Promise<StatementData> {
  // The reads at once: who took each payment and the credits are found through the student number.
  const [fees, currentYear, rows, credits] = await Promise.all([
    studentFeeYears(db, studentNo, schoolDate(now)),
    currentYearName(db),
    db
      .select({ id: payments.id, name: staffName })
      .from(payments)
      .innerJoin(admins, eq(admins.id, payments.adminId))
      .innerJoin(feeRecords, eq(feeRecords.id, payments.feeRecordId))
      .innerJoin(students, eq(students.id, feeRecords.studentId))
      .where(eq(students.studentNo, studentNo)),
    creditsOf(db, studentNo),
  ]);
  if (!fees.length) throw new ApiError("FEE_NOT_FOUND");
  return {
    accounts: statementOrder(fees, currentYear),
    currentYear,
    owed: sumEgp(fees.map((f) => f.remaining)),
    overdue: sumEgp(fees.map((f) => f.overdue_amount ?? 0)),
    takenBy: new Map(rows.map((r) => [r.id, r.name])),
    credits,
  };
}
