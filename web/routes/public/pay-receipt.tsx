/**
 * /pay/receipts/:token[?lang=en] — any payment's printable receipt (desk or online), by its unguessable token and
 * without a session (docs/product.md#payments-and-receipts).
 */
import type { Route } from "./+types/pay-receipt";
import { publicReceiptResponse } from "~/features/pay/public/receipt-response.server";

export function loader(args: Route.LoaderArgs) {
  return publicReceiptResponse(args, args.params.token);
}
