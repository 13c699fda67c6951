/**
 * The family payment's calls (docs/product.md#family-accounts) through the typed client, with the session cookie:
 * each child's figures, one checkout for several children, and its status. Failures are thrown as ApiFailure.
 */
import type { AmountChoice } from "@worker/contracts/online-payments";
import { apiClient, call } from "~/lib/api";

const family = () => apiClient().api.family;

/** `GET /api/family/pay`: each child with what it owes and what each choice charges (EGP). */
export const fetchPayFigures = () => call(family().pay.$get());
export type PayFigures = Awaited<ReturnType<typeof fetchPayFigures>>;

/** `POST /api/family/payments`: a choice or EGP per child; the server computes the amounts and answers the checkout. */
export const startFamilyPayment = (children: { id: number; amount: AmountChoice | number }[], key: string) =>
  call(family().payments.$post({ json: { children }, header: { "idempotency-key": key } }));

/** `GET /api/family/payments/{payment_id}`. */
export const fetchFamilyPayment = (paymentId: string) =>
  call(family().payments[":payment_id"].$get({ param: { payment_id: paymentId } }));
export type FamilyPaymentStatus = Awaited<ReturnType<typeof fetchFamilyPayment>>;
