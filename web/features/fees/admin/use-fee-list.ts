/**
 * The fee records of the current filters and search, one page at a time from the server
 * (`GET /api/fees?grade=&status=&search=&page&limit&sortBy&sortOrder`, docs/product.md#fees; paging on the server:
 * docs/decisions/0011-admin-lists-page-on-the-server.md; see useServerTable), refetched on `fees_changed` at most once
 * per second (docs/product.md#live-events). A failed load keeps the rows shown (an empty list on the first load: a
 * failed list fetch is silent); a 401 signs the admin out. `setFees` (optimistic edits) also marks a write, so an answer to an earlier request cannot undo it.
 */
import { useCallback, type Dispatch, type SetStateAction } from "react";
import { useServerTable, type DataTableServerState } from "~/components/data-table";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useLiveEvents, type LiveStatus } from "~/lib/live-events";
import { feesPrimer, listFeesPage, type FeeFilters, type FeeRecord } from "./fees-api";

const LIVE_EVENTS = ["fees_changed"];

/** Table column id → the API's `sortBy` (worker/contracts/fees.ts FEE_SORT_FIELDS). */
export const FEE_SORT_FIELDS: Readonly<Record<string, string>> = {
  student: "full_name",
  studentId: "student_no",
  grade: "grade",
  total: "total_amount",
  paid: "paid_amount",
  remaining: "remaining",
  status: "status",
};

/** The list state and its mutators. `setFees` is for optimistic updates of the current page. */
export interface FeeList {
  /** The current page. */
  fees: FeeRecord[];
  setFees: Dispatch<SetStateAction<FeeRecord[]>>;
  /** Records matching the filters (all pages). */
  total: number;
  /** True until the first answer. */
  loading: boolean;
  /** True while any request runs. */
  fetching: boolean;
  reload: () => Promise<void>;
  live: LiveStatus;
  /** Paging and sorting for `<DataTable server={...}>`. */
  server: DataTableServerState;
}

/** Loads the page for `filters` and keeps it fresh. */
export function useFeeList(filters: FeeFilters): FeeList {
  const onAuthFailure = useHandleAuthFailure();
  const { rows, setRows, total, loading, fetching, reload, beginMutation, server } = useServerTable<
    FeeRecord,
    FeeFilters
  >({
    fetchPage: listFeesPage,
    filters,
    sortFields: FEE_SORT_FIELDS,
    onError: onAuthFailure,
    takePrefetched: feesPrimer.take,
    peekPrefetched: feesPrimer.peek,
  });
  const setFees = useCallback<Dispatch<SetStateAction<FeeRecord[]>>>(
    (update) => {
      beginMutation();
      setRows(update);
    },
    [beginMutation, setRows],
  );
  const live = useLiveEvents(LIVE_EVENTS, () => void reload(), { throttleMs: 1000 });
  return { fees: rows, setFees, total, loading, fetching, reload, live, server };
}
