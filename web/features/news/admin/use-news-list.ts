/**
 * State of the News Management list (docs/product.md#news, #live-events): server-side pages of 10, a search
 * debounced 500 ms and a status filter (both return to page 1), the stat counters, and a reload of both on
 * `news_updated` (at most one per second). Without a token the list stays empty and the red toast
 * "Authentication required" is shown; a 401 signs the admin out.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiFailure } from "~/lib/api";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { getToken } from "~/lib/auth-storage";
import { useLiveEvents, type LiveStatus } from "~/lib/live-events";
import { useDebouncedValue } from "~/lib/use-debounce";
import type { NewsStats } from "@worker/contracts/news";
import type { Pagination } from "@worker/contracts/students";
import { listNews, newsStats, type AdminNews, type NewsStatus } from "./news-api";
import { notifyError } from "./news-toast";

/** Search debounce. */
export const NEWS_SEARCH_DEBOUNCE_MS = 500;
const LIVE_EVENTS = ["news_updated"];

/** Everything the page reads and sets. */
export interface NewsListState {
  searchText: string;
  setSearchText: (v: string) => void;
  status: NewsStatus | "";
  setStatus: (v: NewsStatus | "") => void;
  page: number;
  setPage: (page: number) => void;
  rows: AdminNews[];
  pagination: Pagination | null;
  stats: NewsStats | null;
  loading: boolean;
  statsLoading: boolean;
  /** Loads the current page and the counters again. */
  reload: () => void;
  live: LiveStatus;
}

/** The list hook. */
export function useNewsList(): NewsListState {
  const { t } = useTranslation();
  const tRef = useRef(t);
  tRef.current = t;
  const onAuthFailure = useHandleAuthFailure();

  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), NEWS_SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<NewsStatus | "">("");
  const [page, setPage] = useState(1);
  // A new search or filter starts again at page 1 (set while rendering, so the old page is never requested).
  const filterKey = `${status}\u0000${search}`;
  const [lastKey, setLastKey] = useState(filterKey);
  if (filterKey !== lastKey) {
    setLastKey(filterKey);
    if (page !== 1) setPage(1);
  }

  const [rows, setRows] = useState<AdminNews[]>([]);
  const [pagination, setPagination] = useState<Pagination | null>(null);
  const [stats, setStats] = useState<NewsStats | null>(null);
  const [loading, setLoading] = useState(true);
  const [statsLoading, setStatsLoading] = useState(true);
  const listSeq = useRef(0);
  const statsSeq = useRef(0);

  const loadList = useCallback(async () => {
    const mine = ++listSeq.current;
    if (!getToken()) {
      notifyError(tRef.current("news.admin.toast.authRequired"));
      setRows([]);
      setPagination(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    try {
      const body = await listNews({ page, search, status });
      if (mine !== listSeq.current) return;
      // After a delete the page may be past the end: show the last page instead.
      if (body.news.length === 0 && page > body.pagination.totalPages) {
        setPage(body.pagination.totalPages);
        return;
      }
      setRows(body.news);
      setPagination(body.pagination);
    } catch (err) {
      if (mine !== listSeq.current || onAuthFailure(err)) return;
      const network = !(err instanceof ApiFailure) || err.isNetwork;
      notifyError(tRef.current(network ? "news.admin.toast.fetchError" : "news.admin.toast.fetchFailed"));
      setRows([]);
      setPagination(null);
    } finally {
      if (mine === listSeq.current) setLoading(false);
    }
  }, [page, search, status, onAuthFailure]);

  const loadStats = useCallback(async () => {
    const mine = ++statsSeq.current;
    if (!getToken()) {
      setStats(null);
      setStatsLoading(false);
      return;
    }
    try {
      const next = await newsStats();
      if (mine === statsSeq.current) setStats(next);
    } catch (err) {
      if (mine !== statsSeq.current || onAuthFailure(err)) return;
      console.error("news stats: load failed", err);
      setStats(null);
    } finally {
      if (mine === statsSeq.current) setStatsLoading(false);
    }
  }, [onAuthFailure]);

  useEffect(() => {
    void loadList();
  }, [loadList]);
  useEffect(() => {
    void loadStats();
  }, [loadStats]);
  // Drop answers that arrive after the page is gone.
  useEffect(
    () => () => {
      listSeq.current++;
      statsSeq.current++;
    },
    [],
  );

  const reload = useCallback(() => {
    void loadList();
    void loadStats();
  }, [loadList, loadStats]);
  const live = useLiveEvents(LIVE_EVENTS, reload, { throttleMs: 1000 });

  return {
    searchText,
    setSearchText,
    status,
    setStatus,
    page,
    setPage,
    rows,
    pagination,
    stats,
    loading,
    statsLoading,
    reload,
    live,
  };
}
