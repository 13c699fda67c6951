/**
 * A printable payment receipt in Arabic and English (docs/product.md#payments-and-receipts, #printing): school name,
 * receipt number, student name and ID, grade, where it was paid (desk or online), the amount in EGP figures and the
 * payment date. Opened in a dialog with a Print button (`window.print()`); `@media print` rules hide everything on
 * the page except the receipt.
 */
import { useTranslation } from "react-i18next";
import { Printer } from "lucide-react";
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
import { formatEgp, formatNumber, formatSchoolDateTime } from "~/lib/format";
import type { FeeRecord, Payment } from "./fees-api";
import { RECEIPT_LABELS, receiptGrade } from "./receipt-labels";

type RowKey = "receiptNo" | "date" | "student" | "studentId" | "grade" | "source" | "covers";

/** Hides every top-level node but the one holding the receipt, and lays the dialog out flat on the page. */
const PRINT_CSS = `
@media print {
  @page { size: A5 landscape; margin: 12mm; }
  body > *:not(:has([data-print-receipt])) { display: none !important; }
  html, body { background: #fff !important; }
}`;

/** The receipt's owner: the fee record's student. */
export type ReceiptStudent = Pick<FeeRecord, "student_no" | "full_name" | "grade">;

interface ReceiptDialogProps {
  payment: Payment | null;
  student: ReceiptStudent | null;
  onOpenChange: (open: boolean) => void;
}

/** The receipt dialog; open while `payment` is set. */
export function ReceiptDialog({ payment, student, onOpenChange }: ReceiptDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!payment && !!student} onOpenChange={onOpenChange}>
      <DialogContent
        showCloseButton={false}
        className="sm:max-w-2xl print:static print:m-0 print:max-h-none print:max-w-none print:translate-none print:overflow-visible print:rounded-none print:border-0 print:p-0 print:shadow-none print:animate-none"
      >
        <style>{PRINT_CSS}</style>
        <DialogHeader className="print:hidden">
          <DialogTitle>{t("fees.receipt.dialogTitle")}</DialogTitle>
          <DialogDescription>{payment?.receipt_no}</DialogDescription>
        </DialogHeader>
        {payment && student && <Receipt payment={payment} student={student} />}
        <DialogFooter className="print:hidden">
          <DialogClose asChild>
            <Button variant="outline">{t("fees.receipt.close")}</Button>
          </DialogClose>
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {t("fees.receipt.print")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "Tuition 1: EGP 2,500.00 · Bus 1: EGP 700.00": line names and digits in `lang` (English name only in English). */
export function allocationText(allocations: Payment["allocations"], lang: string): string {
  return allocations
    .map(
      (a) =>
        `${lang === "en" && a.line_en ? a.line_en : a.line} ${formatNumber(a.instalment_no, lang)}: ${formatEgp(a.amount, lang)}`,
    )
    .join(" · ");
}

/** The receipt itself: always laid out left-to-right with English labels at the start and Arabic at the end. */
export function Receipt({ payment, student }: { payment: Payment; student: ReceiptStudent }) {
  const en = RECEIPT_LABELS.en;
  const ar = RECEIPT_LABELS.ar;
  const rows: { key: RowKey; value: string; valueAr?: string; mono?: boolean }[] = [
    { key: "receiptNo", value: payment.receipt_no, mono: true },
    {
      key: "date",
      value: formatSchoolDateTime(payment.paid_at, "en", "long"),
      valueAr: formatSchoolDateTime(payment.paid_at, "ar", "long"),
    },
    { key: "student", value: student.full_name },
    { key: "studentId", value: student.student_no, mono: true },
    { key: "grade", value: receiptGrade("en", student.grade), valueAr: receiptGrade("ar", student.grade) },
    { key: "source", value: en.sources[payment.source], valueAr: ar.sources[payment.source] },
    ...(payment.allocations?.length
      ? [
          {
            key: "covers" as const,
            value: allocationText(payment.allocations, "en"),
            valueAr: allocationText(payment.allocations, "ar"),
          },
        ]
      : []),
  ];
  return (
    <article
      data-print-receipt
      dir="ltr"
      lang="en"
      className="rounded-lg border-2 border-dashed border-primary/30 bg-card p-5 text-card-foreground print:border-solid print:border-black/40"
    >
      <header className="flex items-start justify-between gap-4 border-b pb-4">
        <div className="flex items-center gap-3">
          <img src="/logo.svg" alt="" className="size-11 shrink-0" />
          <div>
            <p className="font-bold">{en.schoolName}</p>
            <p className="text-sm text-muted-foreground">{en.title}</p>
          </div>
        </div>
        <div dir="rtl" lang="ar" className="text-end">
          <p className="font-bold">{ar.schoolName}</p>
          <p className="text-sm text-muted-foreground">{ar.title}</p>
        </div>
      </header>
      <dl className="divide-y text-sm">
        {rows.map((r) => (
          <div key={r.key} className="grid grid-cols-[8rem_1fr_8rem] items-center gap-3 py-2">
            <dt className="text-muted-foreground">{en[r.key]}</dt>
            <dd className="text-center font-medium">
              <span dir="auto" className={r.mono ? "font-mono tracking-wide" : undefined}>
                {r.value}
              </span>
              {r.valueAr && r.valueAr !== r.value && (
                <span dir="rtl" lang="ar" className="block text-xs text-muted-foreground">
                  {r.valueAr}
                </span>
              )}
            </dd>
            <dt dir="rtl" lang="ar" className="text-end text-muted-foreground">
              {ar[r.key]}
            </dt>
          </div>
        ))}
      </dl>
      <div className="mt-3 grid grid-cols-[8rem_1fr_8rem] items-center gap-3 rounded-md bg-primary/8 px-3 py-3 print:bg-transparent">
        <span className="text-sm font-semibold">{en.amount}</span>
        <span className="text-center">
          <span className="block text-xl font-bold tabular-nums">{formatEgp(payment.amount, "en")}</span>
          <span dir="rtl" lang="ar" className="block text-sm font-semibold text-muted-foreground">
            {formatEgp(payment.amount, "ar")}
          </span>
        </span>
        <span dir="rtl" lang="ar" className="text-end text-sm font-semibold">
          {ar.amount}
        </span>
      </div>
      <footer className="mt-6 flex items-end justify-between gap-6 text-xs text-muted-foreground">
        <div>
          <p>{en.thanks}</p>
          <p dir="rtl" lang="ar">
            {ar.thanks}
          </p>
        </div>
        <div className="w-48 shrink-0 border-t border-foreground/40 pt-1 text-center">
          <p>{en.signature}</p>
          <p dir="rtl" lang="ar">
            {ar.signature}
          </p>
        </div>
      </footer>
    </article>
  );
}
