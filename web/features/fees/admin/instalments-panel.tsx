/**
 * A fee record's instalments (docs/product.md#fee-plans): line and number, due date, amount, paid, remaining and
 * status (paid, partially paid, due, overdue, upcoming), the overdue amount, and the student's discount with a form
 * to set or clear it (amount or percent, with a reason; only with `fees.write`). Shown in the record's Payments dialog.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/lazy-toast";
import { formatEgp, formatNumber, formatSchoolDay } from "~/lib/format";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { setDiscount, type FeeRecord } from "./fees-api";

const VARIANT: Record<string, "success" | "warning" | "destructive" | "secondary" | "outline"> = {
  paid: "success",
  partially_paid: "warning",
  due: "warning",
  overdue: "destructive",
  upcoming: "secondary",
};

/**
 * The instalments table and the discount of `fee`; `onChanged` gets the record after a discount change, which is
 * offered only when `canWrite`.
 */
export function InstalmentsPanel({
  fee,
  lang,
  onChanged,
  canWrite,
}: {
  fee: FeeRecord;
  lang: string;
  onChanged: (fee: FeeRecord) => void;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  if (!fee.instalments.length)
    return (
      <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
        {t("fees.instalments.none")}
      </p>
    );
  return (
    <section aria-labelledby="instalments-title" className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="instalments-title" className="text-sm font-semibold">
          {t("fees.instalments.title")}
        </h3>
        {fee.overdue_amount > 0 && (
          <span className="text-sm font-semibold text-destructive" data-testid="overdue-amount">
            {t("fees.instalments.overdueTotal", { amount: formatEgp(fee.overdue_amount, lang) })}
          </span>
        )}
      </div>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("fees.instalments.title")}</caption>
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("fees.instalments.instalment")}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("fees.instalments.dueDate")}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-semibold">
                {t("fees.instalments.amount")}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-semibold">
                {t("fees.instalments.paid")}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-semibold">
                {t("fees.instalments.remaining")}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("fees.instalments.status")}
              </th>
            </tr>
          </thead>
          <tbody>
            {fee.instalments.map((i) => (
              <tr key={`${i.line}-${i.no}`} className="border-t" data-instalment-status={i.status}>
                <th scope="row" className="px-3 py-2 text-start font-medium whitespace-nowrap">
                  <span dir="auto">{lang === "en" && i.line_en ? i.line_en : i.line}</span> {formatNumber(i.no, lang)}
                </th>
                <td className="px-3 py-2 whitespace-nowrap">{formatSchoolDay(i.due_date, lang)}</td>
                <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">{formatEgp(i.amount, lang)}</td>
                <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">{formatEgp(i.paid, lang)}</td>
                <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">{formatEgp(i.remaining, lang)}</td>
                <td className="px-3 py-2">
                  <Badge variant={VARIANT[i.status] ?? "secondary"}>{t(`fees.instalments.statuses.${i.status}`)}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DiscountForm fee={fee} lang={lang} onChanged={onChanged} canWrite={canWrite} />
    </section>
  );
}

function DiscountForm({
  fee,
  lang,
  onChanged,
  canWrite,
}: {
  fee: FeeRecord;
  lang: string;
  onChanged: (fee: FeeRecord) => void;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<"amount" | "percent">(fee.discount?.percent != null ? "percent" : "amount");
  const [value, setValue] = useState(fee.discount ? String(fee.discount.percent ?? fee.discount.amount) : "");
  const [reason, setReason] = useState(fee.discount?.reason ?? "");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      onChanged(
        await setDiscount(fee.student_no, { kind, value: value.trim() || "0", reason }, fee.academic_year_name),
      );
      toast.success(t("fees.discount.saved"));
      setOpen(false);
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(failureText(err, t("fees.discount.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="text-muted-foreground">
        {fee.discount
          ? t("fees.discount.current", {
              amount: formatEgp(fee.discount.amount, lang),
              percent: fee.discount.percent != null ? ` (${formatNumber(fee.discount.percent, lang)}%)` : "",
              reason: fee.discount.reason,
            })
          : t("fees.discount.none")}
      </span>
      {!canWrite ? null : !open ? (
        <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
          {t("fees.discount.edit")}
        </Button>
      ) : (
        <form
          onSubmit={(e) => void submit(e)}
          className="grid w-full gap-2 rounded-lg border bg-muted/30 p-3 sm:grid-cols-[8rem_8rem_1fr_auto] sm:items-end"
        >
          <div className="grid gap-1">
            <Label htmlFor="discount-kind" className="text-xs">
              {t("fees.discount.kind")}
            </Label>
            <select
              id="discount-kind"
              value={kind}
              onChange={(e) => setKind(e.target.value as "amount" | "percent")}
              className="h-9 rounded-md border bg-background px-2"
            >
              <option value="amount">{t("fees.discount.amount")}</option>
              <option value="percent">{t("fees.discount.percent")}</option>
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="discount-value" className="text-xs">
              {t("fees.discount.value")}
            </Label>
            <Input id="discount-value" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="discount-reason" className="text-xs">
              {t("fees.discount.reason")}
            </Label>
            <Input
              id="discount-reason"
              dir="auto"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={200}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={busy} aria-busy={busy || undefined}>
              {t("fees.discount.save")}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
              {t("fees.discount.cancel")}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
