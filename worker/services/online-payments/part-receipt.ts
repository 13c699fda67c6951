/**
 * The online facts of a child's receipt from a family's payment for several children (docs/product.md#family-accounts,
 * docs/decisions/0045-family-payment-parts.md): what the family chose for that child (received), what landed on the
 * child's accounts (applied) and that child's credit, not the whole checkout's; what refunds took off that part's
 * credit is theirs (`online_refund_parts`, ./parts-refund.ts). Piastres.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db";

/** The columns `worker/services/print.ts` reads for an online receipt. */
export interface PartReceiptColumns {
  kind: string;
  orderId: string;
  received: number;
  applied: number;
  credit: number;
  openCredit: number;
}

/** The facts of receipt row `paymentId` when it heads a child's receipt of a family payment, else null. */
export async function partReceiptColumns(db: Db, paymentId: number): Promise<PartReceiptColumns | null> {
  const [row] = await db.all<{
    order_id: string;
    amount: number;
    applied: number | null;
    credit: number;
    refunded: number;
  }>(sql`SELECT o.order_id, x.amount_piastres AS amount, x.applied_piastres AS applied, x.credit_piastres AS credit,
      (SELECT coalesce(sum(r.credit_piastres), 0) FROM online_refund_parts r WHERE r.part_id = x.id) AS refunded
    FROM online_payment_parts x JOIN online_payments o ON o.id = x.online_payment_id
    WHERE x.payment_id = ${paymentId}`);
  if (!row) return null;
  const credit = Number(row.credit);
  const refunded = Number(row.refunded);
  return {
    kind: "payment",
    orderId: String(row.order_id),
    received: Number(row.amount),
    applied: Number(row.applied ?? 0),
    credit,
    openCredit: credit - Math.min(credit, refunded),
  };
}
