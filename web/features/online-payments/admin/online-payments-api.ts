/**
 * The Online payments page's calls (docs/product.md#online-payments) through the typed Hono client: the list with
 * its figures, and "Check now". Throws `ApiFailure` (status 0 = network error).
 */
import type { ONLINE_STATUSES } from "@worker/contracts/online-payments";
import { apiClient, call } from "~/lib/api";

export type OnlineStatus = (typeof ONLINE_STATUSES)[number];

/** What the page filters by: "" = no filter. `q` is sent as typed; the server folds it. */
export interface OnlineFilters {
  status: OnlineStatus | "";
  /** "unrecorded": only payments with a refund Paymob reported that could not be recorded. */
  refund: "unrecorded" | "";
  q: string;
}

/** `GET /api/admin/online-payments`: up to 200, newest first, with pending, open credits and today's takings. */
export function fetchOnlinePayments(f: OnlineFilters) {
  const query = {
    ...(f.status ? { status: f.status } : {}),
    ...(f.refund ? { refund: f.refund } : {}),
    ...(f.q.trim() ? { q: f.q.trim() } : {}),
  };
  return call(apiClient().api.admin["online-payments"].$get({ query }));
}

export type OnlinePaymentsAnswer = Awaited<ReturnType<typeof fetchOnlinePayments>>;
/** One online payment as the API returns it. */
export type OnlinePayment = OnlinePaymentsAnswer["payments"][number];

/** `POST /api/admin/online-payments/check`: asks Paymob about every pending payment. */
export const checkOnlinePayments = () => call(apiClient().api.admin["online-payments"].check.$post());

/** `POST /api/admin/online-payments/unrecorded-refunds/{txn}/settle`: the office settled refund `txn` by hand. */
export const settleUnrecordedRefund = (txn: string, note: string) =>
  call(
    apiClient().api.admin["online-payments"]["unrecorded-refunds"][":transaction_id"].settle.$post({
      param: { transaction_id: txn },
      json: { note },
    }),
  );

/** A refund not recorded of a payment, as listed under its status. */
export type UnrecordedRefund = OnlinePayment["unrecorded_refunds"][number];
