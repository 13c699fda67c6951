/**
 * The online payment pages' calls (docs/product.md#online-payments), through the typed client (the base-URL
 * override applies): the family's figures, starting a payment, and its status. Errors are thrown as ApiFailure.
 */
import type { AmountChoice } from "@worker/contracts/online-payments";
import { apiClient, call } from "~/lib/api";

/** `GET /api/public/fees/{national_id}`. */
export const fetchFees = (nationalId: string) =>
  call(apiClient().api.public.fees[":national_id"].$get({ param: { national_id: nationalId } }));

export type FeesAnswer = Awaited<ReturnType<typeof fetchFees>>;

/** `POST /api/public/payments`: `amount` is a choice or EGP; the server picks the figure and answers the checkout. */
export const startPayment = (nationalId: string, amount: AmountChoice | number, key: string) =>
  call(
    apiClient().api.public.payments.$post({
      json: { national_id: nationalId, amount },
      header: { "idempotency-key": key },
    }),
  );

/** `GET /api/public/payments/{payment_id}`. */
export const fetchPaymentStatus = (paymentId: string) =>
  call(apiClient().api.public.payments[":payment_id"].$get({ param: { payment_id: paymentId } }));

export type PaymentStatus = Awaited<ReturnType<typeof fetchPaymentStatus>>;
