/**
 * "Settle" for a refund Paymob reported that could not be recorded (docs/product.md#online-payments, "Refunds not
 * recorded"): the office says how it settled it by hand (its note goes into the audit log); the refund then leaves
 * the list and a later report of it adds nothing. Nothing on any account changes here.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SETTLE_NOTE_MAX } from "@worker/contracts/online-payments";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/lazy-toast";
import { Textarea } from "~/components/ui/textarea";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { formatEgp } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";
import { settleUnrecordedRefund, type OnlinePayment, type UnrecordedRefund } from "./online-payments-api";

/** The refund being settled, with its payment; null when the dialog is closed. */
export type Settling = { payment: OnlinePayment; refund: UnrecordedRefund } | null;

/** The dialog; `onSettled` runs after the server settled it (the page reloads its list). */
export function SettleRefundDialog({
  settling,
  onClose,
  onSettled,
}: {
  settling: Settling;
  onClose: () => void;
  onSettled: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const id = useId();
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setNote("");
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!settling) return;
    if (!note.trim()) return setError(t("onlinePayments.settle.noteRequired"));
    setBusy(true);
    try {
      await settleUnrecordedRefund(settling.refund.transaction_id, note.trim());
      toast.success(t("onlinePayments.settle.done"));
      close();
      onSettled();
    } catch (err) {
      if (!onAuthFailure(err)) setError(failureText(err, t("onlinePayments.settle.failed")));
    } finally {
      setBusy(false);
    }
  };

  const lang = i18n.language;
  return (
    <ConfirmDialog
      open={settling !== null}
      onOpenChange={(open) => !open && close()}
      title={t("onlinePayments.settle.title")}
      description={t("onlinePayments.settle.description")}
      details={
        settling && (
          <>
            <bdi>{settling.payment.full_name}</bdi> ·{" "}
            {t("onlinePayments.table.unrecorded", { amount: formatEgp(settling.refund.amount, lang) })} (
            {t(`onlinePayments.table.unrecordedReasons.${settling.refund.reason}`)})
          </>
        )
      }
      confirmLabel={t("onlinePayments.settle.confirm")}
      cancelLabel={t("onlinePayments.settle.cancel")}
      busy={busy}
      onConfirm={() => void confirm()}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>{t("onlinePayments.settle.note")}</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={SETTLE_NOTE_MAX}
          rows={3}
          placeholder={t("onlinePayments.settle.placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setNote(e.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
