/**
 * Server-only: any payment's printable receipt by its public token, without a session
 * (docs/product.md#payments-and-receipts, #online-payments, #printing). The token is random and unguessable (32
 * bytes), given to the family by the return page and the payment_received message. The sheet is the desk's receipt
 * (web/features/print/receipt.tsx, one sheet: where the money came in, desk or online; an online payment adds
 * Paymob's order, and what was received, applied and is owed back when it brought in more than was owed). `no-store`,
 * `noindex`; an unknown token is a 404 page in the document's language.
 */
import { renderToReadableStream } from "react-dom/server";
import type { RouterContextProvider } from "react-router";
import { getDb, isDbUnavailable } from "@worker/db";
import { ApiError } from "@worker/errors";
import { publicReceipt } from "@worker/services/print";
import { workerContext } from "~/context";
import arPay from "~/i18n/ar/pay";
import enPay from "~/i18n/en/pay";
import { PrintDocument } from "~/features/print/print-document";
import { printLangOf, printLocale } from "~/features/print/print-format";
import { ReceiptSheet, receiptTitle } from "~/features/print/receipt";

const HEADERS = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/** The answer of `/pay/receipts/:token`. */
export async function publicReceiptResponse(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  token: string,
): Promise<Response> {
  const { env, nonce } = context.get(workerContext);
  const url = new URL(request.url);
  const loc = printLocale(printLangOf(url));
  const db = getDb(env);
  try {
    const receipt = await publicReceipt(db, token);
    const body = await renderToReadableStream(
      <PrintDocument
        loc={loc}
        title={`${receiptTitle(loc, receipt.payment)} ${receipt.payment.receipt_no}`}
        paper="a5"
        url={url}
        nonce={nonce}
      >
        <ReceiptSheet loc={loc} data={receipt} copy={false} />
      </PrintDocument>,
      { nonce },
    );
    return new Response(body, { status: 200, headers: HEADERS });
  } catch (err) {
    const refusal = err instanceof ApiError ? err : isDbUnavailable(err) ? new ApiError("SERVICE_UNAVAILABLE") : null;
    if (!refusal) throw err;
    const texts = (loc.lang === "ar" ? arPay : enPay).receipt;
    const text = refusal.reason === "RECEIPT_NOT_FOUND" ? texts.notFound : texts.unavailable;
    const body = await renderToReadableStream(
      <PrintDocument loc={loc} title={text} paper="a4" url={url} nonce={nonce} toolbar={false}>
        <section className="sheet" data-refusal={refusal.reason}>
          <p role="alert" className="amount">
            {text}
          </p>
        </section>
      </PrintDocument>,
      { nonce },
    );
    return new Response(body, {
      status: refusal.status,
      headers: { ...HEADERS, ...(refusal.status === 503 ? { "Retry-After": "5" } : {}) },
    });
  }
}
