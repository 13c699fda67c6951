/**
 * The fee records of the current grade/status filters (contract `GET /api/fees?grade=&status=`), reloaded on
 * `fees_changed` at most once per second (spec §4 "Live refresh", §9). A failed load keeps the list empty/as it
 * was (spec §8 "Failed list fetches yield an empty list silently"); a 401 signs the admin out.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useLiveEvents, type LiveStatus } from "~/lib/live-events";
import { listFees, type FeeFilters, type FeeRecord } from "./fees-api";

const LIVE_EVENTS = ["fees_changed"];

/** The list state and its mutators. `setFees` is for optimistic updates. */
export interface FeeList {
  fees: FeeRecord[];
  setFees: Dispatch<SetStateAction<FeeRecord[]>>;
  loading: boolean;
  reload: () => Promise<void>;
  live: LiveStatus;
}

/** Loads the list for `filters` and keeps it fresh. */
export function useFeeList({ grade, status }: FeeFilters): FeeList {
  const onAuthFailure = useHandleAuthFailure();
  const [fees, setFees] = useState<FeeRecord[]>([]);
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const rows = await listFees({ grade, status });
      if (mine === seq.current) setFees(rows);
    } catch (err) {
      onAuthFailure(err);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [grade, status, onAuthFailure]);

  useEffect(() => {
    setFees([]);
    void reload();
    return () => {
      seq.current++;
    };
  }, [reload]);

  const live = useLiveEvents(LIVE_EVENTS, () => void reload(), { throttleMs: 1000 });
  return { fees, setFees, loading, reload, live };
}
