/**
 * Payments by source (docs/product.md#reports): the receipts (`kind` payment) on the chosen year's accounts week by
 * week of the year (Cairo days of `paid_at`, weeks from the year's first day), by where the money came in: the desk,
 * or online by card, mobile wallet or kiosk (Paymob's method, `payments.method`); and the credits awaiting refund on
 * the year's accounts (what online payments brought beyond what was owed, less what was refunded). One statement over
 * the kept receipts per year, hour, kind and source (`report_receipt_hours`: docs/decisions/0044-reports-kept-figures.md)
 * and `online_payments_fee_idx`.
 */
import { sql } from "drizzle-orm";
import { PAYMENT_SOURCES } from "../../contracts/reports";
import type { Db } from "../../db";
import { weeksOf } from "../../lib/report-buckets";
import { piastresToEgp } from "../../money";
import { cairoDaySql, type ReportYear } from "./year";

export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export interface SourceWeek {
  /** The week's first day ("YYYY-MM-DD"). */
  week: string;
  /** EGP per source. */
  amounts: Record<PaymentSource, number>;
  count: number;
}

export interface SourcesReport {
  weeks: SourceWeek[];
  totals: Record<PaymentSource, number>;
  credits: { amount: number; count: number };
}

/** The kept figures' source (desk, card, wallet, kiosk; "online": a method Paymob named otherwise) as the chart's. */
const sourceSql = sql`CASE source WHEN 'online' THEN 'online_other' ELSE source END`;

const zeros = (): Record<PaymentSource, number> =>
  Object.fromEntries(PAYMENT_SOURCES.map((s) => [s, 0])) as Record<PaymentSource, number>;

/** The year's receipts per week and source, and its open credits. Amounts in EGP. */
export async function sourcesReport(db: Db, y: ReportYear): Promise<SourcesReport> {
  const weeks = weeksOf(y.start_date, y.end_date);
  const day = cairoDaySql(sql`(hour || ':00:00.000Z')`, y.start_date, y.end_date);
  // A receipt before the year's first week counts in it; one after its last week in the last.
  const weekNo = sql`CAST((julianday(${day}) - julianday(${y.start_date})) / 7 AS INTEGER)`;
  const idx = sql`max(0, min(${sql.raw(String(weeks.length - 1))}, ${weekNo}))`;
  const rows = await db.all<{ w: number; source: PaymentSource | "credit"; amount: number; n: number }>(sql`
    SELECT ${idx} AS w, ${sourceSql} AS source, sum(amount_piastres) AS amount, sum(receipts) AS n
    FROM report_receipt_hours
    WHERE academic_year_name = ${y.name} AND kind = 'payment'
    GROUP BY 1, 2
    UNION ALL
    SELECT -1, 'credit', coalesce(sum(o.credit_piastres), 0), count(*)
    FROM fee_records f JOIN online_payments o ON o.fee_record_id = f.id AND o.credit_piastres > 0
    WHERE f.academic_year_name = ${y.name}`);
  const out = weeks.map((week) => ({ week, amounts: zeros(), count: 0 }));
  const totals = zeros();
  let credits = { amount: 0, count: 0 };
  for (const r of rows) {
    if (r.source === "credit") {
      credits = { amount: piastresToEgp(Number(r.amount)), count: Number(r.n) };
      continue;
    }
    const w = out[r.w]!;
    w.amounts[r.source] += Number(r.amount);
    w.count += Number(r.n);
    totals[r.source] += Number(r.amount);
  }
  for (const w of out) for (const s of PAYMENT_SOURCES) w.amounts[s] = piastresToEgp(w.amounts[s]);
  for (const s of PAYMENT_SOURCES) totals[s] = piastresToEgp(totals[s]);
  return { weeks: out, totals, credits };
}
