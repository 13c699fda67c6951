/**
 * Client-side money helpers of the Fees page. Amounts are EGP numbers with ≤ 2 decimals; arithmetic is done in
 * integer piastres so 0.1 + 0.2 style errors never reach the screen. The server stays the authority on status
 * and remaining: these only drive the optimistic row until the server's record replaces it (docs/product.md#fees).
 */
import type { FeeRecord, FeeStatus } from "./fees-api";

/** EGP → integer piastres. */
export const toPiastres = (egp: number) => Math.round(egp * 100);
/** Integer piastres → EGP. */
export const toEgp = (piastres: number) => piastres / 100;

/** The status the server would compute for `paid` of `total` (EGP). */
export function statusOf(total: number, paid: number): FeeStatus {
  const t = toPiastres(total);
  const p = toPiastres(paid);
  if (p >= t) return "paid";
  return p > 0 ? "partially_paid" : "not_paid";
}

/** A copy of `fee` with new total/paid and the derived remaining and status. */
export function withAmounts(fee: FeeRecord, total: number, paid: number): FeeRecord {
  return {
    ...fee,
    total_amount: total,
    paid_amount: paid,
    remaining: toEgp(toPiastres(total) - toPiastres(paid)),
    status: statusOf(total, paid),
  };
}

/** A copy of `fee` after an extra payment of `amount` EGP (never shown above the total). */
export function withPayment(fee: FeeRecord, amount: number): FeeRecord {
  const paid = Math.min(toPiastres(fee.total_amount), toPiastres(fee.paid_amount) + toPiastres(amount));
  return withAmounts(fee, fee.total_amount, toEgp(paid));
}

/** The remaining amount of a record (from the server field, else total − paid). */
export function remainingOf(fee: FeeRecord): number {
  return Number.isFinite(fee.remaining)
    ? fee.remaining
    : toEgp(toPiastres(fee.total_amount) - toPiastres(fee.paid_amount));
}

/** An amount as plain text for an input ("1250.5" → "1250.50"; whole numbers without decimals). */
export function amountInputValue(egp: number): string {
  return Number.isInteger(egp) ? String(egp) : egp.toFixed(2);
}
