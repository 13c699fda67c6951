/**
 * The success toast of a write that issued a receipt (docs/product.md#payments-and-receipts). Add Payment, a payment
 * confirmed later and Add Fee with a paid amount all offer the receipt the same way, so it lives apart from them.
 */
import { createElement, type ReactNode } from "react";
import { toast } from "~/components/ui/lazy-toast";
import { receiptHref } from "~/features/print/admin/print-links";
import { getMe } from "~/lib/auth-storage";
import { formatEgp } from "~/lib/format";
import { meCan } from "~/lib/use-me";
import type { FeeRecord, Payment } from "./fees-api";

/** Opens the printable receipt of a payment just recorded (the original, not a copy) in a new tab. */
function printReceipt(payment: Payment) {
  window.open(receiptHref(payment.receipt_no), "_blank", "noopener");
}

/**
 * `message` with `receiptNo` kept whole: a receipt number (RCP-2024-2025-000123) must not break at its hyphens in a
 * narrow toast, and in Arabic it stays left-to-right (an isolated, unbreakable `<bdi>`).
 */
export function withWholeReceipt(message: string, receiptNo: string): ReactNode {
  const at = message.indexOf(receiptNo);
  if (at < 0) return message;
  const whole = createElement("bdi", { dir: "ltr", className: "whitespace-nowrap", key: "receipt" }, receiptNo);
  return [message.slice(0, at), whole, message.slice(at + receiptNo.length)];
}

/**
 * `message` names the receipt, the student and amount go under it, and "Print receipt" opens the original, for a role
 * that may print receipts (`print.statements`; docs/product.md#staff-and-roles).
 */
export function offerReceipt(
  message: string,
  fee: Pick<FeeRecord, "full_name">,
  payment: Payment,
  lang: string,
  printLabel: string,
) {
  toast.success(withWholeReceipt(message, payment.receipt_no), {
    description: `${fee.full_name} · ${formatEgp(payment.amount, lang)}`,
    action: meCan(getMe(), "print.statements")
      ? { label: printLabel, onClick: () => printReceipt(payment) }
      : undefined,
  });
}
