/**
 * One chart's figures for the year chosen (docs/product.md#reports): the current year's as the page's HTML brought
 * them (`initial`, docs/decisions/0051), else fetched in the browser (the token lives in localStorage), again when
 * the year changes or on a retry; a late answer for an earlier year is dropped; a 401 signs out.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useHandleAuthFailure } from "~/lib/auth-failure";

export interface ReportState<T> {
  data: T | null;
  failed: boolean;
  reload: () => void;
}

/**
 * Calls `fetcher(year)` for `year` (undefined: the current year) and keeps the last answer; starts from `initial`
 * (the server's answer for that year) without a call when there is one.
 */
export function useReport<T>(
  fetcher: (year?: string) => Promise<T>,
  year: string | undefined,
  initial: T | null = null,
): ReportState<T> {
  const onAuthFailure = useHandleAuthFailure();
  const [data, setData] = useState<T | null>(initial);
  const [failed, setFailed] = useState(false);
  const seq = useRef(0);
  const given = useRef(initial !== null);
  const load = useCallback(() => {
    const mine = ++seq.current;
    setFailed(false);
    fetcher(year).then(
      (d) => {
        if (mine === seq.current) setData(d);
      },
      (err: unknown) => {
        if (mine !== seq.current || onAuthFailure(err)) return;
        setFailed(true);
      },
    );
  }, [fetcher, year, onAuthFailure]);
  useEffect(() => {
    if (given.current) given.current = false;
    else {
      setData(null);
      load();
    }
    return () => {
      seq.current++;
    };
  }, [load]);
  return { data, failed, reload: load };
}
