/**
 * Pieces of the Online payments page: the status badge (with any refund not recorded under it), the student cell
 * (a family's: each child), the receipt link.
 */
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { receiptHref } from "~/features/print/admin/print-links";
import { formatEgp } from "~/lib/format";
import { Button } from "~/components/ui/button";
import type { OnlinePayment, OnlineStatus, UnrecordedRefund } from "./online-payments-api";

const TONE = {
  pending: "warning",
  paid: "success",
  failed: "destructive",
  expired: "secondary",
} as const satisfies Record<OnlineStatus, "warning" | "success" | "destructive" | "secondary">;

/** Pending (amber), paid (green), declined (red), expired (grey). */
export function OnlineStatusBadge({ status }: { status: OnlineStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={TONE[status]} data-status={status}>
      {t(`onlinePayments.statuses.${status}`)}
    </Badge>
  );
}

/**
 * The student's name (isolated: an Arabic name keeps the page's alignment; wrapped, not cut, since an ellipsis would
 * take the start of an Arabic name on an English page), and the number under it.
 */
export function StudentCell({ p }: { p: OnlinePayment }) {
  if (p.children.length) return <FamilyCell p={p} />;
  return (
    <span className="grid min-w-0 gap-0.5">
      <span className="font-medium wrap-break-word">
        <bdi>{p.full_name}</bdi>
      </span>
      <bdi dir="ltr" className="w-fit font-mono text-xs text-muted-foreground">
        {p.student_no}
      </bdi>
    </span>
  );
}

/**
 * A family's payment for several children: "Family payment", then each child (checkout order) with its number and
 * the amount the family chose for it.
 */
function FamilyCell({ p }: { p: OnlinePayment }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="grid min-w-0 gap-1" data-family="">
      <span className="text-xs text-muted-foreground">
        {t("onlinePayments.table.family", { count: p.children.length })}
      </span>
      {p.children.map((c) => (
        <span key={c.student_no} className="grid min-w-0 gap-0.5" data-child={c.student_no}>
          <span className="font-medium wrap-break-word">
            <bdi>{c.full_name}</bdi>
          </span>
          <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
            <bdi dir="ltr" className="font-mono">
              {c.student_no}
            </bdi>
            <span className="tabular-nums">{formatEgp(c.amount, i18n.language)}</span>
          </span>
        </span>
      ))}
    </span>
  );
}

/**
 * The status badge, and under it each refund Paymob reported that could not be recorded: "Refund not recorded:
 * {amount}" and why, in red, with "Settle…" when the role may (`onSettle`; the office settles it by hand).
 */
export function StatusCell({ p, onSettle }: { p: OnlinePayment; onSettle?: (r: UnrecordedRefund) => void }) {
  const { t, i18n } = useTranslation();
  if (!p.unrecorded_refunds.length) return <OnlineStatusBadge status={p.status} />;
  return (
    <span className="grid justify-items-start gap-1">
      <OnlineStatusBadge status={p.status} />
      {p.unrecorded_refunds.map((r) => (
        // Narrow and wrapped: a long note must not widen the status column past what the table fits.
        <span
          key={r.transaction_id}
          className="max-w-36 text-xs whitespace-normal text-destructive"
          data-unrecorded-refund={r.reason}
        >
          <span className="font-medium">
            {t("onlinePayments.table.unrecorded", { amount: formatEgp(r.amount, i18n.language) })}
          </span>{" "}
          <span>({t(`onlinePayments.table.unrecordedReasons.${r.reason}`)})</span>
          {onSettle && (
            <Button
              variant="link"
              size="sm"
              className="block h-auto p-0 text-xs"
              onClick={() => onSettle(r)}
              aria-label={t("onlinePayments.settle.open", { amount: formatEgp(r.amount, i18n.language) })}
            >
              {t("onlinePayments.settle.action")}
            </Button>
          )}
        </span>
      ))}
    </span>
  );
}

/** A muted dash for a cell with nothing to show (a narrow screen lists the column's label with it). */
export const Nothing = () => (
  <span className="text-muted-foreground" aria-hidden="true">
    —
  </span>
);

/**
 * The RCP number, a link to its printed receipt when the role may print (a new tab); "Credit only" when the desk had
 * already taken all of it (no RCP row); a dash before it is paid.
 */
export function ReceiptCell({ p, canPrint }: { p: OnlinePayment; canPrint: boolean }) {
  const { t } = useTranslation();
  if (p.status !== "paid") return <Nothing />;
  if (!p.receipt_no)
    return <span className="text-xs text-muted-foreground">{t("onlinePayments.table.creditOnly")}</span>;
  const no = (
    <bdi dir="ltr" className="font-mono text-[13px]">
      {p.receipt_no}
    </bdi>
  );
  if (!canPrint) return no;
  return (
    <a
      href={receiptHref(p.receipt_no)}
      target="_blank"
      rel="noopener"
      aria-label={t("onlinePayments.table.openReceipt", { receiptNo: p.receipt_no })}
      className="text-primary underline-offset-4 hover:underline"
    >
      {no}
    </a>
  );
}
