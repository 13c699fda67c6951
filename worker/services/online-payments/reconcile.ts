/**
 * Reconciliation (docs/product.md#online-payments): a payment still `pending` some time after it was created is
 * asked about with Paymob's transaction inquiry, and what Paymob answers is recorded exactly as its callback would
 * have been (./ledger.ts, once per transaction). Nothing paid after the checkout's expiry → `expired`. Run by the
 * Worker's Cron Trigger (worker/index.ts, pending for 30 minutes) and by the console's "Check now" (every pending).
 */
import { and, asc, eq, lte } from "drizzle-orm";
import { onlinePayments } from "../../../db/schema";
import type { Db } from "../../db";
import type { ReconcileResult } from "../../contracts/online-payments";
import type { PaymobGateway } from "../paymob/client";
import { readTransaction } from "../paymob/transaction";
import { bothMoved, NOTHING_MOVED, type MoneyMoved } from "../ledger/hooks";
import { applyTransaction } from "./ledger";

/** A payment pending this long is asked about by the Cron Trigger (ms). */
export const RECONCILE_AFTER_MS = 30 * 60 * 1000;
/** Payments asked about per run: each costs two Paymob calls; the rest wait for the next run. */
export const RECONCILE_BATCH = 50;

export interface ReconcileOptions {
  /** Ask only about payments created at least this long ago (ms). */
  olderThanMs: number;
  now: Date;
  requestId: string;
  /** The school's integration ids: an answer naming another is not taken. */
  integrationIds: readonly number[];
}

/**
 * Asks Paymob about pending payments and records the answers. Returns the counts and what moved (for
 * `afterMoneyMoved` once the run's writes are done: worker/money-moved.ts).
 */
export async function reconcilePending(
  db: Db,
  gateway: PaymobGateway,
  o: ReconcileOptions,
): Promise<{ counts: ReconcileResult; moved: MoneyMoved }> {
  const cutoff = new Date(o.now.getTime() - o.olderThanMs).toISOString();
  const rows = await db
    .select({ id: onlinePayments.id, orderId: onlinePayments.orderId, expiresAt: onlinePayments.expiresAt })
    .from(onlinePayments)
    .where(and(eq(onlinePayments.status, "pending"), lte(onlinePayments.createdAt, cutoff)))
    .orderBy(asc(onlinePayments.createdAt))
    .limit(RECONCILE_BATCH);
  const result = { checked: 0, paid: 0, failed: 0, expired: 0, still_pending: 0, errors: 0 };
  let moved = NOTHING_MOVED;
  const at = o.now.toISOString();
  for (const row of rows) {
    result.checked += 1;
    let answer: Record<string, unknown> | null;
    try {
      answer = await gateway.inquire(row.orderId);
    } catch {
      result.errors += 1;
      continue;
    }
    const read = answer ? readTransaction(answer, o.integrationIds) : null;
    const tx = read && "tx" in read ? read.tx : null;
    if (tx && tx.order.id === row.orderId) {
      const r = await applyTransaction({ db, requestId: o.requestId, now: o.now, source: "inquiry" }, tx);
      moved = bothMoved(moved, r.moved);
      // Counted by the payment's status after it (a replayed mismatch leaves it pending, a replayed success paid).
      const [after] = await db
        .select({ status: onlinePayments.status })
        .from(onlinePayments)
        .where(eq(onlinePayments.id, row.id));
      if (after?.status === "paid") result.paid += 1;
      else if (after?.status === "failed") result.failed += 1;
      else result.still_pending += 1;
    } else if (row.expiresAt <= at) {
      await db
        .update(onlinePayments)
        .set({ status: "expired", checkedAt: at, updatedAt: at })
        .where(and(eq(onlinePayments.id, row.id), eq(onlinePayments.status, "pending")));
      result.expired += 1;
      continue;
    } else result.still_pending += 1;
    await db.update(onlinePayments).set({ checkedAt: at }).where(eq(onlinePayments.id, row.id));
  }
  return { counts: result, moved };
}
