/**
 * The row actions of the Fees page (docs/product.md#fees, #payments-and-receipts), put together from their parts:
 * the shared editor and confirmation state (./fee-row-kit.ts), the inline edit (./use-fee-edit.ts), the inline
 * payment with its Idempotency-Key (./use-fee-payment.ts) and the delete (./use-fee-delete.ts). The cells reach
 * them through FeeRowsContext; the page gets the confirmation to show and what confirming it does.
 */
import { useCallback, useMemo, type Dispatch, type SetStateAction } from "react";
import type { FeeRecord, Payment } from "./fees-api";
import { editEditorOf, withDraft, withRemaining } from "./fee-editors";
import { useFeeRowKit } from "./fee-row-kit";
import type { FeeRowsApi } from "./fee-row-state";
import { useFeeDelete } from "./use-fee-delete";
import { useFeeEdit } from "./use-fee-edit";
import { useFeePayment } from "./use-fee-payment";

export type { PendingConfirm } from "./fee-editors";

interface Options {
  setFees: Dispatch<SetStateAction<FeeRecord[]>>;
  /** Reloads the list: after a failed write the server's state is the truth (a lost answer may have committed). */
  reload: () => Promise<void>;
  lang: string;
  /** What the role may do, for the cells (FeeRowsApi). */
  canWrite: boolean;
  canPrint: boolean;
  openPayments: (fee: FeeRecord) => void;
  openReceipt: (fee: FeeRecord, payment: Payment) => void;
}

/** Editors, confirmations and mutations of the Fees table. */
export function useFeeActions({ setFees, reload, lang, canWrite, canPrint, openPayments, openReceipt }: Options) {
  const kit = useFeeRowKit(setFees, reload, lang);
  const { editor, setEditor, confirm, setConfirm, pending } = kit;
  const { requestSave, saveEdit } = useFeeEdit(kit);
  const { startPayment, requestPayment, savePayment } = useFeePayment(kit);
  const { removeFee, deleting } = useFeeDelete(kit);

  const rowsApi: FeeRowsApi = useMemo(
    () => ({
      editor,
      pending,
      lang,
      canWrite,
      canPrint,
      openPayments,
      openReceipt,
      startEdit: (fee) => setEditor(editEditorOf(fee)),
      startPayment: (fee) => void startPayment(fee),
      updateDraft: (patch) => setEditor((ed) => withDraft(ed, patch)),
      cancel: () => setEditor(null),
      fillRemaining: (fee) => setEditor((ed) => withRemaining(ed, fee)),
      openDelete: (fee) => setConfirm({ kind: "delete", fee }),
      requestSave,
      requestPayment: (fee) => void requestPayment(fee),
    }),
    [
      editor,
      pending,
      lang,
      canWrite,
      canPrint,
      openPayments,
      openReceipt,
      setEditor,
      setConfirm,
      startPayment,
      requestSave,
      requestPayment,
    ],
  );

  /** Runs the confirmed action; the confirmation closes at once for the optimistic ones. */
  const onConfirm = useCallback(() => {
    if (!confirm) return;
    if (confirm.kind === "delete") return void removeFee(confirm.fee);
    setConfirm(null);
    if (confirm.kind === "save") void saveEdit(confirm.fee, confirm.total, confirm.paid);
    else void savePayment(confirm.fee, confirm.amount, confirm.key);
  }, [confirm, setConfirm, removeFee, saveEdit, savePayment]);

  return { rowsApi, confirm, setConfirm, onConfirm, deleting, closeEditor: () => setEditor(null) };
}
