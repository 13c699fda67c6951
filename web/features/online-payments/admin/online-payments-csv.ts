/**
 * The Online payments CSV export (docs/product.md#csv-exports, #online-payments): what the table shows (the filters'
 * rows, up to 200), through the shared CSV writer (web/lib/csv.ts). Columns: Date (Cairo), Student Name, Student ID,
 * Amount (EGP), Status, Receipt No, Paymob Order ID, Credit to Refund (EGP), Refunded (EGP), Refund Not Recorded
 * (EGP: Paymob's refunds the books could not take back), Paid At (Cairo), Children
 * (a family's payment: every child as `name (number): EGP`, `; ` between them; the student columns name its first
 * child); dates as `YYYY-MM-DD HH:mm` in Cairo time, amounts as plain EGP numbers, the status in the admin's language.
 * File
 * `online_payments_{status|all}_{YYYY-MM-DD}.csv`.
 */
import type { TFunction } from "i18next";
import { downloadCsv, isoDay, studentIdCell, type CsvCell } from "~/lib/csv";
import { formatSchoolTime } from "~/lib/format";
import type { OnlinePayment, OnlineStatus } from "./online-payments-api";

export const ONLINE_CSV_HEADER = [
  "Date (Cairo)",
  "Student Name",
  "Student ID",
  "Amount (EGP)",
  "Status",
  "Receipt No",
  "Paymob Order ID",
  "Credit to Refund (EGP)",
  "Refunded (EGP)",
  "Refund Not Recorded (EGP)",
  "Paid At (Cairo)",
  "Children",
] as const;

const MINUTE = { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" } as const;

/** An instant as `YYYY-MM-DD HH:mm` in Cairo time ("" for none): sv-SE writes the ISO order with a 24-hour clock. */
export const cairoMinute = (iso: string | null) => formatSchoolTime(iso, "en", MINUTE, "sv-SE");

/** Header + one row per payment; `t` gives the status labels in the admin's language. */
export function onlineCsvRows(rows: readonly OnlinePayment[], t: TFunction): CsvCell[][] {
  return [
    [...ONLINE_CSV_HEADER],
    ...rows.map((p) => [
      cairoMinute(p.created_at),
      p.full_name,
      studentIdCell(p.student_no),
      p.amount,
      t(`onlinePayments.statuses.${p.status}`),
      p.receipt_no ?? "",
      p.order_id,
      p.credit,
      p.refunded,
      // Summed in piastres: EGP with two decimals do not add exactly as floats.
      p.unrecorded_refunds.reduce((sum, r) => sum + Math.round(r.amount * 100), 0) / 100,
      cairoMinute(p.paid_at),
      p.children.map((c) => `${c.full_name} (${c.student_no}): ${c.amount}`).join("; "),
    ]),
  ];
}

/** The file name for `status` ("" = all) on `date`. */
export const onlineCsvFileName = (status: OnlineStatus | "", date = new Date()) =>
  `online_payments_${status || "all"}_${isoDay(date)}.csv`;

/** Saves `rows` (what the table shows) as the Online payments CSV. */
export function exportOnlineCsv(rows: readonly OnlinePayment[], status: OnlineStatus | "", t: TFunction): void {
  downloadCsv(onlineCsvFileName(status), onlineCsvRows(rows, t));
}
