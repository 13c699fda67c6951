/**
 * The inline payment of a fee record (docs/product.md#payments-and-receipts): entry → confirm → `POST add-payment`
 * with an Idempotency-Key, optimistic (the row changes at once and reverts on failure). A payment without a
 * definitive answer (none, or a 5xx: it may have been recorded) keeps its key for that fee record until one arrives
 * (./unsettled-payments.ts), and the record is re-read by that key before the console offers a new payment on it.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { ApiFailure } from "~/lib/api";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { formatEgp } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";
import { addPayment, findPaymentByKey, type FeeRecord, type Payment } from "./fees-api";
import { aboveRemaining, parsePayment, payEditorOf, paymentKey } from "./fee-editors";
import { remainingOf, withPayment } from "./fee-money";
import type { FeeRowKit } from "./fee-row-kit";
import { feeRowKey, newIdempotencyKey } from "./fee-row-state";
import { offerReceipt } from "./receipt-toast";
import { markUnsettled, outcomeUnknown, settle, unsettledOf } from "./unsettled-payments";

const storage = () => window.localStorage;

/**
 * Asks the server whether the payment sent with `key` was recorded. Found → the payment is settled: the list is
 * re-read and the receipt offered. Returns true (recorded), false (definitively not), null (no answer: unknown).
 */
function useCheckRecorded({ reload, lang }: FeeRowKit) {
  const { t } = useTranslation();
  return useCallback(
    async (fee: FeeRecord, key: string): Promise<boolean | null> => {
      let payment: Payment | null;
      try {
        payment = await findPaymentByKey(fee.student_no, key);
      } catch {
        return null;
      }
      if (!payment) return false;
      settle(storage(), feeRowKey(fee));
      void reload();
      const message = t("fees.toast.paymentConfirmedLater", { receipt: payment.receipt_no });
      offerReceipt(message, fee, payment, lang, t("fees.payments.printReceipt"));
      return true;
    },
    [reload, lang, t],
  );
}

type CheckRecorded = ReturnType<typeof useCheckRecorded>;

/** Opening the payment entry and turning what was typed into a confirmation. */
function usePaymentEntry({ editor, setEditor, setConfirm, mark, lang }: FeeRowKit, checkRecorded: CheckRecorded) {
  const { t } = useTranslation();
  const { messageText } = useReasonText();

  /** Opens the payment entry; after an unconfirmed payment, only once the record has been re-read by its key. */
  const startPayment = useCallback(
    async (fee: FeeRecord) => {
      const key = newIdempotencyKey();
      const open = unsettledOf(storage(), feeRowKey(fee));
      if (!open) return setEditor(payEditorOf(fee, key, null));
      mark(feeRowKey(fee), true);
      const recorded = await checkRecorded(fee, open.key);
      mark(feeRowKey(fee), false);
      // Recorded: a new payment gets a new key. Not recorded (or no answer): the same intent, the same key.
      setEditor(payEditorOf(fee, key, recorded ? null : open));
    },
    [checkRecorded, mark, setEditor],
  );

  /** Validates the payment entry and opens its confirmation, with the key that keeps one intent one payment. */
  const requestPayment = useCallback(
    async (fee: FeeRecord) => {
      if (editor?.mode !== "pay") return;
      const parsed = parsePayment(editor);
      if (!parsed.ok) return setEditor({ ...editor, error: messageText(parsed.issue) });
      const { amount } = parsed;
      const open = unsettledOf(storage(), feeRowKey(fee));
      // Another amount while an earlier payment is unconfirmed: re-read the record first. Recorded → no new payment
      // is offered on stale figures. Otherwise the earlier key goes again, so at most one of the two is recorded.
      if (open && open.amount !== amount) {
        mark(feeRowKey(fee), true);
        const recorded = await checkRecorded(fee, open.key);
        mark(feeRowKey(fee), false);
        if (recorded) return setEditor(null);
      }
      const { key, retry } = paymentKey(editor, open, amount, newIdempotencyKey);
      if (!retry && aboveRemaining(fee, amount)) {
        const error = t("fees.validation.paymentAboveRemaining", { amount: formatEgp(remainingOf(fee), lang) });
        return setEditor({ ...editor, error });
      }
      setEditor({ ...editor, key });
      setConfirm({ kind: "payment", fee, amount, key });
    },
    [editor, setEditor, setConfirm, checkRecorded, mark, messageText, lang, t],
  );

  return { startPayment, requestPayment };
}

/** Sends a confirmed payment; on failure the row reverts and the same entry (same key) reopens for a safe retry. */
function useSavePayment({ editor, setEditor, mark, putRow, reload, lang }: FeeRowKit, checkRecorded: CheckRecorded) {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  return useCallback(
    async (fee: FeeRecord, amount: number, key: string) => {
      const entry = editor?.mode === "pay" ? { ...editor, sentAmount: amount, key } : null;
      setEditor(null);
      putRow(feeRowKey(fee), withPayment(fee, amount));
      mark(feeRowKey(fee), true);
      try {
        const { fee: saved, payment } = await addPayment(fee.student_no, amount, key, fee.academic_year_name);
        settle(storage(), feeRowKey(fee));
        putRow(feeRowKey(fee), saved);
        const message = t("fees.toast.paymentAdded", { receipt: payment.receipt_no });
        offerReceipt(message, fee, payment, lang, t("fees.payments.printReceipt"));
      } catch (err) {
        putRow(feeRowKey(fee), fee);
        const unknown = outcomeUnknown(err);
        if (unknown) markUnsettled(storage(), feeRowKey(fee), { key, amount });
        if (onAuthFailure(err)) return;
        // The key was used with another amount: that key's earlier, unconfirmed payment was recorded.
        if (err instanceof ApiFailure && err.reason === "IDEMPOTENCY_MISMATCH" && (await checkRecorded(fee, key)))
          return;
        if (!unknown) settle(storage(), feeRowKey(fee));
        void reload();
        toast.error(
          failureText(err, t("fees.errors.paymentFailed"), t("fees.errors.paymentNetwork")),
          unknown ? { description: t("fees.errors.paymentUnconfirmed") } : undefined,
        );
        if (entry) setEditor((cur) => cur ?? entry);
      } finally {
        mark(feeRowKey(fee), false);
      }
    },
    [editor, setEditor, putRow, mark, onAuthFailure, reload, checkRecorded, failureText, lang, t],
  );
}

/** The payment actions of the Fees table's rows. */
export function useFeePayment(kit: FeeRowKit) {
  const checkRecorded = useCheckRecorded(kit);
  const { startPayment, requestPayment } = usePaymentEntry(kit, checkRecorded);
  const savePayment = useSavePayment(kit, checkRecorded);
  return { startPayment, requestPayment, savePayment };
}
