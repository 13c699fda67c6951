/**
 * The return page's polling (docs/product.md#online-payments): reads the payment's status every 2 s while it is
 * pending, for up to 3 minutes, then every 15 s. It only reads: the money is recorded by Paymob's callback or by
 * reconciliation on the server, never by this page.
 */
import { useEffect, useState } from "react";
import { ApiFailure } from "~/lib/api";
import { fetchPaymentStatus, type PaymentStatus } from "./pay-api";

export const FAST_POLL_MS = 2_000;
export const SLOW_POLL_MS = 15_000;
export const FAST_FOR_MS = 3 * 60_000;

export type StatusState =
  | { kind: "checking" }
  | { kind: "known"; payment: PaymentStatus; networkTrouble: boolean }
  | { kind: "unknown" }
  | { kind: "network" };

/** The status of payment `paymentId` (null: no id in the address), kept fresh while pending. */
export function usePaymentStatus(paymentId: string | null): StatusState {
  const [state, setState] = useState<StatusState>(paymentId ? { kind: "checking" } : { kind: "unknown" });
  useEffect(() => {
    if (!paymentId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const poll = async () => {
      let pending = true;
      try {
        const payment = await fetchPaymentStatus(paymentId);
        if (stopped) return;
        setState({ kind: "known", payment, networkTrouble: false });
        pending = payment.status === "pending";
      } catch (err) {
        if (stopped) return;
        if (err instanceof ApiFailure && err.status === 404) {
          setState({ kind: "unknown" });
          return;
        }
        setState((s) => (s.kind === "known" ? { ...s, networkTrouble: true } : { kind: "network" }));
      }
      if (pending) timer = setTimeout(poll, Date.now() - started < FAST_FOR_MS ? FAST_POLL_MS : SLOW_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [paymentId]);
  return state;
}
