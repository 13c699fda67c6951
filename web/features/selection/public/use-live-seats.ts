/**
 * Live seat counts for the teacher cards (docs/product.md#teacher-selection; docs/decisions/0008-live-seats-poll.md):
 * polls `GET /api/public/selection/seats` (no personal data, `Cache-Control: public, max-age=2`) every 10 s while the
 * page is visible, pauses while it is hidden, and polls at once when it becomes visible again. A failed poll is
 * ignored; the next one tries again.
 */
import { useEffect, useRef } from "react";
import { apiClient, call } from "~/lib/api";
import type { SeatCounts } from "./model";

/** Poll interval in ms. */
export const SEATS_POLL_MS = 10_000;

/** One snapshot of the seats; `fresh` revalidates past the 2 s cache (right after the student's own save). */
export async function fetchSeats(signal?: AbortSignal, fresh = false): Promise<SeatCounts[]> {
  const init: RequestInit = { signal, ...(fresh ? { cache: "no-cache" as const } : {}) };
  return (await call(apiClient().api.public.selection.seats.$get(undefined, { init }))).seats;
}

/** Calls `onSeats` with each fresh snapshot while `enabled`. */
export function useLiveSeats(enabled: boolean, onSeats: (seats: SeatCounts[]) => void): void {
  const latest = useRef(onSeats);
  latest.current = onSeats;

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setInterval> | null = null;
    let inFlight: AbortController | null = null;
    let stopped = false;

    const poll = async () => {
      if (inFlight) return; // a slow answer is still coming: skip this tick
      const ctrl = new AbortController();
      inFlight = ctrl;
      try {
        const seats = await fetchSeats(ctrl.signal);
        if (!stopped) latest.current(seats);
      } catch {
        /* offline or a hiccup: keep the last counts */
      } finally {
        if (inFlight === ctrl) inFlight = null;
      }
    };
    const start = () => {
      if (timer) return;
      timer = setInterval(() => void poll(), SEATS_POLL_MS);
    };
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        void poll();
        start();
      } else {
        stop();
      }
    };

    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      stop();
      inFlight?.abort();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [enabled]);
}
