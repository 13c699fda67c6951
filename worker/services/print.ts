/**
 * The data of the printed documents (docs/product.md#printing): report cards (one, or a batch for a grade and term),
 * a payment receipt and a fee statement. Reads only, through the results and fees services, so a document shows
 * exactly what the console and the API show. Amounts are EGP (as the API answers), marks as stored (≤ 2 decimals).
 */
import { eq } from "drizzle-orm";
import { admins, feeRecords, onlinePayments, payments, students } from "../../db/schema";
import type { Db } from "../db";
import { ApiError } from "../errors";
import type { FeeJson, PaymentJson } from "../contracts/fees";
import type { ResultJson, Semester } from "../contracts/results";
import { GRADES, type Grade } from "../lib/school-grades";
import { egpToPiastres, piastresToEgp } from "../money";
import { schoolDate } from "../lib/fee-schedule";
import { getFee, getFeeById } from "./fees";
import { getResult, isPublished, listResults } from "./results";

/** One report card: the result, and whether its term is unpublished (printed marked "draft"). */
export interface ReportCardData {
  result: ResultJson;
  draft: boolean;
}

/** A batch of report cards for one term (docs/product.md#printing: "Batch"). */
export interface ReportCardBatch {
  academicYear: string;
  semester: Semester;
  grade: Grade | null;
  published: boolean;
  /** The cards printed: every result of the term (and grade) when published or drafts were asked for, else none. */
  cards: ReportCardData[];
  /** Results of the term left out because it is not published (0 when published or drafts are included). */
  withheld: number;
}

const GRADE_RANK = new Map<string, number>(GRADES.map((g, i) => [g, i]));
const byName = new Intl.Collator("ar", { sensitivity: "base", numeric: true });

/**
 * Report cards sorted by grade (school order, when no grade is given), then name (Arabic collation), then ID.
 * Only a published term prints unless `includeDrafts`; then every card of an unpublished term is marked draft.
 */
export async function reportCardBatch(
  db: Db,
  q: { academicYear: string; semester: Semester; grade?: Grade; includeDrafts: boolean },
): Promise<ReportCardBatch> {
  const [published, rows] = await Promise.all([
    isPublished(db, q.academicYear, q.semester),
    listResults(db, { academic_year_name: q.academicYear, semester: q.semester, grade: q.grade, search: undefined }),
  ]);
  rows.sort(
    (a, b) =>
      (GRADE_RANK.get(a.current_grade) ?? GRADES.length) - (GRADE_RANK.get(b.current_grade) ?? GRADES.length) ||
      byName.compare(a.full_name, b.full_name) ||
      (a.student_no < b.student_no ? -1 : a.student_no > b.student_no ? 1 : 0),
  );
  const printable = published || q.includeDrafts;
  return {
    academicYear: q.academicYear,
    semester: q.semester,
    grade: q.grade ?? null,
    published,
    cards: printable ? rows.map((result) => ({ result, draft: !published })) : [],
    withheld: printable ? 0 : rows.length,
  };
}

/** One student's report card by result id, marked draft while its term is unpublished. Throws 404 RESULT_NOT_FOUND. */
export async function reportCard(db: Db, resultId: number): Promise<ReportCardData> {
  const result = await getResult(db, resultId);
  return { result, draft: !(await isPublished(db, result.academic_year_name, result.semester as Semester)) };
}

/** A fee record as the API answers it, instalments included (docs/product.md#fee-plans). */
export type PlannedFee = FeeJson;
/** A payment as the API answers it, with the instalments it covered. */
export type AllocatedPayment = PaymentJson;

/** A receipt: the payment, its fee record, the balance right after it, and who took it. */
export interface ReceiptData {
  payment: AllocatedPayment;
  fee: PlannedFee;
  /** The record's balance right after this payment, EGP, as fixed when the receipt was issued. */
  balanceAfter: number;
  /** Username of the admin who recorded it; null once that admin is deleted. */
  takenBy: string | null;
}

/**
 * The receipt with number `receiptNo` (`RCP-…` or `ADJ-…`), with the figures fixed when it was issued
 * (docs/product.md#payments-and-receipts: "Receipts are documents"). Throws 404 RECEIPT_NOT_FOUND.
 */
export async function receipt(db: Db, receiptNo: string): Promise<ReceiptData> {
  const [row] = await db
    .select({
      id: payments.id,
      feeRecordId: payments.feeRecordId,
      balanceAfter: payments.balanceAfterPiastres,
      takenBy: admins.username,
    })
    .from(payments)
    .leftJoin(admins, eq(admins.id, payments.adminId))
    .where(eq(payments.receiptNo, receiptNo));
  if (!row) throw new ApiError("RECEIPT_NOT_FOUND");
  const fee: PlannedFee = await getFeeById(db, row.feeRecordId, schoolDate(new Date()));
  const upTo = fee.payments.findIndex((p) => p.id === row.id);
  // The balance fixed when the receipt was issued (migration 0010 on). A receipt issued before has none: the
  // record's payments come oldest first (paid_at, then id), all of them (payments are never deleted), so it is the
  // record's current total less everything up to and including this one (docs/product.md#payments-and-receipts).
  const paidUpTo = fee.payments.slice(0, upTo + 1).reduce((s, p) => s + egpToPiastres(p.amount), 0);
  const balance = row.balanceAfter ?? egpToPiastres(fee.total_amount) - paidUpTo;
  return { payment: fee.payments[upTo]!, fee, balanceAfter: piastresToEgp(balance), takenBy: row.takenBy };
}

/** The online payment a receipt came from: Paymob's order id, what it took and the credit to refund (EGP). */
export interface OnlineReceiptFacts {
  orderId: string;
  amount: number;
  credit: number;
}

/**
 * Any payment's receipt by its public `receipt_token` (`/pay/receipts/{token}`, no session;
 * docs/product.md#payments-and-receipts), desk or online, with the facts of the online payment that made it, if one
 * did. Throws 404 RECEIPT_NOT_FOUND for a token that is malformed or no payment's.
 */
export async function publicReceipt(
  db: Db,
  token: string,
): Promise<{ receipt: ReceiptData; online: OnlineReceiptFacts | null }> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw new ApiError("RECEIPT_NOT_FOUND");
  const [row] = await db
    .select({
      receiptNo: payments.receiptNo,
      orderId: onlinePayments.orderId,
      amount: onlinePayments.amountPiastres,
      credit: onlinePayments.creditPiastres,
    })
    .from(payments)
    .leftJoin(onlinePayments, eq(onlinePayments.paymentId, payments.id))
    .where(eq(payments.receiptToken, token));
  if (!row) throw new ApiError("RECEIPT_NOT_FOUND");
  const online =
    row.orderId === null
      ? null
      : { orderId: row.orderId, amount: piastresToEgp(row.amount ?? 0), credit: piastresToEgp(row.credit ?? 0) };
  return { receipt: await receipt(db, row.receiptNo), online };
}

/** A statement: the fee record with its payments (oldest first) and who took each. Throws 404 FEE_NOT_FOUND. */
export async function statement(db: Db, studentNo: string): Promise<{ fee: PlannedFee; takenBy: Map<number, string> }> {
  // Both reads at once: who took each payment is found through the student number, not the record's id.
  const [fee, rows] = await Promise.all([
    getFee(db, studentNo, schoolDate(new Date())),
    db
      .select({ id: payments.id, username: admins.username })
      .from(payments)
      .innerJoin(admins, eq(admins.id, payments.adminId))
      .innerJoin(feeRecords, eq(feeRecords.id, payments.feeRecordId))
      .innerJoin(students, eq(students.id, feeRecords.studentId))
      .where(eq(students.studentNo, studentNo)),
  ]);
  return { fee, takenBy: new Map(rows.map((r) => [r.id, r.username])) };
}
