/**
 * The state the Fees table's row actions share (docs/product.md#fees): the one open editor, the confirmation
 * waiting for the admin, and the rows with a request in flight. The edit, payment and delete hooks each take this
 * kit, so each can change the row and its editor the same way without owning them.
 */
import { useCallback, useState, type Dispatch, type SetStateAction } from "react";
import type { FeeRecord } from "./fees-api";
import { toggled, type PendingConfirm } from "./fee-editors";
import { feeRowKey, type RowEditor } from "./fee-row-state";

export interface FeeRowKit {
  editor: RowEditor | null;
  setEditor: Dispatch<SetStateAction<RowEditor | null>>;
  confirm: PendingConfirm | null;
  setConfirm: Dispatch<SetStateAction<PendingConfirm | null>>;
  /** Rows with a request in flight (their actions are disabled). */
  pending: ReadonlySet<string>;
  mark: (rowKey: string, on: boolean) => void;
  /** Shows `fee` as the row of `rowKey` (`feeRowKey`): the optimistic record, the server's, or the old one back. */
  putRow: (rowKey: string, fee: FeeRecord) => void;
  setFees: Dispatch<SetStateAction<FeeRecord[]>>;
  /** Reloads the list: after a failed write the server's state is the truth (a lost answer may have committed). */
  reload: () => Promise<void>;
  lang: string;
}

/** The shared state of the row actions over the page's list. */
export function useFeeRowKit(
  setFees: Dispatch<SetStateAction<FeeRecord[]>>,
  reload: () => Promise<void>,
  lang: string,
): FeeRowKit {
  const [editor, setEditor] = useState<RowEditor | null>(null);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const mark = useCallback((rowKey: string, on: boolean) => setPending((old) => toggled(old, rowKey, on)), []);
  const putRow = useCallback(
    (rowKey: string, fee: FeeRecord) => setFees((rows) => rows.map((r) => (feeRowKey(r) === rowKey ? fee : r))),
    [setFees],
  );
  return { editor, setEditor, confirm, setConfirm, pending, mark, putRow, setFees, reload, lang };
}
