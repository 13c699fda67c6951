/**
 * State of the Messages page: the query read from the URL (messages-query.ts), the current page of messages and the
 * counts, fetched in the browser (the token lives in localStorage). A failed load shows a red toast with the
 * server's reason and `failed` (inline Try again); a 401 signs out. Answers to an older query are dropped.
 */
import { useCallback, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { useServerQuery } from "~/components/data-table/use-server-table";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useLoadFailure } from "~/lib/load-failure";
import { useReasonText } from "~/lib/reason-text";
import { fetchMessageCounts, fetchMessages, type MessageCounts, type MessagesPage, retryMessage } from "./messages-api";
import { type MessagesQuery, readMessagesQuery, writeMessagesQuery } from "./messages-query";

export interface MessagesLogState {
  query: MessagesQuery;
  setQuery: (next: MessagesQuery, opts?: { scrollTop?: boolean }) => void;
  rows: MessagesPage["messages"];
  pagination: MessagesPage["pagination"] | null;
  counts: MessageCounts | null;
  loading: boolean;
  /** The rows shown belong to another query (show the skeleton). */
  stale: boolean;
  failed: boolean;
  reload: () => void;
  /** Queues a failed message again; the id while its request is in flight. */
  retry: (id: number) => Promise<void>;
  retrying: number | null;
}

/** The Messages list hook: the page of messages and the counts, loaded together. */
export function useMessagesLog(): MessagesLogState {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  const text = useRef({ t, failureText });
  text.current = { t, failureText };
  const onAuthFailure = useHandleAuthFailure();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readMessagesQuery(params), [params]);
  const key = writeMessagesQuery(query).toString();
  const onError = useLoadFailure("messages.errors.failed", "messages.errors.network");
  const list = useServerQuery({
    key,
    fetch: () => Promise.all([fetchMessages(query), fetchMessageCounts()]),
    onError,
  });
  const [retrying, setRetrying] = useState<number | null>(null);

  const setQuery = useCallback(
    (next: MessagesQuery, opts?: { scrollTop?: boolean }) =>
      setParams(writeMessagesQuery(next), { preventScrollReset: !opts?.scrollTop }),
    [setParams],
  );
  const { reload } = list;
  const retry = useCallback(
    async (id: number) => {
      setRetrying(id);
      try {
        await retryMessage(id);
        toast.success(text.current.t("messages.retried"));
        reload();
      } catch (err) {
        if (!onAuthFailure(err)) {
          const { t: tr, failureText: explain } = text.current;
          toast.error(explain(err, tr("messages.errors.retryFailed"), tr("messages.errors.network")));
        }
      } finally {
        setRetrying(null);
      }
    },
    [onAuthFailure, reload],
  );

  return {
    query,
    setQuery,
    rows: list.data?.[0].messages ?? [],
    pagination: list.data?.[0].pagination ?? null,
    // The counts survive a failed load.
    counts: list.last?.[1] ?? null,
    loading: list.loading,
    stale: list.stale,
    failed: list.failed,
    reload,
    retry,
    retrying,
  };
}
