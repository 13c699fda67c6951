/**
 * Reads of online payments (docs/product.md#online-payments): the family's status by the payment's public id (with
 * the link to its RCP payment's public receipt, worker/services/print.ts) and the console's list. Amounts in EGP.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { feeRecords, onlinePayments, payments, students } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import type { OnlinePaymentStatusJson } from "../../contracts/online-payments";
import { piastresToEgp } from "../../money";
import { onlineTakings } from "../dashboard";
import { studentSearchCondition } from "../students";
import { receiptPath } from "../payments";

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

/** The status the return page polls. Throws 404 ONLINE_PAYMENT_NOT_FOUND. */
export async function onlinePaymentStatus(db: Db, publicId: string): Promise<OnlinePaymentStatusJson> {
  const [row] = await joined(db).where(eq(onlinePayments.publicId, publicId));
  if (!row) throw new ApiError("ONLINE_PAYMENT_NOT_FOUND");
  const paid = row.op.status === "paid";
  return {
    payment_id: row.op.publicId,
    status: row.op.status,
    amount: piastresToEgp(row.op.amountPiastres),
    full_name: row.fullName,
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
  q?: string;
}

/**
 * The console's list (docs/product.md#online-payments): newest first, up to 200, narrowed by `filter` (the search
 * is the Students list's: `q` already folded, compared with the stored folded name and the number); with the
 * pending count, the open credits and what was paid on school day `today` (Cairo), all three whatever the filters.
 * Amounts in EGP.
 */
export async function listOnlinePayments(db: Db, filter: OnlinePaymentsFilter, today: string) {
  const conds = [
    filter.status ? eq(onlinePayments.status, filter.status) : undefined,
    filter.q ? studentSearchCondition(filter.q) : undefined,
  ].filter((c) => c !== undefined);
  const [rows, [totals], takings] = await Promise.all([
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
  ]);
  return {
    payments: rows.map((r) => ({
      payment_id: r.op.publicId,
      order_id: r.op.orderId,
      student_no: r.studentNo,
      full_name: r.fullName,
      amount: piastresToEgp(r.op.amountPiastres),
      status: r.op.status,
      receipt_no: r.receiptNo ?? null,
      credit: piastresToEgp(r.op.creditPiastres),
      refunded: piastresToEgp(r.op.refundedPiastres),
      created_at: r.op.createdAt,
      paid_at: r.op.paidAt,
      checked_at: r.op.checkedAt,
    })),
    pending: Number(totals?.pending ?? 0),
    credit_total: piastresToEgp(Number(totals?.credit ?? 0)),
    paid_today: { count: takings.count, amount: piastresToEgp(takings.piastres) },
  };
}
