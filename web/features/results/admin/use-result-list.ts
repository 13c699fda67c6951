/**
 * The admin results of the current grade filter (`GET /api/admin/results?grade=`, docs/product.md#results). Result
 * writes are announced as `students_changed` (entity "result"; see worker/api/results.ts), so the list reloads on
 * that event, at most once per second. A failed load keeps the list as it was; a 401 signs the admin out.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useLiveEvents, type LiveStatus } from "~/lib/live-events";
import type { ResultJson } from "@worker/contracts/results";
import { listResults } from "./results-api";

const LIVE_EVENTS = ["students_changed"];

/** The list state and its mutators. */
export interface ResultList {
  results: ResultJson[];
  setResults: Dispatch<SetStateAction<ResultJson[]>>;
  loading: boolean;
  reload: () => Promise<void>;
  live: LiveStatus;
}

/** Loads the results for `grade` and keeps them fresh. */
export function useResultList(grade: string): ResultList {
  const onAuthFailure = useHandleAuthFailure();
  const [results, setResults] = useState<ResultJson[]>([]);
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const rows = await listResults(grade);
      if (mine === seq.current) setResults(rows);
    } catch (err) {
      onAuthFailure(err);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [grade, onAuthFailure]);

  useEffect(() => {
    setResults([]);
    void reload();
    return () => {
      seq.current++;
    };
  }, [reload]);

  const live = useLiveEvents(LIVE_EVENTS, () => void reload(), { throttleMs: 1000 });
  return { results, setResults, loading, reload, live };
}
