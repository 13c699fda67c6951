/**
 * Payments whose outcome the console does not know (docs/product.md#payments-and-receipts): the request got no
 * answer, or a 5xx, so the server may have recorded it (the link can drop after the commit). Until a definitive
 * answer arrives (a 2xx, a 4xx, or the record re-read by its Idempotency-Key), the next payment on that fee record
 * reuses the same key, whatever amount is typed, so the server can never record two payments for one intent.
 * Kept in localStorage per student number, so a reload or a closed tab does not forget it. DOM-free helpers.
 */
import type { KeyValueStore } from "~/features/base-url/public/base-url";
import { ApiFailure } from "~/lib/api";

export const UNSETTLED_KEY = "unsettledPayments";

/** The Idempotency-Key and amount (EGP) of a payment whose outcome is unknown. */
export interface Unsettled {
  key: string;
  amount: number;
}

function readAll(store: KeyValueStore): Record<string, Unsettled> {
  try {
    const parsed = JSON.parse(store.getItem(UNSETTLED_KEY) ?? "{}") as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, Unsettled>) : {};
  } catch {
    return {};
  }
}

function writeAll(store: KeyValueStore, all: Record<string, Unsettled>) {
  try {
    if (Object.keys(all).length === 0) store.removeItem(UNSETTLED_KEY);
    else store.setItem(UNSETTLED_KEY, JSON.stringify(all));
  } catch {
    /* storage refused: the in-page entry still keeps the key */
  }
}

/** The unsettled payment of the row `rowKey` (`feeRowKey`: its account), if any. */
export function unsettledOf(store: KeyValueStore, rowKey: string): Unsettled | null {
  const u = readAll(store)[rowKey];
  return u && typeof u.key === "string" && typeof u.amount === "number" ? u : null;
}

/** Remembers that the payment sent with `key` for `rowKey` has no definitive answer yet. */
export function markUnsettled(store: KeyValueStore, rowKey: string, u: Unsettled): void {
  writeAll(store, { ...readAll(store), [rowKey]: u });
}

/** Forgets `rowKey`'s unsettled payment (a definitive answer arrived). */
export function settle(store: KeyValueStore, rowKey: string): void {
  const all = readAll(store);
  delete all[rowKey];
  writeAll(store, all);
}

/**
 * True when a failed payment call tells nothing about whether the payment was recorded: no answer at all, or a
 * 5xx. A 4xx is definitive (the server refused it); a 401 is not (the session ended, the outcome is unknown).
 */
export function outcomeUnknown(err: unknown): boolean {
  if (!(err instanceof ApiFailure)) return true;
  return err.isNetwork || err.status >= 500 || err.status === 401;
}
