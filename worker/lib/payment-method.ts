/**
 * An online receipt's payment method as the payments table keeps it (docs/product.md#online-payments, #reports):
 * Paymob's `source_data.type` "card" and "wallet" as they are, "aggregator" (cash at a kiosk such as Aman or Masary)
 * as "kiosk"; any other type is not named (null: the Reports page counts it as "online, other").
 */
import { PAYMENT_METHODS } from "../../db/schema/payments";

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Paymob's `source_data.type` → the stored method, or null when it names none of them. */
export function paymentMethodOf(paymobType: string | null | undefined): PaymentMethod | null {
  if (paymobType === "aggregator") return "kiosk";
  return (PAYMENT_METHODS as readonly string[]).includes(paymobType ?? "") ? (paymobType as PaymentMethod) : null;
}
