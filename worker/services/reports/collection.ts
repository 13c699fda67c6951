/**
 * Collection by month (docs/product.md#reports): the money received on the chosen year's accounts month by month of
 * the year (Cairo months of `paid_at`), against the year before's accounts in the same months, cumulative, in EGP and
 * as a share of what the year's accounts owe. Every payment and adjustment row counts, so the year's sum is the sum
 * of its accounts' paid amounts. One statement over the kept receipts per year and hour (`report_receipt_hours`, kept
 * by triggers on `payments`: docs/decisions/0044-reports-kept-figures.md) and `fee_records_year_total_idx`.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { monthsOf } from "../../lib/report-buckets";
import { piastresToEgp } from "../../money";
import { cairoDaySql, shiftYears, type ReportYear } from "./year";

export interface CollectionMonth {
  /** "YYYY-MM" of this year's month; last year's figures are of the same month a year earlier. */
  month: string;
  this_year: number;
  this_year_cumulative: number | null;
  this_year_percent: number | null;
  last_year: number;
  last_year_cumulative: number;
  last_year_percent: number;
}

export interface CollectionReport {
  months: CollectionMonth[];
  this_year_due: number;
  last_year_due: number;
  this_year_collected: number;
  last_year_collected: number;
}

/** Index of a "YYYY-MM" month as an integer (year × 12 + month − 1). */
const monthNo = (ym: string) => Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;

/**
 * SQL rows: (year, month index or −1 for the accounts' total due, piastres). The kept receipts are per UTC hour, and
 * only those sums get a Cairo month: Cairo's midnights fall on whole UTC hours, so an hour never straddles two months.
 */
async function collectionRows(db: Db, y: ReportYear, months: number) {
  const day = cairoDaySql(sql`(h || ':00:00.000Z')`, shiftYears(y.start_date, -1), y.end_date);
  const base = monthNo(y.start_date.slice(0, 7));
  // A payment before the year's first month counts in it; one after its last month (arrears paid late) in the last.
  const idx = sql`max(0, min(${sql.raw(String(months - 1))},
    CAST(substr(${day}, 1, 4) AS INTEGER) * 12 + CAST(substr(${day}, 6, 2) AS INTEGER) - 1 - ${sql.raw(String(base))}
      + (CASE WHEN y = ${y.previous} THEN 12 ELSE 0 END)))`;
  return db.all<{ y: string; m: number; amount: number }>(sql`
    SELECT y, ${idx} AS m, sum(amount) AS amount FROM (
      SELECT academic_year_name AS y, hour AS h, sum(amount_piastres) AS amount FROM report_receipt_hours
      WHERE academic_year_name IN (${y.name}, ${y.previous})
      GROUP BY 1, 2)
    GROUP BY 1, 2
    UNION ALL
    SELECT academic_year_name, -1, sum(total_piastres) FROM fee_records
    WHERE academic_year_name IN (${y.name}, ${y.previous})
    GROUP BY 1`);
}

/** Percent (2 decimals) of `part` in `whole`; 0 when nothing is owed. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);

/**
 * The chosen year's collection by month against last year's; this year's cumulative figures stop (null) after the
 * month of school day `today`. Amounts in EGP.
 */
export async function collectionReport(db: Db, y: ReportYear, today: string): Promise<CollectionReport> {
  const months = monthsOf(y.start_date, y.end_date);
  const rows = await collectionRows(db, y, months.length);
  const cur = new Array<number>(months.length).fill(0);
  const prev = new Array<number>(months.length).fill(0);
  let due = 0;
  let prevDue = 0;
  for (const r of rows) {
    const mine = r.y === y.name;
    if (r.m < 0) {
      if (mine) due = Number(r.amount);
      else prevDue = Number(r.amount);
    } else (mine ? cur : prev)[r.m] += Number(r.amount);
  }
  let a = 0;
  let b = 0;
  const thisMonth = today.slice(0, 7);
  const out = months.map((month, i) => {
    a += cur[i]!;
    b += prev[i]!;
    const future = month > thisMonth;
    return {
      month,
      this_year: piastresToEgp(cur[i]!),
      this_year_cumulative: future ? null : piastresToEgp(a),
      this_year_percent: future ? null : percent(a, due),
      last_year: piastresToEgp(prev[i]!),
      last_year_cumulative: piastresToEgp(b),
      last_year_percent: percent(b, prevDue),
    };
  });
  return {
    months: out,
    this_year_due: piastresToEgp(due),
    last_year_due: piastresToEgp(prevDue),
    this_year_collected: piastresToEgp(a),
    last_year_collected: piastresToEgp(b),
  };
}
