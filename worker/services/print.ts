/**
 * The data of the printed documents (docs/product.md#printing): report cards (one, or a batch for a grade and term),
 * a payment receipt and a fee statement. Reads only, through the results and fees services, so a document shows
 * exactly what the console and the API show. Amounts are EGP (as the API answers), marks as stored (≤ 2 decimals).
 */
import { eq, or, sql } from "drizzle-orm";
import { admins, onlinePayments, onlineRefundParts, payments, paymobTransactions } from "../../db/schema";
import type { Db } from "../db";
import { ApiError } from "../errors";
import type { FeeJson, PaymentJson } from "../contracts/fees";
import type { ResultJson, Semester } from "../contracts/results";
import { GRADES, type Grade } from "../lib/school-grades";
import { egpToPiastres, piastresToEgp } from "../money";
import { schoolDate } from "../lib/fee-schedule";
import { getFeeById } from "./fees";
import { partReceiptColumns } from "./online-payments/part-receipt";
import { receiptLines } from "./receipt-lines";
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

/**
 * What the online payment behind a receipt brought in (EGP): Paymob's order; for a payment (RCP) what Paymob took,
 * what of it went on the fee record (the receipt's amount) and the credit beyond what was owed, fixed when issued,
 * with what of that credit Paymob's refunds have given back since; for a refund (ADJ) what it gave back.
 */
export interface OnlineReceiptFacts {
  kind: "payment" | "refund";
  orderId: string;
  received: number;
  applied: number;
  credit: number;
  creditRefunded: number;
  /** How the family paid, as Paymob's `source_data.type` says ("card", "wallet", "aggregator"); null when unknown. */
  method: string | null;
}

/** What the documents call a staff member: the display name, else the username. */
export const staffName = sql<string>`coalesce(nullif(trim(${admins.displayName}), ''), ${admins.username})`;

/** The Paymob payment method recorded on the audit row of the online payment that issued receipt `receiptNo`. */
const methodOf = sql<string | null>`(SELECT json_extract(a."after", '$.method') FROM audit_log a
  WHERE a.entity = 'fee_record' AND a.entity_id = CAST(${payments.feeRecordId} AS TEXT)
    AND a.action = 'online_payment' AND json_extract(a."after", '$.receipt_no') = ${payments.receiptNo} LIMIT 1)`;

/** A receipt: the payment, its fee record, the balance right after it, who took it, and the online payment's facts. */
export interface ReceiptData {
  payment: AllocatedPayment;
  fee: PlannedFee;
  /** The record's balance right after this payment, EGP, as fixed when the receipt was issued. */
  balanceAfter: number;
  /** Display name (else username) of the staff member who recorded it; null for an online one or a deleted account. */
  takenBy: string | null;
  /** Null for a desk payment. */
  online: OnlineReceiptFacts | null;
  /**
   * A receipt paying several years' accounts (docs/decisions/0041-one-receipt-across-years.md): one line per account,
   * oldest year first, each with its own number, amount (EGP) and the account's balance right after it. Empty for a
   * receipt on one account.
   */
  lines?: ReceiptYearLine[];
}

/** One year's line of a receipt across years. */
export interface ReceiptYearLine {
  year: string;
  receiptNo: string;
  amount: number;
  allocations: AllocatedPayment["allocations"];
  balanceAfter: number | null;
}

/** The online part of a receipt row: its Paymob transaction and order (all null for a desk payment). */
type OnlineColumns = {
  kind: string | null;
  orderId: string | null;
  received: number | null;
  applied: number | null;
  credit: number | null;
  openCredit: number | null;
  method: string | null;
};

function onlineFacts(r: OnlineColumns): OnlineReceiptFacts | null {
  if (r.orderId === null || r.kind === null) return null;
  const credit = r.kind === "payment" ? (r.credit ?? 0) : 0;
  return {
    kind: r.kind === "payment" ? "payment" : "refund",
    orderId: r.orderId,
    received: piastresToEgp(Math.abs(r.received ?? 0)),
    applied: piastresToEgp(r.applied ?? 0),
    credit: piastresToEgp(credit),
    // Refunds come off the credit first (./online-payments/ledger.ts), so what left it was refunded.
    creditRefunded: piastresToEgp(Math.max(0, credit - (r.openCredit ?? 0))),
    method: typeof r.method === "string" && r.method ? r.method : null,
  };
}

/**
 * The receipt with number `receiptNo` (`RCP-…` or `ADJ-…`), with the figures fixed when it was issued
 * (docs/product.md#payments-and-receipts: "Receipts are documents"); an online one with what Paymob took, what was
 * applied and the credit owed back (docs/product.md#online-payments). `now` dates its account's overdue figures.
 * Throws 404 RECEIPT_NOT_FOUND.
 */
export async function receipt(db: Db, receiptNo: string, now = new Date()): Promise<ReceiptData> {
  const [row] = await db
    .select({
      id: payments.id,
      feeRecordId: payments.feeRecordId,
      balanceAfter: payments.balanceAfterPiastres,
      takenBy: staffName,
      kind: paymobTransactions.kind,
      orderId: onlinePayments.orderId,
      // A child's ADJ of a family payment's refund: that child's share of it, not the whole refund.
      received: sql<number | null>`CASE WHEN ${onlineRefundParts.id} IS NOT NULL
        THEN ${onlineRefundParts.creditPiastres} + ${onlineRefundParts.appliedPiastres}
        ELSE ${paymobTransactions.amountPiastres} END`,
      applied: sql<number | null>`CASE WHEN ${onlineRefundParts.id} IS NOT NULL
        THEN -${onlineRefundParts.appliedPiastres} ELSE ${paymobTransactions.appliedPiastres} END`,
      credit: paymobTransactions.creditPiastres,
      openCredit: onlinePayments.creditPiastres,
      method: methodOf,
      group: payments.receiptGroup,
      head: sql<string | null>`(SELECT h.receipt_no FROM payments h WHERE h.id =
        (SELECT min(g.id) FROM payments g WHERE g.receipt_group = ${payments.receiptGroup}))`,
    })
    .from(payments)
    .leftJoin(admins, eq(admins.id, payments.adminId))
    .leftJoin(onlineRefundParts, eq(onlineRefundParts.paymentId, payments.id))
    .leftJoin(
      paymobTransactions,
      or(eq(paymobTransactions.paymentId, payments.id), eq(paymobTransactions.id, onlineRefundParts.refundId)),
    )
    .leftJoin(onlinePayments, eq(onlinePayments.id, paymobTransactions.onlinePaymentId))
    .where(eq(payments.receiptNo, receiptNo));
  if (!row) throw new ApiError("RECEIPT_NOT_FOUND");
  // A line of a receipt across years prints as the whole receipt, headed by its first line.
  if (row.head && row.head !== receiptNo) return receipt(db, row.head, now);
  const [fee, spread, part] = await Promise.all([
    getFeeById(db, row.feeRecordId, schoolDate(now)) as Promise<PlannedFee>,
    row.group ? receiptLines(db, row.id) : null,
    // A child's receipt of a family's payment: that child's part, not the whole checkout.
    row.group ? partReceiptColumns(db, row.id) : null,
  ]);
  const upTo = fee.payments.findIndex((p) => p.id === row.id);
  // The balance fixed when the receipt was issued (migration 0010 on). A receipt issued before has none: the
  // record's payments come oldest first (paid_at, then id), all of them (payments are never deleted), so it is the
  // record's current total less everything up to and including this one (docs/product.md#payments-and-receipts).
  const paidUpTo = fee.payments.slice(0, upTo + 1).reduce((s, p) => s + egpToPiastres(p.amount), 0);
  const balance = row.balanceAfter ?? egpToPiastres(fee.total_amount) - paidUpTo;
  return {
    payment: fee.payments[upTo]!,
    fee,
    balanceAfter: piastresToEgp(balance),
    takenBy: row.takenBy,
    online: onlineFacts(part ? { ...part, method: row.method } : row),
    lines:
      spread && spread.lines.length > 1
        ? spread.lines.map((l, i) => ({
            year: l.academic_year_name,
            receiptNo: l.receipt_no,
            amount: l.amount,
            allocations: l.allocations,
            balanceAfter: spread.balances[i] ?? null,
          }))
        : [],
  };
}

/**
 * Any payment's receipt by its public `receipt_token` (`/pay/receipts/{token}`, no session;
 * docs/product.md#payments-and-receipts), desk or online: the same document as the console's. Throws 404
 * RECEIPT_NOT_FOUND for a token that is malformed or no payment's.
 */
export async function publicReceipt(db: Db, token: string): Promise<ReceiptData> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw new ApiError("RECEIPT_NOT_FOUND");
  const [row] = await db
    .select({ receiptNo: payments.receiptNo })
    .from(payments)
    .where(eq(payments.receiptToken, token));
  if (!row) throw new ApiError("RECEIPT_NOT_FOUND");
  return receipt(db, row.receiptNo);
}
