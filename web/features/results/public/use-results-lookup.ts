/**
 * The /results lookup state machine (docs/product.md#public-results): idle → loading → found | failed.
 * Calls `GET /api/student/results/{id}` through the typed client (so the base-URL override applies); a newer
 * search supersedes an older one still in flight, so a slow answer never overwrites a newer one.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { PublicResultJson } from "@worker/contracts/public-results";
import { apiClient, call } from "~/lib/api";
import { classifyLookupFailure, type LookupFailure } from "./outcome";

/** One published academic year + semester of the student, as the API answers it (newest first). */
export type PublishedResult = PublicResultJson;

export type LookupState =
  | { status: "idle" }
  | { status: "loading"; nationalId: string }
  | { status: "found"; nationalId: string; results: PublishedResult[] }
  | { status: "failed"; nationalId: string; failure: LookupFailure };

/** `search(id)` runs a lookup for an already-normalised ID; `dismiss()` returns a failed state to idle. */
export function useResultsLookup() {
  const [state, setState] = useState<LookupState>({ status: "idle" });
  const seq = useRef(0);
  // unmounted: ignore late answers
  useEffect(
    () => () => {
      seq.current += 1;
    },
    [],
  );

  const search = useCallback(async (nationalId: string) => {
    const mine = ++seq.current;
    setState({ status: "loading", nationalId });
    let next: LookupState;
    try {
      const { data: results } = await call(
        apiClient().api.student.results[":nationalId"].$get({ param: { nationalId } }),
      );
      // An empty list reads as "incorrect national ID", like a 404.
      next =
        results.length > 0
          ? { status: "found", nationalId, results }
          : { status: "failed", nationalId, failure: "notFound" };
    } catch (err) {
      next = { status: "failed", nationalId, failure: classifyLookupFailure(err) };
    }
    if (mine === seq.current) setState(next);
  }, []);

  const dismiss = useCallback(() => setState((s) => (s.status === "failed" ? { status: "idle" } : s)), []);

  return { state, search, dismiss };
}
