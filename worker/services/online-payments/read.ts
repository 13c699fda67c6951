/**
 * Reads of online payments (docs/product.md#online-payments): the family's status by the payment's public id, the
 * printable receipt by its token, and the console's list. Amounts in EGP.
 */
import { desc, eq, sql } from "drizzle-orm";
import { feeRecords, onlinePayments, payments, students } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import type { OnlinePaymentStatusJson } from "../../contracts/online-payments";
import { piastresToEgp } from "../../money";

/** The path of the printable receipt of receipt token `token` (no session; docs/product.md#online-payments). */
export const receiptPath = (token: string) => `/pay/receipts/${token}`;

const joined = (db: Db) =>
  db
    .select({
      op: onlinePayments,
      studentNo: students.studentNo,
      fullName: students.fullName,
      receiptNo: payments.receiptNo,
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
    receipt_no: paid ? (row.receiptNo ?? null) : null,
    receipt_url: paid ? receiptPath(row.op.receiptToken) : null,
    credit: piastresToEgp(row.op.creditPiastres),
  };
}

/** A paid payment by its receipt token: its receipt number (null: all credit) and figures. Throws 404 RECEIPT_NOT_FOUND. */
export async function onlineReceiptByToken(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw new ApiError("RECEIPT_NOT_FOUND");
  const [row] = await joined(db).where(eq(onlinePayments.receiptToken, token));
  if (!row) throw new ApiError("RECEIPT_NOT_FOUND");
  if (row.op.status !== "paid") throw new ApiError("RECEIPT_NOT_FOUND");
  return {
    receiptNo: row.receiptNo ?? null,
    amount: piastresToEgp(row.op.amountPiastres),
    credit: piastresToEgp(row.op.creditPiastres),
    paidAt: row.op.paidAt ?? row.op.updatedAt,
    fullName: row.fullName,
    studentNo: row.studentNo,
    orderId: row.op.orderId,
  };
}

/** The console's list: newest first, up to 200, optionally one status; with the pending count and open credits. */
export async function listOnlinePayments(db: Db, status?: (typeof onlinePayments.$inferSelect)["status"]) {
  const base = joined(db);
  const rows = await (status ? base.where(eq(onlinePayments.status, status)) : base)
    .orderBy(desc(onlinePayments.createdAt), desc(onlinePayments.id))
    .limit(200);
  const [totals] = await db
    .select({
      pending: sql<number>`coalesce(sum(CASE WHEN status = 'pending' THEN 1 ELSE 0 END), 0)`,
      credit: sql<number>`coalesce(sum(credit_piastres), 0)`,
    })
    .from(onlinePayments);
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
  };
}
