/**
 * The inline edit of a fee record's total and paid amounts (docs/product.md#fees): validate → confirm → `PUT`,
 * optimistic (the row changes at once and reverts on failure, the failure told by its reason in the admin's
 * language, the draft reopened).
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { updateFee, type FeeRecord } from "./fees-api";
import { parseEdit } from "./fee-editors";
import { withAmounts } from "./fee-money";
import type { FeeRowKit } from "./fee-row-kit";
import { feeRowKey } from "./fee-row-state";

/** `requestSave` opens the confirmation of the row's edit; `saveEdit` sends the confirmed amounts. */
export function useFeeEdit({ editor, setEditor, setConfirm, mark, putRow, reload }: FeeRowKit) {
  const { t } = useTranslation();
  const { messageText, failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();

  const requestSave = useCallback(
    (fee: FeeRecord) => {
      if (editor?.mode !== "edit") return;
      const parsed = parseEdit(editor);
      if (!parsed.ok) return setEditor({ ...editor, error: messageText(parsed.issue) });
      setConfirm({ kind: "save", fee, total: parsed.total, paid: parsed.paid });
    },
    [editor, setEditor, setConfirm, messageText],
  );

  const saveEdit = useCallback(
    async (fee: FeeRecord, total: number, paid: number) => {
      const draft = editor;
      setEditor(null);
      putRow(feeRowKey(fee), withAmounts(fee, total, paid));
      mark(feeRowKey(fee), true);
      try {
        const saved = await updateFee(
          fee.student_no,
          { total_amount: total, paid_amount: paid },
          fee.academic_year_name,
        );
        putRow(feeRowKey(fee), saved);
        toast.success(t("fees.toast.updated"));
      } catch (err) {
        putRow(feeRowKey(fee), fee);
        if (onAuthFailure(err)) return;
        void reload();
        toast.error(failureText(err, t("fees.errors.updateFailed"), t("fees.errors.updateNetwork")));
        setEditor((cur) => cur ?? draft);
      } finally {
        mark(feeRowKey(fee), false);
      }
    },
    [editor, setEditor, putRow, mark, onAuthFailure, reload, failureText, t],
  );

  return { requestSave, saveEdit };
}
