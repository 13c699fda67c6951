/**
 * What /pay/return reads from its address (docs/product.md#online-payments): our payment id, and the kiosk reference
 * Paymob's redirect carries. The query is not trusted (the page only shows what it reads; the status comes from the
 * server), so a value that does not look right is dropped. A kiosk reference is also remembered in this browser, so
 * /pay can show it again while the payment waits.
 */

const PAYMENT_ID = /^[A-Za-z0-9_-]{16,64}$/;
const KIOSK_REF = /^\d{4,20}$/;

/** localStorage key of the kiosk reference of payment `paymentId`. */
const kioskKey = (paymentId: string) => `payKioskRef:${paymentId}`;

/**
 * The payment id and kiosk reference of the raw query `search` ("?payment=…&…"). Paymob adds its query with "&" to
 * an address that has one; were it joined with a second "?", the payment id would swallow Paymob's first field, so
 * every "?" is read as "&". Without a usable `payment`, Paymob's `merchant_order_id` (our id) serves.
 */
export function returnParams(search: string): { paymentId: string | null; kioskRef: string | null } {
  const q = new URLSearchParams(search.replace(/^\?/, "").replaceAll("?", "&"));
  const valid = (v: string | null, re: RegExp) => (v !== null && re.test(v) ? v : null);
  return {
    paymentId: valid(q.get("payment"), PAYMENT_ID) ?? valid(q.get("merchant_order_id"), PAYMENT_ID),
    kioskRef: valid(q.get("data.bill_reference"), KIOSK_REF),
  };
}

/** Remembers the kiosk reference of a payment in this browser (nothing on the server, or in private mode). */
export function rememberKioskRef(paymentId: string, ref: string): void {
  try {
    globalThis.localStorage?.setItem(kioskKey(paymentId), ref);
  } catch {
    /* private mode or storage full: the reference is shown on this page only */
  }
}

/** The kiosk reference this browser saw for a payment, or null. */
export function rememberedKioskRef(paymentId: string): string | null {
  try {
    const ref = globalThis.localStorage?.getItem(kioskKey(paymentId)) ?? null;
    return ref !== null && KIOSK_REF.test(ref) ? ref : null;
  } catch {
    return null;
  }
}
