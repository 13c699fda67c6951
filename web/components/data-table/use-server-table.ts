/**
 * Server-side paging, sorting and search for an admin table (docs/product.md#students; bench/README.md, benchmark 3):
 * the page asks the API for one page (`page`, `limit` 15/20/30/50, `sortBy`, `sortOrder` plus its filters and search)
 * and passes the result to `<DataTable server={...}>`, which then runs TanStack in manual mode.
 *
 * - Every change of the filters goes to the server at once (pages pass a search text that has rested for
 *   SEARCH_DEBOUNCE_MS, see useDebouncedSearch); the request of the previous change is aborted, and an answer that
 *   is not the latest is dropped. An event handler can call
 *   `sendFilters(next)` with the new filters: the request then leaves before React renders the change (benchmark
 *   3's target: a search keystroke ≤ 100 ms at 4× CPU), and the render that follows does not send it again.
 * - The rows shown stay until the next page has arrived (no empty flash); `loading` is true only before the first
 *   answer. A filter change returns to page 1; a page past the end (after deletes) moves to the last page.
 * - `reload()` refetches the current page (Refresh, live events, after writes). `setRows` is for optimistic edits;
 *   `beginMutation()` marks a write, so an answer to a request sent before it cannot undo the optimistic change
 *   (that request is sent again instead).
 * - Failures: `onError(err)` (e.g. sign out on 401); the rows already shown stay, a first failure shows none.
 *
 * `useServerQuery` is the same loader for a list whose page and filters live in the URL (Audit log, Messages,
 * Online payments): one request per query key, answers to an older key dropped, `reload()`, a failure's `onError`.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import type { PaginationState, SortingState } from "@tanstack/react-table";
import { DEFAULT_PAGE_SIZE, pageCountOf } from "./page-window";

/** What `fetchPage` is asked for. `page` is 1-based. */
export interface ServerPageRequest<TFilters> {
  filters: TFilters;
  page: number;
  limit: number;
  /** API field name of the sorted column (from `sortFields`), undefined for the server's default order. */
  sortBy?: string;
  sortOrder?: "asc" | "desc";
  signal: AbortSignal;
}

/** One page as the API answered it. */
export interface ServerPage<TRow> {
  rows: TRow[];
  total: number;
}

/** The `server` prop of DataTable. Page indexes are 0-based. */
export interface DataTableServerState {
  rowCount: number;
  pagination: PaginationState;
  onPaginationChange: (next: PaginationState) => void;
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
  /** True while a request runs (the table is aria-busy; the rows shown are the previous answer). */
  fetching: boolean;
}

export interface UseServerTableOptions<TRow, TFilters> {
  /** Calls the API; must honour `signal`. */
  fetchPage: (request: ServerPageRequest<TFilters>) => Promise<ServerPage<TRow>>;
  /** The page's filters and search; compared as JSON, any change returns to page 1. */
  filters: TFilters;
  /** Table column id → API `sortBy` value; columns not listed are not sortable. */
  sortFields: Readonly<Record<string, string>>;
  onError?: (err: unknown) => void;
  /**
   * A request already started for the first load (e.g. by the route's clientLoader, so the network overlaps the
   * page's first render): called once with the first request; return its promise when it is the same request.
   */
  takePrefetched?: (request: Omit<ServerPageRequest<TFilters>, "signal">) => Promise<ServerPage<TRow>> | undefined;
  /** The prefetched first page if its answer is already in (read, not consumed, by the first render). */
  peekPrefetched?: (request: Omit<ServerPageRequest<TFilters>, "signal">) => ServerPage<TRow> | undefined;
}

export interface UseServerTable<TRow, TFilters = unknown> {
  rows: TRow[];
  setRows: Dispatch<SetStateAction<TRow[]>>;
  /** Rows matching the filters on the server (all pages). */
  total: number;
  /** True until the first answer (or failure). */
  loading: boolean;
  /** True while any request runs. */
  fetching: boolean;
  reload: () => Promise<void>;
  /** Call before an optimistic change: answers to earlier requests are then refetched instead of applied. */
  beginMutation: () => void;
  /** Sends page 1 for `next` now (from an event handler that is about to set these filters); see the module doc. */
  sendFilters: (next: TFilters) => void;
  /** Spread into `<DataTable server={...}>`. */
  server: DataTableServerState;
}

/** Identifies one request: filters (as JSON), page, size and sort (as JSON). */
const requestKey = (filtersJson: string, p: PaginationState, sortJson: string) =>
  `${filtersJson}|${p.pageIndex}|${p.pageSize}|${sortJson}`;

const isAbort = (err: unknown) => (err as { name?: string } | null)?.name === "AbortError";

/** See the module doc. */
export function useServerTable<TRow, TFilters>({
  fetchPage,
  filters,
  sortFields,
  onError,
  takePrefetched,
  peekPrefetched,
}: UseServerTableOptions<TRow, TFilters>): UseServerTable<TRow, TFilters> {
  // A prefetched first page that has already arrived is shown by the very first render (one render less on a
  // throttled phone); the first load below then only consumes it.
  const [first] = useState(() => peekPrefetched?.({ filters, page: 1, limit: DEFAULT_PAGE_SIZE }));
  const [rows, setRows] = useState<TRow[]>(first?.rows ?? []);
  const [total, setTotal] = useState(first?.total ?? 0);
  const [loading, setLoading] = useState(!first);
  const [fetching, setFetching] = useState(false);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [sorting, setSorting] = useState<SortingState>([]);

  // Back to page 1 when the filters change, while rendering (not in an effect) so only one request is sent.
  const filtersKey = JSON.stringify(filters);
  const [lastKey, setLastKey] = useState(filtersKey);
  if (filtersKey !== lastKey) {
    setLastKey(filtersKey);
    if (pagination.pageIndex !== 0) setPagination((p) => ({ ...p, pageIndex: 0 }));
  }

  const latest = useRef({ fetchPage, filters, sortFields, onError, pagination, sorting, takePrefetched });
  latest.current = { fetchPage, filters, sortFields, onError, pagination, sorting, takePrefetched };
  const controller = useRef<AbortController | null>(null);
  const seq = useRef(0);
  const epoch = useRef(0);
  const loaded = useRef(false);
  /** The request `sendFilters` already sent, so the effect of the render it precedes skips it. */
  const sent = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` reads its inputs through `latest`; `first` is the first render's value for the table's life
  const load = useCallback(async (): Promise<void> => {
    const { fetchPage: fetcher, filters: f, sortFields: fields, pagination: p, sorting: s } = latest.current;
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    const mine = ++seq.current;
    const startedEpoch = epoch.current;
    const sort = s[0];
    const sortBy = sort ? fields[sort.id] : undefined;
    setFetching(true);
    try {
      const request = {
        filters: f,
        page: p.pageIndex + 1,
        limit: p.pageSize,
        sortBy,
        sortOrder: sortBy ? (sort!.desc ? "desc" : "asc") : undefined,
      } as const;
      const prefetched = loaded.current ? undefined : latest.current.takePrefetched?.(request);
      // Already on screen (see `first`): nothing to apply.
      if (prefetched && first && !loaded.current) {
        loaded.current = true;
        setFetching(false);
        return;
      }
      const page = await (prefetched ?? fetcher({ ...request, signal: ctrl.signal }));
      if (mine !== seq.current) return;
      // A write happened while this was on its way: its rows may predate the write. Ask again.
      if (startedEpoch !== epoch.current) return void load();
      const lastPage = pageCountOf(page.total, p.pageSize) - 1;
      if (p.pageIndex > lastPage && page.total > 0) {
        setPagination((old) => ({ ...old, pageIndex: lastPage }));
        return;
      }
      setRows(page.rows);
      setTotal(page.total);
    } catch (err) {
      if (isAbort(err) || mine !== seq.current) return;
      latest.current.onError?.(err);
    } finally {
      if (mine === seq.current) {
        loaded.current = true;
        setLoading(false);
        setFetching(false);
      }
    }
  }, []);

  const sortKey = JSON.stringify(sorting);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pagination counts by its two numbers, not its identity; sortKey stands for sorting
  useEffect(() => {
    const already = sent.current === requestKey(filtersKey, pagination, sortKey);
    sent.current = null;
    if (!already) void load();
  }, [load, filtersKey, pagination.pageIndex, pagination.pageSize, sortKey]);

  useEffect(
    () => () => {
      seq.current++;
      controller.current?.abort();
    },
    [],
  );

  const onSortingChange = useCallback((next: SortingState) => {
    const allowed = next.filter((s) => latest.current.sortFields[s.id] !== undefined);
    setSorting(allowed);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  }, []);
  const onPaginationChange = useCallback((next: PaginationState) => setPagination(next), []);
  const beginMutation = useCallback(() => {
    epoch.current++;
  }, []);
  const sendFilters = useCallback(
    (next: TFilters) => {
      const now = latest.current;
      const page = { ...now.pagination, pageIndex: 0 };
      latest.current = { ...now, filters: next, pagination: page };
      sent.current = requestKey(JSON.stringify(next), page, JSON.stringify(now.sorting));
      void load();
    },
    [load],
  );

  return {
    rows,
    setRows,
    total,
    loading,
    fetching,
    reload: load,
    beginMutation,
    sendFilters,
    server: { rowCount: total, pagination, onPaginationChange, sorting, onSortingChange, fetching },
  };
}

/** Options of `useServerQuery`. */
export interface UseServerQueryOptions<T> {
  /** Identifies the query (e.g. its URL search): a new key loads again. */
  key: string;
  /** Calls the API for the query `key` stands for (the one of the render that changed the key). */
  fetch: () => Promise<T>;
  /** Decides on an answer before it is shown: false drops it (e.g. the page moved to the last page instead). */
  accept?: (answer: T) => boolean;
  /** A failure of the latest request; true when handled elsewhere (a sign-out on 401): nothing changes then. */
  onError?: (err: unknown) => boolean | undefined;
}

export interface UseServerQuery<T> {
  /** The answer to the query, null before it and after a failure. */
  data: T | null;
  /** The last answer that arrived, kept after a failure (filter choices, counts). */
  last: T | null;
  /** True while a request runs. */
  loading: boolean;
  /** True when `data` answers another key than the current one (show the skeleton). */
  stale: boolean;
  /** True when the latest load failed (the page offers Retry). */
  failed: boolean;
  /** What the latest failed load threw (an `ApiFailure` with the server's reason), null otherwise. */
  error: unknown;
  reload: () => void;
}

/** See the module doc. */
export function useServerQuery<T>({ key, fetch, accept, onError }: UseServerQueryOptions<T>): UseServerQuery<T> {
  const [data, setData] = useState<T | null>(null);
  const [last, setLast] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const latest = useRef({ fetch, accept, onError });
  latest.current = { fetch, accept, onError };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` identifies the query; `tick` forces a reload of it
  useEffect(() => {
    const mine = ++seq.current;
    const { fetch: fetcher, accept: keep } = latest.current;
    setLoading(true);
    fetcher()
      .then((answer) => {
        if (mine !== seq.current || keep?.(answer) === false) return;
        setData(answer);
        setLast(answer);
        setFailed(false);
        setError(null);
        setLoadedKey(key);
      })
      .catch((err: unknown) => {
        if (mine !== seq.current || latest.current.onError?.(err) === true) return;
        setData(null);
        setFailed(true);
        setError(err);
        setLoadedKey(key);
      })
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  }, [key, tick]);

  useEffect(
    () => () => {
      seq.current++;
    },
    [],
  );

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, last, loading, stale: loadedKey !== key, failed, error, reload };
}
