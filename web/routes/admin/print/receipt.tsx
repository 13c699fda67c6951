/**
 * /admin/print/receipts/:receiptNo[?copy=1][&width=80mm][&lang=en] — one payment's receipt (docs/product.md#printing):
 * A5 or an 80 mm roll (the console remembers the choice), "copy" on a reprint.
 */
import type { Route } from "./+types/receipt";
import { receipt } from "@worker/services/print";
import { PrintDocument, withParams } from "~/features/print/print-document";
import { pathId, receiptPaperOf } from "~/features/print/print-query";
import { printResponse } from "~/features/print/print-response.server";
import { ReceiptSheet, receiptTitle } from "~/features/print/receipt";

export function loader(args: Route.LoaderArgs) {
  return printResponse(args, "print.statements", async ({ db, loc, url, nonce, now }) => {
    const data = await receipt(db, pathId(args.params.receiptNo), new Date(now));
    const paper = receiptPaperOf(url);
    const t = loc.t.toolbar;
    const tools = (
      <span>
        {t.width}:{" "}
        <a href={withParams(url, { width: null })} aria-current={paper === "a5" ? "page" : undefined}>
          {t.a5}
        </a>{" "}
        <a href={withParams(url, { width: "80mm" })} aria-current={paper === "80mm" ? "page" : undefined}>
          {t.thermal}
        </a>
      </span>
    );
    return (
      <PrintDocument
        loc={loc}
        title={`${receiptTitle(loc, data.payment)} ${data.payment.receipt_no}`}
        paper={paper}
        url={url}
        nonce={nonce}
        tools={tools}
      >
        <ReceiptSheet loc={loc} data={data} copy={url.searchParams.get("copy") === "1"} />
      </PrintDocument>
    );
  });
}
