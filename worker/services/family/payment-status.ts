/**
 * The status of a family's payment for several children (docs/product.md#family-accounts): one line per child with
 * the amount chosen, its credit and its receipt once paid. Amounts in EGP.
 */
import { and, asc, eq } from "drizzle-orm";
import { onlinePaymentParts, onlinePayments, payments, students } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import type { FamilyPaymentStatusJson } from "../../contracts/family-payments";
import { piastresToEgp } from "../../money";
import { receiptPath } from "../payments";
import { childrenOf } from "./read";

/**
 * `GET /api/family/payments/{payment_id}`: the status of the family's own payment, one line per child with its
 * receipt once paid; a child no longer on this number keeps its line but not its receipt link. Throws 404
 * ONLINE_PAYMENT_NOT_FOUND for a payment of another number (or none).
 */
export async function familyPaymentStatus(db: Db, phone: string, publicId: string): Promise<FamilyPaymentStatusJson> {
  const [op] = await db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.publicId, publicId), eq(onlinePayments.guardianPhone, phone)));
  if (!op) throw new ApiError("ONLINE_PAYMENT_NOT_FOUND");
  const [parts, kids] = await Promise.all([
    db
      .select({
        id: onlinePaymentParts.studentId,
        full_name: students.fullName,
        amount: onlinePaymentParts.amountPiastres,
        credit: onlinePaymentParts.creditPiastres,
        receiptNo: payments.receiptNo,
        token: payments.receiptToken,
      })
      .from(onlinePaymentParts)
      .innerJoin(students, eq(students.id, onlinePaymentParts.studentId))
      .leftJoin(payments, eq(payments.id, onlinePaymentParts.paymentId))
      .where(eq(onlinePaymentParts.onlinePaymentId, op.id))
      .orderBy(asc(onlinePaymentParts.position)),
    childrenOf(db, phone),
  ]);
  const mine = new Set(kids.map((k) => k.id));
  const paid = op.status === "paid";
  return {
    payment_id: op.publicId,
    status: op.status,
    amount: piastresToEgp(op.amountPiastres),
    paid_at: op.paidAt,
    expires_at: op.expiresAt,
    children: parts.map((p) => {
      const shown = paid && mine.has(p.id) && p.token;
      return {
        id: p.id,
        full_name: p.full_name,
        amount: piastresToEgp(p.amount),
        credit: piastresToEgp(paid ? p.credit : 0),
        receipt_no: shown ? (p.receiptNo ?? null) : null,
        receipt_url: shown && p.token ? receiptPath(p.token) : null,
      };
    }),
  };
}
