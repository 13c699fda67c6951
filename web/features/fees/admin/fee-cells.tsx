/**
 * Cells of the Fees table (docs/product.md#fees): EGP amounts (Intl), the status badge (paid green,
 * partially_paid amber, not_paid red, "unknown" when missing), and the row's inline editors: total/paid inputs
 * with Save/Cancel, and the payment entry (amount + Full-Paid in the Remaining Amount cell, Save Payment and
 * Cancel in Actions), so the row keeps the table's width.
 */
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { EllipsisVertical, FileText, History, Pencil, Trash2 } from "lucide-react";
import { statementHref } from "~/features/print/admin/print-links";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatEgp, formatSchoolDay } from "~/lib/format";
import { cn } from "~/lib/utils";
import { updateFeeSchema } from "@worker/contracts/fees";
import type { FeeRecord } from "./fees-api";
import { remainingOf, toEgp, toPiastres } from "./fee-money";
import { feeRowKey, useFeeRows } from "./fee-row-state";

const STATUS_VARIANT: Record<string, "success" | "warning" | "destructive" | "secondary"> = {
  paid: "success",
  partially_paid: "warning",
  not_paid: "destructive",
  pending: "warning",
  overdue: "destructive",
};

/** The status as a coloured badge; a missing or unknown status reads "unknown". */
export function FeeStatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  const key = status && STATUS_VARIANT[status] ? status : "unknown";
  return (
    <Badge variant={STATUS_VARIANT[key] ?? "secondary"} data-status={key}>
      {t(`fees.status.${key}`)}
    </Badge>
  );
}

/** An amount in EGP. */
export function Money({ value, className }: { value: number | null | undefined; className?: string }) {
  const { lang } = useFeeRows();
  return (
    <span className={cn("tabular-nums", className)}>
      {typeof value === "number" && Number.isFinite(value) ? formatEgp(value, lang) : "—"}
    </span>
  );
}

/** Enter submits and Escape cancels an inline editor. */
function editorKeys(onEnter: () => void, onEscape: () => void) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      onEnter();
    } else if (e.key === "Escape") {
      e.preventDefault();
      onEscape();
    }
  };
}

/** An EGP text input (Arabic-Indic digits accepted; the schema normalises them). */
function AmountInput({
  label,
  placeholder,
  value,
  onChange,
  onKeyDown,
  invalid,
  autoFocus,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (v: string) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  invalid?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <div className="min-w-20 flex-1" dir="ltr">
      <Input
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        inputMode="decimal"
        autoComplete="off"
        autoFocus={autoFocus}
        aria-invalid={invalid || undefined}
        className="h-8 px-2 text-end tabular-nums"
      />
    </div>
  );
}

/** Total or paid amount: text, or an input while the row is in edit mode. */
export function AmountCell({ fee, field }: { fee: FeeRecord; field: "total" | "paid" }) {
  const { t } = useTranslation();
  const rows = useFeeRows();
  const ed = rows.editor?.rowKey === feeRowKey(fee) ? rows.editor : null;
  if (ed?.mode === "edit") {
    return (
      <AmountInput
        label={t(field === "total" ? "fees.inline.totalLabel" : "fees.inline.paidLabel", { name: fee.full_name })}
        value={ed[field]}
        onChange={(v) => rows.updateDraft({ [field]: v })}
        onKeyDown={editorKeys(() => rows.requestSave(fee), rows.cancel)}
        invalid={!!ed.error}
        autoFocus={field === "total"}
      />
    );
  }
  return <Money value={field === "total" ? fee.total_amount : fee.paid_amount} />;
}

/**
 * Remaining amount; follows the draft while the row is being edited. In payment mode this cell holds the payment
 * entry: the amount input, Full-Paid (fills in the remaining amount) and the validation message.
 */
export function RemainingCell({ fee }: { fee: FeeRecord }) {
  const { t } = useTranslation();
  const rows = useFeeRows();
  const ed = rows.editor?.rowKey === feeRowKey(fee) ? rows.editor : null;
  let value = remainingOf(fee);
  if (ed?.mode === "pay") {
    return (
      <div className="ms-auto grid w-28 gap-0.5 py-1 text-start">
        <AmountInput
          label={t("fees.inline.paymentLabel", { name: fee.full_name })}
          placeholder={t("fees.inline.paymentPlaceholder")}
          value={ed.amount}
          onChange={(amount) => rows.updateDraft({ amount })}
          onKeyDown={editorKeys(() => rows.requestPayment(fee), rows.cancel)}
          invalid={!!ed.error}
          autoFocus
        />
        {ed.error ? (
          <p role="alert" className="text-xs whitespace-normal text-destructive">
            {ed.error}
          </p>
        ) : (
          <p className="text-[11px] whitespace-normal text-muted-foreground">
            {t("fees.inline.remainingHint", { amount: formatEgp(value, rows.lang) })}
          </p>
        )}
        <Button
          size="sm"
          variant="link"
          className="h-6 justify-start px-0 text-xs"
          onClick={() => rows.fillRemaining(fee)}
        >
          {t("fees.actions.fullPaid")}
        </Button>
      </div>
    );
  }
  if (ed?.mode === "edit") {
    const parsed = updateFeeSchema.safeParse({ total_amount: ed.total, paid_amount: ed.paid });
    if (parsed.success) value = toEgp(toPiastres(parsed.data.total_amount) - toPiastres(parsed.data.paid_amount));
  }
  const overdue = fee.overdue_amount ?? 0;
  // Under the amount: what of it is overdue (docs/product.md#fee-plans), else when the next instalment falls due. The
  // note may wrap (the column is no wider than its amount needs), so the eight columns fit beside the sidebar at 1280 px.
  const note = ed ? null : overdue > 0 ? (
    <span className="text-xs font-medium whitespace-normal text-destructive">
      {t("fees.overdueAmount", { amount: formatEgp(overdue, rows.lang) })}
    </span>
  ) : fee.next_due_date && value > 0 ? (
    <span className="text-xs whitespace-normal text-muted-foreground">
      {t("fees.nextDue", { date: formatSchoolDay(fee.next_due_date, rows.lang) })}
    </span>
  ) : null;
  return (
    <div className="grid justify-items-end gap-0.5">
      <Money value={value} className={value > 0 ? "font-semibold" : "text-muted-foreground"} />
      {note}
    </div>
  );
}

/**
 * The Actions cell: Add Payment, Edit and a menu (Payments, Statement, Delete); Save/Cancel of the edit and payment
 * modes. Only what the role may do is offered: a role that only reads keeps the menu's Payments.
 */
export function ActionsCell({ fee }: { fee: FeeRecord }) {
  const { t } = useTranslation();
  const rows = useFeeRows();
  const ed = rows.editor?.rowKey === feeRowKey(fee) ? rows.editor : null;
  const busy = rows.pending.has(feeRowKey(fee));

  if (ed) {
    const pay = ed.mode === "pay";
    return (
      <div className="grid gap-1.5 py-1">
        <div className="flex gap-2">
          <Button size="sm" onClick={() => (pay ? rows.requestPayment(fee) : rows.requestSave(fee))}>
            {pay ? t("fees.actions.savePayment") : t("fees.actions.save")}
          </Button>
          <Button size="sm" variant="ghost" onClick={rows.cancel}>
            {t("fees.actions.cancel")}
          </Button>
        </div>
        {!pay && ed.error && (
          <p role="alert" className="max-w-52 text-xs whitespace-normal text-destructive">
            {ed.error}
          </p>
        )}
      </div>
    );
  }

  const settled = remainingOf(fee) <= 0;
  const { canWrite, canPrint } = rows;
  return (
    <div className="flex items-center gap-1">
      {canWrite && (
        <>
          <Button
            size="sm"
            variant="outline"
            className="me-0.5"
            disabled={busy || settled}
            onClick={() => rows.startPayment(fee)}
          >
            {t("fees.actions.addPayment")}
          </Button>
          <Button
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={t("fees.actions.edit")}
            title={t("fees.actions.edit")}
            disabled={busy}
            onClick={() => rows.startEdit(fee)}
          >
            <Pencil aria-hidden="true" />
          </Button>
        </>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={t("fees.actions.more", { name: fee.full_name })}
            title={t("fees.actions.more", { name: fee.full_name })}
          >
            <EllipsisVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => rows.openPayments(fee)}>
            <History aria-hidden="true" />
            {t("fees.actions.payments")}
          </DropdownMenuItem>
          {canPrint && (
            <DropdownMenuItem asChild>
              <a href={statementHref(fee.student_no)} target="_blank" rel="noopener">
                <FileText aria-hidden="true" />
                {t("fees.actions.statement")}
              </a>
            </DropdownMenuItem>
          )}
          {canWrite && (
            <DropdownMenuItem variant="destructive" disabled={busy} onSelect={() => rows.openDelete(fee)}>
              <Trash2 aria-hidden="true" />
              {t("fees.actions.delete")}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
