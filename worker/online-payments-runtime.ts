/**
 * The Worker's reconciliation Cron Trigger (docs/product.md#online-payments): every 10 minutes, each payment still
 * pending 30 minutes after it was created is asked about with Paymob's transaction inquiry
 * (worker/services/online-payments/reconcile.ts), and what Paymob answers is recorded as its callback would have
 * been. Never throws: a failed run is logged and the next one asks again.
 */
import type { Env } from "./env";
import { getDb } from "./db";
import { afterMoneyMoved } from "./money-moved";
import { reconcilePending, RECONCILE_AFTER_MS } from "./services/online-payments/reconcile";
import { fetchPaymob } from "./services/paymob/client";
import { paymobConfig } from "./services/paymob/config";

/** One reconciliation run at `now`; null when online payment is not configured. */
export async function runReconciliation(env: Env, now: Date) {
  const config = paymobConfig(env);
  if (!config) return null;
  try {
    const db = getDb(env);
    const { counts, moved } = await reconcilePending(db, fetchPaymob(config), {
      olderThanMs: RECONCILE_AFTER_MS,
      now,
      requestId: `cron-${now.toISOString()}`,
      integrationIds: config.integrationIds,
    });
    // After the writes; a cron has no request, so links come from PUBLIC_BASE_URL.
    const site = { env, db, now, base: env.PUBLIC_BASE_URL ?? "", waitUntil: () => undefined };
    await afterMoneyMoved(site, moved);
    if (counts.checked > 0) console.log(JSON.stringify({ msg: "online payments reconciled", ...counts }));
    return counts;
  } catch (err) {
    console.error(JSON.stringify({ msg: "online payment reconciliation failed", err: String(err).slice(0, 200) }));
    return null;
  }
}
