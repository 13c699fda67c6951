/**
 * The success toast of a write that issued a receipt (docs/product.md#payments-and-receipts). Add Payment, a payment
 * confirmed later and Add Fee with a paid amount all offer the receipt the same way, so it lives apart from them.
 */
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
  toast.success(message, {
    description: `${fee.full_name} · ${formatEgp(payment.amount, lang)}`,
    action: meCan(getMe(), "print.statements")
      ? { label: printLabel, onClick: () => printReceipt(payment) }
      : undefined,
  });
}
