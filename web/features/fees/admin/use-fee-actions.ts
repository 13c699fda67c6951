/**
 * The row actions of the Fees page (docs/product.md#fees, #payments-and-receipts): inline edit → confirm → `PUT`;
 * inline payment → confirm → `POST add-payment` with an Idempotency-Key; both optimistic (the row changes at once and
 * reverts on failure; the failure is told by its reason in the admin's language). Delete updates the list after the
 * server succeeds. A payment without a definitive answer (none, or a 5xx: it may have been
 * recorded) keeps its Idempotency-Key for that fee record until one arrives (./unsettled-payments.ts), and the record
 * is re-read by that key before the console offers a new payment on it.
 */
import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from "react";
import { useTranslation } from "react-i18next";
import { useReasonText } from "~/lib/reason-text";
import { toast } from "~/components/ui/lazy-toast";
import { addPaymentSchema, updateFeeSchema } from "@worker/contracts/fees";
import { formatEgp } from "~/lib/format";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { ApiFailure } from "~/lib/api";
import { addPayment, deleteFee, findPaymentByKey, updateFee, type FeeRecord, type Payment } from "./fees-api";
import { amountInputValue, remainingOf, toPiastres, withAmounts, withPayment } from "./fee-money";
import { newIdempotencyKey, type FeeRowsApi, type RowEditor } from "./fee-row-state";
import { receiptHref } from "~/features/print/admin/print-links";
import { markUnsettled, outcomeUnknown, settle, unsettledOf } from "./unsettled-payments";

const storage = () => window.localStorage;

/** What is waiting for the admin's confirmation. */
export type PendingConfirm =
  | { kind: "save"; fee: FeeRecord; total: number; paid: number }
  | { kind: "payment"; fee: FeeRecord; amount: number; key: string }
  | { kind: "delete"; fee: FeeRecord };

interface Options {
  setFees: Dispatch<SetStateAction<FeeRecord[]>>;
  /** Reloads the list: after a failed write the server's state is the truth (a lost answer may have committed). */
  reload: () => Promise<void>;
  lang: string;
  openPayments: (fee: FeeRecord) => void;
  openReceipt: (fee: FeeRecord, payment: Payment) => void;
}

/** Opens the printable receipt of a payment just recorded (the original, not a copy) in a new tab. */
function printReceipt(payment: Payment) {
  window.open(receiptHref(payment.receipt_no), "_blank", "noopener");
}

/**
 * The success toast of a write that issued a receipt (docs/product.md#payments-and-receipts): `message` names the
 * receipt, the student and amount under it, and "Print receipt" opens the original. Add Payment, a payment confirmed
 * later and Add Fee with a paid amount all offer it the same way.
 */
export function offerReceipt(
  message: string,
  fee: Pick<FeeRecord, "full_name">,
  payment: Payment,
  lang: string,
  printLabel: string,
) {
  toast.success(message, {
    description: `${fee.full_name} · ${formatEgp(payment.amount, lang)}`,
    action: { label: printLabel, onClick: () => printReceipt(payment) },
  });
}

/** Editors, confirmations and mutations of the Fees table. */
export function useFeeActions({ setFees, reload, lang, openPayments, openReceipt }: Options) {
  const { t } = useTranslation();
  const { messageText, failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const [editor, setEditor] = useState<RowEditor | null>(null);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState(false);

  const mark = useCallback((studentNo: string, on: boolean) => {
    setPending((old) => {
      const next = new Set(old);
      if (on) next.add(studentNo);
      else next.delete(studentNo);
      return next;
    });
  }, []);
  const putRow = useCallback(
    (studentNo: string, fee: FeeRecord) => setFees((rows) => rows.map((r) => (r.student_no === studentNo ? fee : r))),
    [setFees],
  );

  /**
   * Asks the server whether the payment sent with `key` was recorded. Found → the payment is settled: the list is
   * re-read and the receipt offered. Returns true (recorded), false (definitively not), null (no answer: unknown).
   */
  const checkRecorded = useCallback(
    async (fee: FeeRecord, key: string): Promise<boolean | null> => {
      let payment: Payment | null;
      try {
        payment = await findPaymentByKey(fee.student_no, key);
      } catch {
        return null;
      }
      if (!payment) return false;
      settle(storage(), fee.student_no);
      void reload();
      offerReceipt(
        t("fees.toast.paymentConfirmedLater", { receipt: payment.receipt_no }),
        fee,
        payment,
        lang,
        t("fees.payments.printReceipt"),
      );
      return true;
    },
    [reload, lang, t],
  );

  /** Opens the payment entry; after an unconfirmed payment, only once the record has been re-read by its key. */
  const startPayment = useCallback(
    async (fee: FeeRecord) => {
      const fresh = { mode: "pay" as const, studentNo: fee.student_no, amount: "", key: newIdempotencyKey() };
      const open = unsettledOf(storage(), fee.student_no);
      if (!open) return setEditor(fresh);
      mark(fee.student_no, true);
      const recorded = await checkRecorded(fee, open.key);
      mark(fee.student_no, false);
      // Recorded: a new payment gets a new key. Not recorded (or no answer): the same intent, the same key.
      setEditor(
        recorded ? fresh : { ...fresh, amount: amountInputValue(open.amount), key: open.key, sentAmount: open.amount },
      );
    },
    [checkRecorded, mark],
  );

  /** Validates the payment entry and opens its confirmation, with the key that keeps one intent one payment. */
  const requestPayment = useCallback(
    async (fee: FeeRecord) => {
      if (editor?.mode !== "pay") return;
      const parsed = addPaymentSchema.safeParse({ payment_amount: editor.amount });
      if (!parsed.success) {
        setEditor({ ...editor, error: messageText(parsed.error.issues[0]?.message) });
        return;
      }
      const amount = parsed.data.payment_amount;
      const open = unsettledOf(storage(), fee.student_no);
      // Another amount while an earlier payment is unconfirmed: re-read the record first. Recorded → no new payment
      // is offered on stale figures. Otherwise the earlier key goes again, so at most one of the two is recorded.
      if (open && open.amount !== amount) {
        mark(fee.student_no, true);
        const recorded = await checkRecorded(fee, open.key);
        mark(fee.student_no, false);
        if (recorded) return setEditor(null);
      }
      // Same entry, same amount → same key (a retry); a changed amount is a new request.
      const retry = editor.sentAmount === amount || open?.amount === amount;
      const key = open?.key ?? (editor.sentAmount === undefined || retry ? editor.key : newIdempotencyKey());
      // A retry may concern a payment the server already recorded (the row then looks settled): the server
      // answers it with the first payment, so only a new request is checked against the remaining amount.
      if (!retry && toPiastres(amount) > toPiastres(remainingOf(fee))) {
        setEditor({
          ...editor,
          error: t("fees.validation.paymentAboveRemaining", { amount: formatEgp(remainingOf(fee), lang) }),
        });
        return;
      }
      setEditor({ ...editor, key });
      setConfirm({ kind: "payment", fee, amount, key });
    },
    [editor, checkRecorded, mark, messageText, lang, t],
  );

  const rowsApi: FeeRowsApi = useMemo(
    () => ({
      editor,
      pending,
      lang,
      openPayments,
      openReceipt,
      startEdit: (fee) =>
        setEditor({
          mode: "edit",
          studentNo: fee.student_no,
          total: amountInputValue(fee.total_amount),
          paid: amountInputValue(fee.paid_amount),
        }),
      startPayment: (fee) => void startPayment(fee),
      updateDraft: (patch) => setEditor((ed) => (ed ? ({ ...ed, ...patch, error: undefined } as RowEditor) : ed)),
      cancel: () => setEditor(null),
      fillRemaining: (fee) =>
        setEditor((ed) =>
          ed?.mode === "pay" ? { ...ed, amount: amountInputValue(remainingOf(fee)), error: undefined } : ed,
        ),
      openDelete: (fee) => setConfirm({ kind: "delete", fee }),
      requestSave: (fee) => {
        if (editor?.mode !== "edit") return;
        const parsed = updateFeeSchema.safeParse({ total_amount: editor.total, paid_amount: editor.paid });
        if (!parsed.success) {
          setEditor({ ...editor, error: messageText(parsed.error.issues[0]?.message) });
          return;
        }
        setConfirm({ kind: "save", fee, total: parsed.data.total_amount, paid: parsed.data.paid_amount });
      },
      requestPayment: (fee) => void requestPayment(fee),
    }),
    [editor, pending, lang, openPayments, openReceipt, startPayment, requestPayment, messageText],
  );

  const saveEdit = useCallback(
    async (fee: FeeRecord, total: number, paid: number) => {
      const draft = editor;
      setEditor(null);
      putRow(fee.student_no, withAmounts(fee, total, paid));
      mark(fee.student_no, true);
      try {
        const saved = await updateFee(fee.student_no, { total_amount: total, paid_amount: paid });
        putRow(fee.student_no, saved);
        toast.success(t("fees.toast.updated"));
      } catch (err) {
        putRow(fee.student_no, fee);
        if (onAuthFailure(err)) return;
        void reload();
        toast.error(failureText(err, t("fees.errors.updateFailed"), t("fees.errors.updateNetwork")));
        setEditor((cur) => cur ?? draft);
      } finally {
        mark(fee.student_no, false);
      }
    },
    [editor, putRow, mark, onAuthFailure, reload, failureText, t],
  );

  const savePayment = useCallback(
    async (fee: FeeRecord, amount: number, key: string) => {
      const entry = editor?.mode === "pay" ? { ...editor, sentAmount: amount, key } : null;
      setEditor(null);
      putRow(fee.student_no, withPayment(fee, amount));
      mark(fee.student_no, true);
      try {
        const { fee: saved, payment } = await addPayment(fee.student_no, amount, key);
        settle(storage(), fee.student_no);
        putRow(fee.student_no, saved);
        offerReceipt(
          t("fees.toast.paymentAdded", { receipt: payment.receipt_no }),
          fee,
          payment,
          lang,
          t("fees.payments.printReceipt"),
        );
      } catch (err) {
        putRow(fee.student_no, fee);
        const unknown = outcomeUnknown(err);
        if (unknown) markUnsettled(storage(), fee.student_no, { key, amount });
        if (onAuthFailure(err)) return;
        // The key was used with another amount: that key's earlier, unconfirmed payment was recorded.
        if (err instanceof ApiFailure && err.reason === "IDEMPOTENCY_MISMATCH" && (await checkRecorded(fee, key)))
          return;
        if (!unknown) settle(storage(), fee.student_no);
        void reload();
        toast.error(
          failureText(err, t("fees.errors.paymentFailed"), t("fees.errors.paymentNetwork")),
          unknown ? { description: t("fees.errors.paymentUnconfirmed") } : undefined,
        );
        // Reopen the same entry (same key) so "Save Payment" again is a safe retry.
        if (entry) setEditor((cur) => cur ?? entry);
      } finally {
        mark(fee.student_no, false);
      }
    },
    [editor, putRow, mark, onAuthFailure, reload, checkRecorded, failureText, lang, t],
  );

  const removeFee = useCallback(
    async (fee: FeeRecord) => {
      setDeleting(true);
      try {
        await deleteFee(fee.student_no);
        setFees((rows) => rows.filter((r) => r.student_no !== fee.student_no));
        // The table holds one page: refill it from the next one.
        void reload();
        setEditor((ed) => (ed?.studentNo === fee.student_no ? null : ed));
        toast.success(t("fees.toast.deleted"));
        setConfirm(null);
      } catch (err) {
        setConfirm(null);
        if (onAuthFailure(err)) return;
        toast.error(failureText(err, t("fees.errors.deleteFailed"), t("fees.errors.deleteNetwork")));
      } finally {
        setDeleting(false);
      }
    },
    [setFees, reload, onAuthFailure, failureText, t],
  );

  /** Runs the confirmed action; the confirmation closes at once for the optimistic ones. */
  const onConfirm = useCallback(() => {
    if (!confirm) return;
    if (confirm.kind === "delete") return void removeFee(confirm.fee);
    setConfirm(null);
    if (confirm.kind === "save") void saveEdit(confirm.fee, confirm.total, confirm.paid);
    else void savePayment(confirm.fee, confirm.amount, confirm.key);
  }, [confirm, removeFee, saveEdit, savePayment]);

  return { rowsApi, confirm, setConfirm, onConfirm, deleting, closeEditor: () => setEditor(null) };
}
