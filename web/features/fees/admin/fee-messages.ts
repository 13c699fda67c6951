/**
 * English texts of the fees schemas (worker/api/fees.schema.ts) and the fees API, mapped to `fees.*` keys so an
 * Arabic console shows Arabic. Unknown texts fall through to the shared map and then are shown as sent.
 */
import type { TFunction } from "i18next";
import { ApiFailure } from "~/lib/api";
import { numberMessage } from "~/lib/number-messages";
import { translateServerMessage } from "~/lib/server-messages";

const LABELS: Record<string, string> = { "Total amount": "total", "Paid amount": "paid", "Payment amount": "payment" };
const AMOUNT_RULES: [RegExp, string][] = [
  [/^(.+) is required$/, "amountRequired"],
  [/^(.+) cannot exceed 10,000,000 EGP$/, "amountTooLarge"],
];
const FIXED: Record<string, string> = {
  "Student ID is required": "fees.validation.studentIdRequired",
  "Grade is required": "fees.validation.gradeRequired",
  "Paid amount cannot exceed the total amount": "fees.validation.paidAboveTotal",
  "Please enter a valid payment amount": "fees.errors.invalidPayment",
  "Student not found": "fees.errors.notFound",
  "Fee record not found": "fees.server.feeNotFound",
  "This student already has a fee record": "fees.server.feeExists",
  "This fee record has payments with receipts and cannot be deleted. Edit the amounts instead; the payment history is kept.": "fees.server.feeHasPayments",
  "Total amount cannot be less than the paid amount": "fees.server.totalBelowPaid",
  "Payment exceeds the remaining amount": "fees.server.paymentExceedsRemaining",
  "Idempotency-Key was already used with a different request": "fees.server.idempotencyMismatch",
};

/** The translation of a fees schema/server message, or `fallback` when the message is empty. */
export function feeMessage(t: TFunction, message: string | undefined, fallback: string, lang?: string): string {
  if (message && FIXED[message]) return t(FIXED[message]);
  const number = numberMessage(t, message, lang);
  if (number) return number;
  for (const [re, key] of AMOUNT_RULES) {
    const m = message ? re.exec(message) : null;
    if (m && LABELS[m[1]]) return t(`fees.validation.${key}`, { label: t(`fees.validation.labels.${LABELS[m[1]]}`) });
  }
  return translateServerMessage(t, message, fallback);
}

/**
 * The text to alert for a failed fee call (spec §8): the server's message for a non-OK response, else
 * `fallback`; a network failure (status 0) gives `network`.
 */
export function feeFailureText(t: TFunction, err: unknown, fallback: string, network: string): string {
  if (err instanceof ApiFailure) return err.isNetwork ? network : feeMessage(t, err.message, fallback);
  return network;
}
