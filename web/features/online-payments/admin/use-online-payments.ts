/**
 * State of the Online payments page (docs/product.md#online-payments): the status filter in the URL (`?status=paid`,
 * a refused value dropped; the dashboard links to it) and the refunds-not-recorded one (`?refund=unrecorded`), the
 * search box's text applied once typing rests (kept in the page: a URL update per search would race the status's),
 * the list and its figures fetched in the browser (the
 * token lives in localStorage), a live reload on `fees_changed` (a callback or a check recorded something), and
 * "Check now". A failed load shows a toast with the server's reason and sets `failed`; a 401 signs out; answers to
 * older filters are dropped.
 */
import { useCallback, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ONLINE_STATUSES } from "@worker/contracts/online-payments";
import { useServerQuery } from "~/components/data-table/use-server-table";
import { toast } from "~/components/ui/lazy-toast";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useLiveEvents } from "~/lib/live-events";
import { useLoadFailure } from "~/lib/load-failure";
import { useReasonText } from "~/lib/reason-text";
import { useDebouncedSearch } from "~/lib/use-debounce";
import {
  checkOnlinePayments,
  fetchOnlinePayments,
  type OnlineFilters,
  type OnlinePaymentsAnswer,
  type OnlineStatus,
} from "./online-payments-api";

const LIVE_EVENTS = ["fees_changed"];
const NO_ROWS: OnlinePaymentsAnswer["payments"] = [];

/** The refund filter of `?refund=`: "unrecorded", else "". */
export const refundParam = (params: URLSearchParams): "unrecorded" | "" =>
  params.get("refund") === "unrecorded" ? "unrecorded" : "";

/** The status of `?status=` when it is one of the four, else "". */
export function statusParam(params: URLSearchParams): OnlineStatus | "" {
  const v = params.get("status");
  return (ONLINE_STATUSES as readonly string[]).includes(v ?? "") ? (v as OnlineStatus) : "";
}

export function useOnlinePayments() {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  const text = useRef({ t, failureText });
  text.current = { t, failureText };
  const onAuthFailure = useHandleAuthFailure();
  const [params, setParams] = useSearchParams();
  const status = statusParam(params);
  const refund = refundParam(params);
  const [search, setSearch] = useState("");
  const q = useDebouncedSearch(search);
  const filters = useMemo<OnlineFilters>(() => ({ status, refund, q }), [status, refund, q]);
  const onError = useLoadFailure("onlinePayments.errors.load", "onlinePayments.errors.network");
  const list = useServerQuery({ key: JSON.stringify(filters), fetch: () => fetchOnlinePayments(filters), onError });
  const { reload, data: answer } = list;
  const [checking, setChecking] = useState(false);
  const live = useLiveEvents(LIVE_EVENTS, reload, { throttleMs: 1000 });

  /** Sets URL parameter `name` to `next` ("" removes it). */
  const setParam = useCallback(
    (name: string, next: string) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (next) out.set(name, next);
          else out.delete(name);
          return out;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  const setStatus = useCallback((next: OnlineStatus | "") => setParam("status", next), [setParam]);
  const setRefund = useCallback((next: "unrecorded" | "") => setParam("refund", next), [setParam]);
  // One navigation for every filter: two in one tick would each start from the same URL, and the last would win.
  const clearFilters = useCallback(() => {
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.delete("status");
        out.delete("refund");
        return out;
      },
      { preventScrollReset: true },
    );
    setSearch("");
  }, [setParams]);

  const check = useCallback(async () => {
    setChecking(true);
    try {
      const r = await checkOnlinePayments();
      toast.success(text.current.t("fees.online.checked", { ...r, count: r.checked, pending: r.still_pending }));
      reload();
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(text.current.failureText(err, text.current.t("fees.online.checkFailed")));
    } finally {
      setChecking(false);
    }
  }, [onAuthFailure, reload]);

  return {
    status,
    setStatus,
    refund,
    setRefund,
    clearFilters,
    search,
    setSearch,
    /** The filters the rows answer (the applied search, not the one being typed). */
    filters,
    rows: answer?.payments ?? NO_ROWS,
    figures: answer
      ? {
          pending: answer.pending,
          credit: answer.credit_total,
          paidToday: answer.paid_today,
          unrecorded: answer.unrecorded_refunds,
        }
      : null,
    loading: list.loading,
    failed: list.failed,
    reload,
    live,
    check,
    checking,
  };
}

export type OnlinePaymentsState = ReturnType<typeof useOnlinePayments>;
