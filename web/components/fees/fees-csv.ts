/**
 * The Fees CSV export (spec §3 "CSV exports"): Student Name, Student ID, Grade, Total Amount (EGP), Paid Amount
 * (EGP), Remaining Amount (EGP), Status; file `fees_{grade|all_grades}_{YYYY-MM-DD}.csv`. Amounts are plain EGP
 * numbers and the status is the API value, so the file sorts and sums in a spreadsheet whatever the UI language.
 */
import { csvFileName, downloadCsv, studentIdCell, type CsvCell } from "~/lib/csv";
import type { FeeRecord } from "./fees-api";
import { remainingOf } from "./fee-money";

export const FEES_CSV_HEADER = ["Student Name", "Student ID", "Grade", "Total Amount (EGP)", "Paid Amount (EGP)", "Remaining Amount (EGP)", "Status"] as const;

/** Header + one row per record. */
export function feesCsvRows(fees: readonly FeeRecord[]): CsvCell[][] {
  return [[...FEES_CSV_HEADER], ...fees.map((f) => [f.full_name, studentIdCell(f.student_no), f.grade, f.total_amount, f.paid_amount, remainingOf(f), f.status ?? "unknown"])];
}

/** Saves `fees` (what the table shows) as the Fees CSV for `grade`. */
export function exportFeesCsv(fees: readonly FeeRecord[], grade: string): void {
  downloadCsv(csvFileName("fees", grade), feesCsvRows(fees));
}
