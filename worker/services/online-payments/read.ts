/**
 * Reads of online payments (docs/product.md#online-payments): the family's status by the payment's public id (with
 * the link to its RCP payment's public receipt, worker/services/print.ts) and the console's list. Amounts in EGP.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { feeRecords, onlinePaymentParts, onlinePayments, payments, students } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import type { OnlinePaymentStatusJson } from "../../contracts/online-payments";
import { piastresToEgp } from "../../money";
import { onlineTakings } from "../dashboard";
import { studentSearchCondition } from "../students";
import { receiptPath } from "../payments";
import { hasUnrecordedSql, unrecordedOf, unrecordedTotals } from "./unrecorded-refunds";

const joined = (db: Db) =>
  db
    .select({
      op: onlinePayments,
      studentNo: students.studentNo,
      fullName: students.fullName,
      receiptNo: payments.receiptNo,
      receiptToken: payments.receiptToken,
    })
    .from(onlinePayments)
    .innerJoin(feeRecords, eq(feeRecords.id, onlinePayments.feeRecordId))
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .leftJoin(payments, eq(payments.id, onlinePayments.paymentId));

/**
 * The children of a family's payment `op` when `familyPhone` (the request's family session, asked only here) is the
 * number that paid it: each with its part (EGP; credit once paid); null for anyone else.
 */
async function childrenForOwner(
  db: Db,
  op: typeof onlinePayments.$inferSelect,
  familyPhone: () => Promise<string | null>,
) {
  if ((await familyPhone()) !== op.guardianPhone) return null;
  const rows = await db
    .select({
      full_name: students.fullName,
      amount: onlinePaymentParts.amountPiastres,
      credit: onlinePaymentParts.creditPiastres,
    })
    .from(onlinePaymentParts)
    .innerJoin(students, eq(students.id, onlinePaymentParts.studentId))
    .where(eq(onlinePaymentParts.onlinePaymentId, op.id))
    .orderBy(asc(onlinePaymentParts.position));
  const paid = op.status === "paid";
  return rows.map((r) => ({
    full_name: r.full_name,
    amount: piastresToEgp(r.amount),
    credit: piastresToEgp(paid ? r.credit : 0),
  }));
}

/**
 * The status the return page polls. A family's payment for several children names its children (each with its
 * part) only when `familyPhone` resolves to the number that paid it (docs/product.md#family-accounts); to anyone
 * else it names no child. Throws 404 ONLINE_PAYMENT_NOT_FOUND.
 */
export async function onlinePaymentStatus(
  db: Db,
  publicId: string,
  familyPhone: () => Promise<string | null>,
): Promise<OnlinePaymentStatusJson> {
  const [row] = await joined(db).where(eq(onlinePayments.publicId, publicId));
  if (!row) throw new ApiError("ONLINE_PAYMENT_NOT_FOUND");
  const paid = row.op.status === "paid";
  const family = row.op.guardianPhone === null ? null : await childrenForOwner(db, row.op, familyPhone);
  return {
    payment_id: row.op.publicId,
    status: row.op.status,
    amount: piastresToEgp(row.op.amountPiastres),
    full_name: row.op.guardianPhone === null ? row.fullName : (family?.map((c) => c.full_name).join(", ") ?? null),
    children: family ?? [],
    paid_at: row.op.paidAt,
    expires_at: row.op.expiresAt,
    receipt_no: paid ? (row.receiptNo ?? null) : null,
    // The RCP payment's receipt; none when all of it became credit (no payment row: the answer shows the credit).
    receipt_url: paid && row.receiptToken ? receiptPath(row.receiptToken) : null,
    credit: piastresToEgp(row.op.creditPiastres),
  };
}

/** The console's list filters: one status, and a folded search over the student's name and number. */
export interface OnlinePaymentsFilter {
  status?: (typeof onlinePayments.$inferSelect)["status"];
  /** "unrecorded": only payments with a refund not recorded (./unrecorded-refunds.ts). */
  refund?: "unrecorded";
  q?: string;
}

/** SQL: the payment's student, or any child of a family's payment, matches the Students search `q`. */
function anyChildMatches(q: string): SQL {
  // The inner FROM students is the condition's `students`; the payment and its account are the outer query's.
  return sql`EXISTS (SELECT 1 FROM ${students} WHERE (${students.id} = ${feeRecords.studentId}
    OR ${students.id} IN (SELECT x.student_id FROM online_payment_parts x
      WHERE x.online_payment_id = ${onlinePayments.id}))
    AND ${studentSearchCondition(q)})`;
}

/** Each listed payment's children with their parts (EGP, checkout order): none for a payment made on /pay. */
async function childrenOf(db: Db, ids: number[]) {
  const byPayment = new Map<number, { student_no: string; full_name: string; amount: number }[]>();
  if (!ids.length) return byPayment;
  const rows = await db
    .select({
      id: onlinePaymentParts.onlinePaymentId,
      studentNo: students.studentNo,
      fullName: students.fullName,
      amount: onlinePaymentParts.amountPiastres,
    })
    .from(onlinePaymentParts)
    .innerJoin(students, eq(students.id, onlinePaymentParts.studentId))
    .where(inArray(onlinePaymentParts.onlinePaymentId, ids))
    .orderBy(asc(onlinePaymentParts.onlinePaymentId), asc(onlinePaymentParts.position));
  for (const r of rows) {
    const kids = byPayment.get(r.id) ?? [];
    kids.push({ student_no: r.studentNo, full_name: r.fullName, amount: piastresToEgp(r.amount) });
    byPayment.set(r.id, kids);
  }
  return byPayment;
}

/**
 * The console's list (docs/product.md#online-payments): newest first, up to 200, narrowed by `filter` (the search
 * is the Students list's: `q` already folded, compared with the stored folded name and the number, of the student or
 * of any child of a family's payment); each family payment with its children; with the pending count, the open
 * credits, what was paid on school day `today` (Cairo) and the refunds not recorded (each payment lists its own), all
 * four whatever the filters; `filter.refund` keeps the payments with a refund not recorded. Amounts in EGP.
 */
export async function listOnlinePayments(db: Db, filter: OnlinePaymentsFilter, today: string) {
  const conds = [
    filter.status ? eq(onlinePayments.status, filter.status) : undefined,
    filter.q ? anyChildMatches(filter.q) : undefined,
    filter.refund === "unrecorded" ? hasUnrecordedSql : undefined,
  ].filter((c) => c !== undefined);
  const [rows, [totals], takings, unrecorded] = await Promise.all([
    joined(db)
      .where(conds.length ? and(...conds) : undefined)
      .orderBy(desc(onlinePayments.createdAt), desc(onlinePayments.id))
      .limit(200),
    db
      .select({
        pending: sql<number>`coalesce(sum(CASE WHEN status = 'pending' THEN 1 ELSE 0 END), 0)`,
        credit: sql<number>`coalesce(sum(credit_piastres), 0)`,
      })
      .from(onlinePayments),
    onlineTakings(db, today),
    unrecordedTotals(db),
  ]);
  const ids = rows.map((r) => r.op.id);
  const [children, refusals] = await Promise.all([childrenOf(db, ids), unrecordedOf(db, ids)]);
  return {
    payments: rows.map((r) => ({
      payment_id: r.op.publicId,
      order_id: r.op.orderId,
      student_no: r.studentNo,
      full_name: r.fullName,
      children: children.get(r.op.id) ?? [],
      amount: piastresToEgp(r.op.amountPiastres),
      status: r.op.status,
      receipt_no: r.receiptNo ?? null,
      credit: piastresToEgp(r.op.creditPiastres),
      refunded: piastresToEgp(r.op.refundedPiastres),
      unrecorded_refunds: refusals.get(r.op.id) ?? [],
      created_at: r.op.createdAt,
      paid_at: r.op.paidAt,
      checked_at: r.op.checkedAt,
    })),
    pending: Number(totals?.pending ?? 0),
    credit_total: piastresToEgp(Number(totals?.credit ?? 0)),
    paid_today: { count: takings.count, amount: piastresToEgp(takings.piastres) },
    unrecorded_refunds: unrecorded,
  };
}
