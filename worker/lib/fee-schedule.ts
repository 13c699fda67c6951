/**
 * Fee-plan arithmetic (docs/product.md#fee-plans), dependency-free and in integer piastres: shared by the services,
 * the console (default schedules, previews) and the property test. Dates are school days "YYYY-MM-DD" (Cairo).
 */
import { schoolDateParts } from "./school-day";

/** Instalment display statuses. "due": unpaid and due within `DUE_SOON_DAYS`; "upcoming": later. */
export const INSTALMENT_STATUSES = ["paid", "partially_paid", "due", "overdue", "upcoming"] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

/** An unpaid instalment due within this many days of today is "due" (the office's monthly reminder horizon). */
export const DUE_SOON_DAYS = 30;

/** The school day (Cairo) of instant `at`, "YYYY-MM-DD". */
export function schoolDate(at: Date): string {
  const { year, month, day } = schoolDateParts(at);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The academic year (1 Sep-31 Aug, school time) of an instant: 2026-11-21 → "2026-2027", 2027-03-01 → "2026-2027". */
export function academicYearOf(at: Date): string {
  const { year, month } = schoolDateParts(at);
  const start = month >= 9 ? year : year - 1;
  return `${start}-${start + 1}`;
}

/** `date` ("YYYY-MM-DD") moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** True for a real calendar date "YYYY-MM-DD". */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  return addDays(s, 0) === s;
}

/** First and last school day of academic year "2024-2025": 2024-09-01 … 2025-08-31; null for a malformed name. */
export function academicYearBounds(name: string): { start: string; end: string } | null {
  const m = /^(\d{4})-(\d{4})$/.exec(name);
  if (!m || Number(m[2]) !== Number(m[1]) + 1) return null;
  return { start: `${m[1]}-09-01`, end: `${m[2]}-08-31` };
}

/** `total` piastres in `n` equal instalments, the remainder piastres on the last: 100001 / 4 → 25000 ×3, 25001. */
export function splitEqual(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? total - base * (n - 1) : base));
}

/**
 * Default due dates of `n` (1, 2 or 4) instalments in academic year `year` ("2024-2025"): 15 Sep; 15 Sep + 1 Feb;
 * 15 Sep, 15 Nov, 1 Feb, 1 Apr — the term starts, as Egyptian schools collect.
 */
export function defaultDueDates(year: string, n: number): string[] {
  const b = academicYearBounds(year);
  if (!b) return [];
  const [y1, y2] = [b.start.slice(0, 4), b.end.slice(0, 4)];
  const all: Record<number, string[]> = {
    1: [`${y1}-09-15`],
    2: [`${y1}-09-15`, `${y2}-02-01`],
    4: [`${y1}-09-15`, `${y1}-11-15`, `${y2}-02-01`, `${y2}-04-01`],
  };
  return all[n] ?? Array.from({ length: n }, (_, i) => addDays(`${y1}-09-15`, Math.round((i * 240) / n)));
}

/**
 * Takes `discount` piastres off a schedule's amounts (in schedule order), latest instalment first: the instalments a
 * family already planned for keep their amounts. Throws RangeError when the discount exceeds the total.
 */
export function applyDiscount(amounts: number[], discount: number): number[] {
  const out = [...amounts];
  let left = discount;
  for (let i = out.length - 1; i >= 0 && left > 0; i--) {
    const take = Math.min(out[i]!, left);
    out[i]! -= take;
    left -= take;
  }
  if (left > 0) throw new RangeError("discount above total");
  return out;
}

/** A percent discount (hundredths of a percent, 0 … 10000) of `gross` piastres, rounded to the piastre. */
export const percentOf = (gross: number, percentHundredths: number): number =>
  Math.round((gross * percentHundredths) / 10_000);

/** Each instalment's paid share when `paid` piastres fill the schedule (amounts in schedule order) oldest first. */
export function fillOldestFirst(amounts: number[], paid: number): number[] {
  let left = paid;
  return amounts.map((a) => {
    const take = Math.max(0, Math.min(a, left));
    left -= take;
    return take;
  });
}

/**
 * What a change of the record's paid amount from `before` to `after` piastres does to each instalment: positive
 * shares fill the oldest unpaid first, negative ones (a downward adjustment) release the newest first.
 */
export function allocationOf(amounts: number[], before: number, after: number): number[] {
  const a = fillOldestFirst(amounts, before);
  const b = fillOldestFirst(amounts, after);
  return b.map((x, i) => x - a[i]!);
}

/** The status of one instalment on school day `today` (docs/product.md#fee-plans). Overdue from the day after. */
export function instalmentStatus(dueDate: string, amount: number, paid: number, today: string): InstalmentStatus {
  if (paid >= amount) return "paid";
  if (dueDate < today) return "overdue";
  if (paid > 0) return "partially_paid";
  return dueDate <= addDays(today, DUE_SOON_DAYS) ? "due" : "upcoming";
}
