/**
 * /pay/receipts/:token[?lang=en] — the printable receipt of a paid online payment, by its unguessable token and
 * without a session (docs/product.md#online-payments).
 */
import type { Route } from "./+types/pay-receipt";
import { onlineReceiptResponse } from "~/features/pay/public/receipt-response.server";

export function loader(args: Route.LoaderArgs) {
  return onlineReceiptResponse(args, args.params.token);
}
