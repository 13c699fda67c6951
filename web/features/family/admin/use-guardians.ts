/**
 * State of the Guardians page: the query read from the URL (guardians-query.ts), the search box's text (sent once
 * it rests, `useDebouncedSearch`), and the current page of numbers with the school's figures, fetched in the
 * browser (the token lives in localStorage). A failed load shows a red toast and `failed` (inline Try again).
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useServerQuery } from "~/components/data-table/use-server-table";
import { useLoadFailure } from "~/lib/load-failure";
import { useDebouncedSearch } from "~/lib/use-debounce";
import { fetchGuardians } from "./guardians-api";
import { type GuardiansQuery, readGuardiansQuery, writeGuardiansQuery } from "./guardians-query";

/** The Guardians list hook. */
export function useGuardians() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readGuardiansQuery(params), [params]);
  const [typed, setTyped] = useState(query.search);
  const applied = useDebouncedSearch(typed);
  const setQuery = useCallback(
    (next: GuardiansQuery, opts?: { scrollTop?: boolean }) =>
      setParams(writeGuardiansQuery(next), { preventScrollReset: !opts?.scrollTop, replace: true }),
    [setParams],
  );
  useEffect(() => {
    if (applied !== query.search) setQuery({ ...query, search: applied, page: 1 });
  }, [applied, query, setQuery]);
  const onError = useLoadFailure("guardians.table.failed", "messages.errors.network");
  const list = useServerQuery({
    key: writeGuardiansQuery(query).toString(),
    fetch: () => fetchGuardians(query),
    onError,
  });
  return {
    query,
    setQuery,
    typed,
    setTyped,
    rows: list.data?.guardians ?? [],
    pagination: list.data?.pagination ?? null,
    counts: list.last?.counts ?? null,
    loading: list.loading,
    stale: list.stale,
    failed: list.failed,
    reload: list.reload,
  };
}
