/**
 * The Fees CSV export (docs/product.md#csv-exports): Student Name, Student ID, Grade, Academic Year (the account's:
 * the page's year, or each arrears account's own), Total Amount (EGP), Paid Amount (EGP), Remaining Amount (EGP),
 * Status, Overdue Amount (EGP), Next Due Date (YYYY-MM-DD; docs/product.md#fee-plans); file
 * `fees_{grade|all_grades}_{YYYY-MM-DD}.csv`. Amounts are plain
 * EGP numbers, so the file sorts and sums in a spreadsheet; the status is its label in the admin's language
 * ("Partially paid", "مدفوع جزئيًا"), like the Students CSV's gender and status.
 */
import type { TFunction } from "i18next";
import { csvFileName, downloadCsv, studentIdCell, type CsvCell } from "~/lib/csv";
import type { FeeRecord } from "./fees-api";
import { remainingOf } from "./fee-money";

export const FEES_CSV_HEADER = [
  "Student Name",
  "Student ID",
  "Grade",
  "Academic Year",
  "Total Amount (EGP)",
  "Paid Amount (EGP)",
  "Remaining Amount (EGP)",
  "Status",
  "Overdue Amount (EGP)",
  "Next Due Date",
] as const;

/** Header + one row per record; `t` gives the status labels in the admin's language. */
export function feesCsvRows(fees: readonly FeeRecord[], t: TFunction): CsvCell[][] {
  const status = (s: string | null | undefined) => t(`fees.status.${s || "unknown"}`, { defaultValue: s || "" });
  return [
    [...FEES_CSV_HEADER],
    ...fees.map((f) => [
      f.full_name,
      studentIdCell(f.student_no),
      f.grade,
      f.academic_year_name,
      f.total_amount,
      f.paid_amount,
      remainingOf(f),
      status(f.status),
      f.overdue_amount ?? 0,
      f.next_due_date ?? "",
    ]),
  ];
}

/** Saves `fees` (what the table shows) as the Fees CSV for `grade`. */
export function exportFeesCsv(fees: readonly FeeRecord[], grade: string, t: TFunction): void {
  downloadCsv(csvFileName("fees", grade), feesCsvRows(fees, t));
}
