/**
 * State of the Messages page: the query read from the URL (messages-query.ts), the current page of messages and the
 * counts, fetched in the browser (the token lives in localStorage). A failed load shows a red toast with the
 * server's reason and `failed` (inline Try again); a 401 signs out. Answers to an older query are dropped.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { useHandleAuthFailure } from "~/lib/auth-failure";
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

export function useMessagesLog(): MessagesLogState {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  const text = useRef({ t, failureText });
  text.current = { t, failureText };
  const onAuthFailure = useHandleAuthFailure();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readMessagesQuery(params), [params]);
  const key = writeMessagesQuery(query).toString();
  const [page, setPage] = useState<MessagesPage | null>(null);
  const [counts, setCounts] = useState<MessageCounts | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [retrying, setRetrying] = useState<number | null>(null);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` identifies the query; `tick` forces a reload of it
  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    Promise.all([fetchMessages(query), fetchMessageCounts()])
      .then(([body, c]) => {
        if (mine !== seq.current) return;
        setPage(body);
        setCounts(c);
        setFailed(false);
        setLoadedKey(key);
      })
      .catch((err: unknown) => {
        if (mine !== seq.current || onAuthFailure(err)) return;
        const { t: tr, failureText: explain } = text.current;
        toast.error(explain(err, tr("messages.errors.failed"), tr("messages.errors.network")));
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
    (next: MessagesQuery, opts?: { scrollTop?: boolean }) =>
      setParams(writeMessagesQuery(next), { preventScrollReset: !opts?.scrollTop }),
    [setParams],
  );
  const reload = useCallback(() => setTick((n) => n + 1), []);
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
    rows: page?.messages ?? [],
    pagination: page?.pagination ?? null,
    counts,
    loading,
    stale: loadedKey !== key,
    failed,
    reload,
    retry,
    retrying,
  };
}
