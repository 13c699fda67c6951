/**
 * After money moved (docs/money.md): the live event and the family's message, in one place for the desk, fee edits,
 * discounts, plans, Paymob's callback, "Check now" and the reconciliation cron. Called once after the write committed.
 */
import type { Context } from "hono";
import type { AppEnv, Env } from "./env";
import type { Db } from "./db";
import { enqueueWith, linkBase } from "./messages-runtime";
import { requestNow } from "./request-clock";
import { publish } from "./services/events";
import type { MoneyMoved } from "./services/ledger/hooks";
import { paymentMessages } from "./services/messages/events";

/** Where the hook runs: a request, or a cron run (no request: links from PUBLIC_BASE_URL). */
export interface MoneySite {
  env: Env;
  db: Db;
  now: Date;
  /** Origin of links in messages. */
  base: string;
  waitUntil(p: Promise<unknown>): void;
}

/** The site of request `c`. */
export const requestSite = (c: Context<AppEnv>): MoneySite => ({
  env: c.env,
  db: c.get("db"),
  now: requestNow(c),
  base: linkBase(c.env, c.req.url),
  waitUntil: (p) => c.executionCtx.waitUntil(p),
});

/**
 * Publishes `fees_changed` for each record and plan that moved, and plans the payment_received message of each RCP
 * receipt recorded (docs/product.md#live-events, #guardians-and-messages), keyed by the receipt so a replay plans
 * nothing new. Never throws; the returned promise (also given to `waitUntil`) settles when all is done.
 */
export function afterMoneyMoved(site: MoneySite | Context<AppEnv>, moved: MoneyMoved): Promise<void> {
  const s = "req" in site ? requestSite(site) : site;
  const enqueue = enqueueWith(s.env);
  const work = Promise.all([
    ...moved.feeRecordIds.map((id) => publish(s.env, "fees_changed", "fee_record", id)),
    ...(moved.planIds ?? []).map((id) => publish(s.env, "fees_changed", "fee_plan", id)),
    ...(moved.receiptNos ?? []).map((no) => paymentMessages(s.db, no, s.base, s.now, enqueue).catch(() => undefined)),
  ]).then(() => undefined);
  s.waitUntil(work);
  return work;
}
