/**
 * The /results lookup state machine (spec §4 "Public results search"): idle → loading → found | failed.
 * Calls `GET /api/student/results/{id}` through the typed client (so the base-URL override applies); a newer
 * search supersedes an older one still in flight, so a slow answer never overwrites a newer one.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { PublicResult } from "@worker/services/public-results";
import { apiClient, call } from "~/lib/api";
import { classifyLookupFailure, type LookupFailure } from "./outcome";

/** One published academic year + semester for the student (contract "Public results"), newest first. */
export type PublishedResult = PublicResult;

export type LookupState =
  | { status: "idle" }
  | { status: "loading"; nationalId: string }
  | { status: "found"; nationalId: string; results: PublishedResult[] }
  | { status: "failed"; nationalId: string; failure: LookupFailure };

/** `search(id)` runs a lookup for an already-normalised ID; `dismiss()` returns a failed state to idle. */
export function useResultsLookup() {
  const [state, setState] = useState<LookupState>({ status: "idle" });
  const seq = useRef(0);
  useEffect(() => () => void (seq.current += 1), []); // unmounted: ignore late answers

  const search = useCallback(async (nationalId: string) => {
    const mine = ++seq.current;
    setState({ status: "loading", nationalId });
    let next: LookupState;
    try {
      const body = await call(apiClient().api.student.results[":nationalId"].$get({ param: { nationalId } }));
      const results = (body?.data ?? []) as PublishedResult[];
      // Spec §8: an empty data list reads as "incorrect national ID".
      next = results.length > 0 ? { status: "found", nationalId, results } : { status: "failed", nationalId, failure: "notFound" };
    } catch (err) {
      next = { status: "failed", nationalId, failure: classifyLookupFailure(err) };
    }
    if (mine === seq.current) setState(next);
  }, []);

  const dismiss = useCallback(() => setState((s) => (s.status === "failed" ? { status: "idle" } : s)), []);

  return { state, search, dismiss };
}
