/**
 * Payments by source (docs/product.md#reports): the receipts (`kind` payment) on the chosen year's accounts week by
 * week of the year (Cairo days of `paid_at`, weeks from the year's first day), by where the money came in: the desk,
 * or online by card, mobile wallet or kiosk (Paymob's method, kept on the payment's audit row); and the credits
 * awaiting refund on the year's accounts (what online payments brought beyond what was owed, less what was refunded).
 * One statement over `fee_records_year_grade_idx`, `payments_fee_idx`, `audit_entity_idx` and
 * `online_payments_fee_idx`.
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

/** Paymob's method of an online receipt: its audit row's `method` ("card", "wallet", "aggregator" = kiosk). */
const methodSql = sql`(SELECT json_extract(a."after", '$.method') FROM audit_log a
  WHERE a.entity = 'fee_record' AND a.entity_id = CAST(p.fee_record_id AS TEXT) AND a.action = 'online_payment'
    AND json_extract(a."after", '$.receipt_no') = p.receipt_no LIMIT 1)`;

const sourceSql = sql`CASE WHEN p.source = 'desk' THEN 'desk' ELSE (CASE ${methodSql}
  WHEN 'card' THEN 'card' WHEN 'wallet' THEN 'wallet' WHEN 'aggregator' THEN 'kiosk' WHEN 'kiosk' THEN 'kiosk'
  ELSE 'online_other' END) END`;

const zeros = (): Record<PaymentSource, number> =>
  Object.fromEntries(PAYMENT_SOURCES.map((s) => [s, 0])) as Record<PaymentSource, number>;

/** The year's receipts per week and source, and its open credits. Amounts in EGP. */
export async function sourcesReport(db: Db, y: ReportYear): Promise<SourcesReport> {
  const weeks = weeksOf(y.start_date, y.end_date);
  const day = cairoDaySql(sql`p.paid_at`, y.start_date, y.end_date);
  // A receipt before the year's first week counts in it; one after its last week in the last.
  const weekNo = sql`CAST((julianday(${day}) - julianday(${y.start_date})) / 7 AS INTEGER)`;
  const idx = sql`max(0, min(${sql.raw(String(weeks.length - 1))}, ${weekNo}))`;
  const rows = await db.all<{ w: number; source: PaymentSource | "credit"; amount: number; n: number }>(sql`
    SELECT ${idx} AS w, ${sourceSql} AS source, sum(p.amount_piastres) AS amount, count(*) AS n
    FROM fee_records f JOIN payments p ON p.fee_record_id = f.id AND p.kind = 'payment'
    WHERE f.academic_year_name = ${y.name}
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
