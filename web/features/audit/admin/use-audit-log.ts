/**
 * State of the Audit Log page: the query read from the URL (see audit-query.ts), the current page of entries
 * fetched in the browser (the token lives in localStorage), and the filter choices the server offers. A failed
 * load shows a red toast with the server's reason in the admin's language (and `failed` for an inline Retry); a 401
 * signs the admin out. Answers that arrive after a newer request are dropped.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import type { AuditQuery } from "@worker/contracts/audit";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { fetchAuditPage, type AuditEntry, type AuditPage } from "./audit-api";
import { readAuditQuery, writeAuditQuery } from "./audit-query";

/** Everything the page reads and sets. */
export interface AuditLogState {
  query: AuditQuery;
  /**
   * Puts `next` in the URL. `replace` keeps the history entry (used while typing); `scrollTop` scrolls to the top
   * (page changes), otherwise the scroll position stays (filter changes).
   */
  setQuery: (next: AuditQuery, opts?: { replace?: boolean; scrollTop?: boolean }) => void;
  rows: AuditEntry[];
  pagination: AuditPage["pagination"] | null;
  entities: string[];
  admins: string[];
  /** True while a request is in flight. */
  loading: boolean;
  /** True when the rows shown do not belong to the current query yet (show the skeleton). */
  stale: boolean;
  /** True when the last load failed (the page offers Retry instead of "No audit entries found"). */
  failed: boolean;
  reload: () => void;
}

/** The Audit Log list hook. */
export function useAuditLog(): AuditLogState {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  // Read at failure time: a language switch must not reload the page.
  const text = useRef({ t, failureText });
  text.current = { t, failureText };
  const onAuthFailure = useHandleAuthFailure();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readAuditQuery(params), [params]);
  const key = writeAuditQuery(query).toString();

  const [page, setPage] = useState<AuditPage | null>(null);
  // The filter choices survive a failed load, so the selects keep their labels.
  const [choices, setChoices] = useState<AuditPage["filters"]>({ entities: [], admins: [] });
  const [failed, setFailed] = useState(false);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` identifies the query; `tick` forces a reload of it
  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    fetchAuditPage(query)
      .then((body) => {
        if (mine !== seq.current) return;
        // A link to a page past the end (entries deleted since, or a hand-edited URL): show the last page.
        if (body.data.length === 0 && query.page > body.pagination.totalPages) {
          setParams(writeAuditQuery({ ...query, page: body.pagination.totalPages }), { replace: true });
          return;
        }
        setPage(body);
        setChoices(body.filters);
        setFailed(false);
        setLoadedKey(key);
      })
      .catch((err: unknown) => {
        if (mine !== seq.current || onAuthFailure(err)) return;
        const { t: tr, failureText: explain } = text.current;
        toast.error(explain(err, tr("audit.errors.failed"), tr("audit.errors.network")));
        setPage(null);
        setFailed(true);
        setLoadedKey(key);
      })
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  }, [key, tick, onAuthFailure]);

  useEffect(
    () => () => {
      seq.current++;
    },
    [],
  );

  const setQuery = useCallback(
    (next: AuditQuery, opts?: { replace?: boolean; scrollTop?: boolean }) =>
      setParams(writeAuditQuery(next), { replace: opts?.replace ?? false, preventScrollReset: !opts?.scrollTop }),
    [setParams],
  );
  const reload = useCallback(() => setTick((n) => n + 1), []);

  return {
    query,
    setQuery,
    rows: page?.data ?? [],
    pagination: page?.pagination ?? null,
    entities: choices.entities,
    admins: choices.admins,
    loading,
    stale: loadedKey !== key,
    failed,
    reload,
  };
}
