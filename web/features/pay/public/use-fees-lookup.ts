/**
 * The /pay lookup (docs/product.md#online-payments): idle → loading → found | failed, like the results page's
 * (web/features/results/public/use-results-lookup.ts): a newer search supersedes an older one still in flight.
 * Failures: notFound (404, a refused ID), rateLimited (429), network (no answer or a 5xx).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiFailure } from "~/lib/api";
import { fetchFees, type FeesAnswer } from "./pay-api";

export type FeesFailure = "notFound" | "rateLimited" | "network";

export type FeesLookupState =
  | { status: "idle" }
  | { status: "loading"; nationalId: string }
  | { status: "found"; nationalId: string; fees: FeesAnswer }
  | { status: "failed"; nationalId: string; failure: FeesFailure };

/** What the page shows for a failed lookup. */
export function classifyFeesFailure(err: unknown): FeesFailure {
  if (!(err instanceof ApiFailure) || err.isNetwork || err.status >= 500) return "network";
  return err.status === 429 ? "rateLimited" : "notFound";
}

/** `search(id)` looks an already-normalised ID up. */
export function useFeesLookup() {
  const [state, setState] = useState<FeesLookupState>({ status: "idle" });
  const seq = useRef(0);
  useEffect(
    () => () => {
      seq.current += 1;
    },
    [],
  );
  const search = useCallback(async (nationalId: string) => {
    const mine = ++seq.current;
    setState({ status: "loading", nationalId });
    let next: FeesLookupState;
    try {
      next = { status: "found", nationalId, fees: await fetchFees(nationalId) };
    } catch (err) {
      next = { status: "failed", nationalId, failure: classifyFeesFailure(err) };
    }
    if (mine === seq.current) setState(next);
  }, []);
  return { state, search };
}
