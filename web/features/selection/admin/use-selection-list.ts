/**
 * One list of a course-selection admin page (docs/product.md#course-selection): loaded on mount and on
 * demand. Without a stored admin token the fetch is skipped and the list stays empty; a failed load is logged and shows an empty list (a failed reload keeps the rows already
 * shown); a 401 signs the admin out. A reload that started before a local change (`setItems`) is discarded, so it
 * cannot undo that change.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { getToken } from "~/lib/auth-storage";
import { useHandleAuthFailure } from "~/lib/auth-failure";

export interface SelectionList<T> {
  items: T[];
  /** Changes the list locally (after a save or delete). */
  setItems: Dispatch<SetStateAction<T[]>>;
  /** True until the first load has finished. */
  loading: boolean;
  /** True while any load runs. */
  refreshing: boolean;
  reload: () => Promise<void>;
}

/** See the module doc. `fetcher` must be stable (a module function). */
export function useSelectionList<T>(fetcher: () => Promise<T[]>, label: string): SelectionList<T> {
  const onAuthFailure = useHandleAuthFailure();
  const [items, setRaw] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [running, setRunning] = useState(0);
  const epoch = useRef(0);
  const loaded = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const setItems = useCallback<Dispatch<SetStateAction<T[]>>>((next) => {
    epoch.current++;
    setRaw(next);
  }, []);

  const reload = useCallback(async () => {
    if (!getToken()) {
      setRaw([]);
      setLoading(false);
      return;
    }
    const started = epoch.current;
    setRunning((n) => n + 1);
    try {
      const list = await fetcher();
      if (mounted.current && started === epoch.current) setRaw(list);
    } catch (err) {
      if (onAuthFailure(err)) return;
      console.error(`Failed to load ${label}`, err);
      if (mounted.current && !loaded.current) setRaw([]);
    } finally {
      if (mounted.current) {
        loaded.current = true;
        setLoading(false);
        setRunning((n) => n - 1);
      }
    }
  }, [fetcher, label, onAuthFailure]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { items, setItems, loading, refreshing: running > 0, reload };
}
