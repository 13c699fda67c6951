/**
 * The "Payments" dialog of a fee record (docs/product.md#payments-and-receipts): receipt number with its source (desk
 * or online, docs/product.md#online-payments), amount and date of every payment row, oldest first, each with its receipt
 * (shown here) and a Reprint (the printed copy, docs/product.md#printing, at the receipt width this browser
 * remembers); the record's Statement. Uses the payments that came with the list row and refreshes them from
 * `GET /api/fees/{student_no}/payments` when opened. Receipts, reprints and the statement need `print.statements`,
 * the discount `fees.write` (docs/product.md#staff-and-roles): a role without them reads the payments and
 * instalments only.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileText, Globe, Printer } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { formatEgp, formatSchoolDateTime, localDigits } from "~/lib/format";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { listPayments, type FeeRecord, type Payment } from "./fees-api";
import { FeeStatusBadge } from "./fee-cells";
import { InstalmentsPanel } from "./instalments-panel";
import { allocationText } from "./receipt-dialog";
import { FilterSelect } from "~/components/data-table/list-filters";
import { FeeYears } from "./fee-years";
import {
  receiptHref,
  statementHref,
  receiptWidthOf,
  storedReceiptWidth,
  storeReceiptWidth,
  type ReceiptWidth,
} from "~/features/print/admin/print-links";

interface PaymentsDialogProps {
  fee: FeeRecord | null;
  lang: string;
  /** The record after a change made here (a discount). */
  onChanged: (fee: FeeRecord) => void;
  onOpenChange: (open: boolean) => void;
  onReceipt: (fee: FeeRecord, payment: Payment) => void;
  /** The role may change the discount (`fees.write`). */
  canWrite: boolean;
  /** The role may show and print receipts and the statement (`print.statements`). */
  canPrint: boolean;
}

/** The payments of one fee record; open while `fee` is set. */
export function PaymentsDialog({
  fee,
  lang,
  onOpenChange,
  onReceipt,
  onChanged,
  canWrite,
  canPrint,
}: PaymentsDialogProps) {
  const { t } = useTranslation();
  const onAuthFailure = useHandleAuthFailure();
  const [fetched, setFetched] = useState<{ studentNo: string; payments: Payment[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState<ReceiptWidth>("a5");
  // The remembered width is read after hydration: the server cannot see this browser's storage.
  useEffect(() => setWidth(storedReceiptWidth()), []);
  const studentNo = fee?.student_no;
  const year = fee?.academic_year_name;

  useEffect(() => {
    if (!studentNo) return;
    let live = true;
    setFailed(false);
    listPayments(studentNo, year).then(
      (payments) => live && setFetched({ studentNo, payments }),
      (err) => live && !onAuthFailure(err) && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [studentNo, year, onAuthFailure]);

  const payments = fetched && fetched.studentNo === studentNo ? fetched.payments : fee?.payments;
  const loading = !payments && !failed;

  return (
    <Dialog open={!!fee} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-3xl" closeLabel={t("fees.payments.close")}>
        <DialogHeader>
          <DialogTitle>{t("fees.payments.title")}</DialogTitle>
          <DialogDescription>
            {fee && (
              <>
                <span dir="auto">{fee.full_name}</span> · <span dir="ltr">{fee.student_no}</span>
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {fee && (
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
            <Figure label={t("fees.years.year")} value={localDigits(fee.academic_year_name, lang)} />
            <Figure label={t("fees.columns.total")} value={formatEgp(fee.total_amount, lang)} />
            <Figure label={t("fees.columns.paid")} value={formatEgp(fee.paid_amount, lang)} />
            <Figure label={t("fees.columns.remaining")} value={formatEgp(fee.remaining, lang)} />
            <FeeStatusBadge status={fee.status} />
          </div>
        )}
        {fee && <FeeYears studentNo={fee.student_no} shown={fee.academic_year_name} lang={lang} />}
        {fee && <InstalmentsPanel fee={fee} lang={lang} onChanged={onChanged} canWrite={canWrite} />}
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("fees.payments.title")}</caption>
            <thead className="bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("fees.payments.receiptNo")}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-semibold">
                  {t("fees.payments.amount")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("fees.payments.date")}
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t("fees.payments.receipt")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loading &&
                [0, 1].map((i) => (
                  <tr key={i} className="border-t">
                    <td colSpan={4} className="px-3 py-3">
                      <Skeleton className="h-4 w-full" />
                    </td>
                  </tr>
                ))}
              {!loading && (payments?.length ?? 0) === 0 && (
                <tr className="border-t">
                  <td colSpan={4} className="px-3 py-8 text-center text-muted-foreground">
                    {failed ? t("fees.payments.loadFailed") : t("fees.payments.none")}
                  </td>
                </tr>
              )}
              {payments?.map((p) => (
                <tr key={p.id} className="border-t">
                  <th scope="row" className="px-3 py-2 text-start font-mono text-[13px] font-medium" dir="ltr">
                    {/* The source goes under the number when the dialog is narrow, keeping the amount in view. */}
                    <span className="me-2 whitespace-nowrap">{p.receipt_no}</span>
                    <SourceBadge source={p.source} />
                    {p.kind === "adjustment" && (
                      <Badge variant="secondary" className="ms-2 font-sans">
                        {t("fees.payments.adjustment")}
                      </Badge>
                    )}
                    {p.allocations?.length ? (
                      <span
                        className="block font-sans text-xs font-normal whitespace-normal text-muted-foreground"
                        dir={lang === "ar" ? "rtl" : "ltr"}
                      >
                        {allocationText(p.allocations, lang)}
                      </span>
                    ) : null}
                  </th>
                  <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">{formatEgp(p.amount, lang)}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                    {formatSchoolDateTime(p.paid_at, lang)}
                  </td>
                  <td className="px-3 py-1.5 text-end">
                    {p.kind !== "adjustment" && fee && canPrint && (
                      <span className="inline-flex gap-1">
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => onReceipt(fee, p)}
                          aria-label={`${t("fees.payments.receipt")} ${p.receipt_no}`}
                        >
                          {t("fees.payments.receipt")}
                        </Button>
                        <Button size="sm" variant="ghost" asChild>
                          <a
                            href={receiptHref(p.receipt_no, { copy: true, width })}
                            target="_blank"
                            rel="noopener"
                            aria-label={`${t("fees.payments.reprint")} ${p.receipt_no}`}
                          >
                            <Printer aria-hidden="true" />
                            {t("fees.payments.reprint")}
                          </a>
                        </Button>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <DialogFooter className={canPrint ? "sm:items-end sm:justify-between" : undefined}>
          {canPrint && (
            <div className="flex flex-wrap items-end gap-2">
              <FilterSelect
                id="receipt-width"
                label={t("fees.payments.width")}
                value={width}
                onChange={(v) => {
                  const next = receiptWidthOf(v);
                  setWidth(next);
                  storeReceiptWidth(next);
                }}
                options={[
                  { value: "a5", label: t("fees.payments.widthA5") },
                  { value: "80mm", label: t("fees.payments.widthThermal") },
                ]}
              />
              {fee && (
                <Button variant="outline" asChild>
                  <a href={statementHref(fee.student_no)} target="_blank" rel="noopener">
                    <FileText aria-hidden="true" />
                    {t("fees.payments.statement")}
                  </a>
                </Button>
              )}
            </div>
          )}
          <DialogClose asChild>
            <Button variant="outline">{t("fees.payments.close")}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Where a payment came in, beside its receipt number: the desk (plain) or online through Paymob (tinted: it has no
 * cashier). Its title names what it is ("Source").
 */
export function SourceBadge({ source }: { source: Payment["source"] }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant={source === "online" ? "success" : "outline"}
      className="font-sans font-normal"
      title={t("fees.payments.source")}
      data-source={source}
    >
      {source === "online" && <Globe aria-hidden="true" />}
      {t(`fees.payments.sources.${source}`)}
    </Badge>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="font-semibold tabular-nums">{value}</div>
    </div>
  );
}
