/**
 * Receipt numbers (docs/product.md#payments-and-receipts, docs/money.md): pure, so the ledger
 * (worker/services/ledger/receipts.ts, which builds the same text in SQL from the counter) and the demo seed
 * (scripts/seed/build-fees.ts) number receipts one way.
 */

/** RCP: money in (a payment); ADJ: a correction or a refund (an adjustment, may be negative). */
export type ReceiptPrefix = "RCP" | "ADJ";

/** `RCP-2026-2027-000042`: prefix, academic year (1 Sep-31 Aug) and the year's sequence, 6 digits zero-padded. */
export function formatReceiptNo(prefix: ReceiptPrefix, academicYear: string, sequence: number): string {
  return `${prefix}-${academicYear}-${String(sequence).padStart(6, "0")}`;
}
