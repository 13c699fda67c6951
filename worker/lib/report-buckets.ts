/**
 * The pure arithmetic of the Reports charts (docs/product.md#reports): the school's UTC offsets over a span of time
 * (so one SQL expression turns an instant into its Cairo day), the months and weeks of an academic year, the overdue
 * age buckets and the marks histogram's bins. Dependency-free: the Worker and the console share it.
 */
import { schoolDateParts } from "./school-day";

/** From instant `from` (ms since epoch) on, until the next segment, the school's clock is UTC + `hours`. */
export interface OffsetSegment {
  from: number;
  hours: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The school's offset from UTC at instant `ms`, in whole hours (Cairo: 2 or 3). */
export function offsetHoursAt(ms: number): number {
  const p = schoolDateParts(new Date(ms));
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / HOUR);
}

const segmentsCache = new Map<string, OffsetSegment[]>();

/**
 * The offsets in force from `fromMs` to `toMs`, oldest first; the first segment starts at `fromMs`. Offsets change on
 * whole UTC hours: found by sampling each day, then halving the day down to the hour. Remembered per span.
 */
export function offsetSegments(fromMs: number, toMs: number): OffsetSegment[] {
  const key = `${fromMs}:${toMs}`;
  const cached = segmentsCache.get(key);
  if (cached) return cached;
  const out: OffsetSegment[] = [{ from: fromMs, hours: offsetHoursAt(fromMs) }];
  for (let at = fromMs; at < toMs; at += DAY) {
    const next = Math.min(at + DAY, toMs);
    const last = out[out.length - 1]!.hours;
    if (offsetHoursAt(next) === last) continue;
    // Halve [lo, hi] (hours) until hi is the first hour with the new offset.
    let lo = Math.floor(at / HOUR);
    let hi = Math.ceil(next / HOUR);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetHoursAt(mid * HOUR) === last) lo = mid;
      else hi = mid;
    }
    out.push({ from: hi * HOUR, hours: offsetHoursAt(hi * HOUR) });
  }
  if (segmentsCache.size > 50) segmentsCache.clear();
  segmentsCache.set(key, out);
  return out;
}

/** The Cairo day ("YYYY-MM-DD") of instant `ms` read through `segments` (the SQL expression's twin). */
export function dayBySegments(ms: number, segments: readonly OffsetSegment[]): string {
  let hours = segments[0]?.hours ?? 2;
  for (const s of segments) if (ms >= s.from) hours = s.hours;
  return new Date(ms + hours * HOUR).toISOString().slice(0, 10);
}

/** "YYYY-MM" of each month from `startDate`'s month to `endDate`'s (school days "YYYY-MM-DD"). */
export function monthsOf(startDate: string, endDate: string): string[] {
  const out: string[] = [];
  let y = Number(startDate.slice(0, 4));
  let m = Number(startDate.slice(5, 7));
  const last = endDate.slice(0, 7);
  for (let i = 0; i < 24; i++) {
    const ym = `${y}-${String(m).padStart(2, "0")}`;
    out.push(ym);
    if (ym >= last) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** Whole days from school day `a` to school day `b` (b − a; negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
}

/** The first day of each week (7 days from `startDate`) that begins on or before `endDate`. */
export function weeksOf(startDate: string, endDate: string): string[] {
  const n = Math.floor(daysBetween(startDate, endDate) / 7) + 1;
  return Array.from({ length: Math.max(1, n) }, (_, i) =>
    new Date(Date.parse(`${startDate}T00:00:00Z`) + i * 7 * DAY).toISOString().slice(0, 10),
  );
}

/** Where a receipt's money came in, as the sources chart splits it: the desk, or online by card, wallet or kiosk. */
export const PAYMENT_SOURCES = ["desk", "card", "wallet", "kiosk", "online_other"] as const;

/** The overdue chart's ages, from an instalment's days past due (0 or less: not yet due). */
export const OVERDUE_AGES = ["not_due", "d1_30", "d31_60", "d61_90", "d90_plus"] as const;
export type OverdueAge = (typeof OVERDUE_AGES)[number];

/** The age of an unpaid instalment `daysLate` days after its due date (overdue from the day after it). */
export function overdueAge(daysLate: number): OverdueAge {
  if (daysLate <= 0) return "not_due";
  if (daysLate <= 30) return "d1_30";
  if (daysLate <= 60) return "d31_60";
  if (daysLate <= 90) return "d61_90";
  return "d90_plus";
}

/** Width of one histogram bin, in percent of a subject's max; 100 % falls in the last bin. */
export const MARK_BIN_PERCENT = 10;
export const MARK_BINS = 100 / MARK_BIN_PERCENT;

/** The histogram bin (0 … MARK_BINS − 1) of a mark `score` of `max` (hundredths): exact integer arithmetic. */
export function markBin(score: number, max: number): number {
  if (max <= 0) return 0;
  return Math.min(MARK_BINS - 1, Math.floor((score * 100) / (max * MARK_BIN_PERCENT)));
}
