/**
 * Deleting a fee record (docs/product.md#fees): not optimistic, the list changes once the server has deleted it
 * (the server refuses a record with receipts, and the page says so before the admin confirms).
 */
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { deleteFee, type FeeRecord } from "./fees-api";
import type { FeeRowKit } from "./fee-row-kit";
import { feeRowKey } from "./fee-row-state";

/** `removeFee` deletes the confirmed record; `deleting` is true while the request runs (the dialog stays open). */
export function useFeeDelete({ setFees, reload, setEditor, setConfirm }: FeeRowKit) {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const [deleting, setDeleting] = useState(false);

  const removeFee = useCallback(
    async (fee: FeeRecord) => {
      setDeleting(true);
      try {
        await deleteFee(fee.student_no, fee.academic_year_name);
        setFees((rows) => rows.filter((r) => feeRowKey(r) !== feeRowKey(fee)));
        // The table holds one page: refill it from the next one.
        void reload();
        setEditor((ed) => (ed?.rowKey === feeRowKey(fee) ? null : ed));
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
    [setFees, reload, setEditor, setConfirm, onAuthFailure, failureText, t],
  );

  return { removeFee, deleting };
}
