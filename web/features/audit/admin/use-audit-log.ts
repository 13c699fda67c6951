/**
 * State of the Audit Log page: the query read from the URL (see audit-query.ts), the current page of entries
 * fetched in the browser (the token lives in localStorage), and the filter choices the server offers. A failed
 * load shows a red toast with the server's reason in the admin's language (and `failed` for an inline Retry); a 401
 * signs the admin out. Answers that arrive after a newer request are dropped.
 */
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { AuditQuery } from "@worker/contracts/audit";
import { useServerQuery } from "~/components/data-table/use-server-table";
import { useLoadFailure } from "~/lib/load-failure";
import { fetchAuditPage, type AuditEntry, type AuditPage } from "./audit-api";
import { readAuditQuery, writeAuditQuery } from "./audit-query";

const NO_CHOICES: AuditPage["filters"] = { entities: [], admins: [] };

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
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readAuditQuery(params), [params]);
  const key = writeAuditQuery(query).toString();
  const onError = useLoadFailure("audit.errors.failed", "audit.errors.network");
  const list = useServerQuery<AuditPage>({
    key,
    fetch: () => fetchAuditPage(query),
    // A link to a page past the end (entries deleted since, or a hand-edited URL): show the last page.
    accept: (body) => {
      if (body.data.length > 0 || query.page <= body.pagination.totalPages) return true;
      setParams(writeAuditQuery({ ...query, page: body.pagination.totalPages }), { replace: true });
      return false;
    },
    onError,
  });

  const setQuery = useCallback(
    (next: AuditQuery, opts?: { replace?: boolean; scrollTop?: boolean }) =>
      setParams(writeAuditQuery(next), { replace: opts?.replace ?? false, preventScrollReset: !opts?.scrollTop }),
    [setParams],
  );
  // The filter choices survive a failed load, so the selects keep their labels.
  const choices = list.last?.filters ?? NO_CHOICES;

  return {
    query,
    setQuery,
    rows: list.data?.data ?? [],
    pagination: list.data?.pagination ?? null,
    entities: choices.entities,
    admins: choices.admins,
    loading: list.loading,
    stale: list.stale,
    failed: list.failed,
    reload: list.reload,
  };
}
