/**
 * Reading a transaction Paymob reported (docs/product.md#online-payments; SECURITY.md, "Online payments"): after its
 * HMAC verified (a callback) or from Paymob's own inquiry answer. The HMAC proves the concatenated string, not its
 * meaning, so the signed fields must have Paymob's types and the integration must be one of the school's.
 */
import { type PaymobTransaction, paymobTransactionSchema } from "../../contracts/online-payments";

/** Why a transaction was not taken: its fields' types, or an integration the school does not use. */
export type TransactionRefusal = "fields" | "integration";

/**
 * The transaction `obj` when every signed field has the type Paymob sends and `integration_id` is one of
 * `integrationIds`; else the refusal (nothing is to be written).
 */
export function readTransaction(
  obj: unknown,
  integrationIds: readonly number[],
): { tx: PaymobTransaction } | { refused: TransactionRefusal } {
  const parsed = paymobTransactionSchema.safeParse(obj);
  if (!parsed.success) return { refused: "fields" };
  if (!integrationIds.includes(parsed.data.integration_id)) return { refused: "integration" };
  return { tx: parsed.data };
}
