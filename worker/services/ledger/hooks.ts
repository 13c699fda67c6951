/**
 * "Money moved" (docs/money.md): what a committed ledger write tells the rest of the app. The API layer hands it,
 * once per request or cron run, to `afterMoneyMoved` (worker/money-moved.ts), the one place that publishes the live
 * event `fees_changed` and plans the family's `payment_received` message.
 */

/** What moved, after the write committed. */
export interface MoneyMoved {
  /** Fee records whose figures changed (each: one `fees_changed`, entity fee_record). */
  feeRecordIds: number[];
  /** Fee plans applied to their grade (each: one `fees_changed`, entity fee_plan). */
  planIds?: number[];
  /** RCP receipt numbers recorded (each: the family's payment_received message). */
  receiptNos?: string[];
}

/** Nothing moved. */
export const NOTHING_MOVED: MoneyMoved = { feeRecordIds: [] };

/** `a` and `b` together (a reconciliation run's transactions). */
export function bothMoved(a: MoneyMoved, b: MoneyMoved): MoneyMoved {
  return {
    feeRecordIds: [...new Set([...a.feeRecordIds, ...b.feeRecordIds])],
    planIds: [...(a.planIds ?? []), ...(b.planIds ?? [])],
    receiptNos: [...(a.receiptNos ?? []), ...(b.receiptNos ?? [])],
  };
}
