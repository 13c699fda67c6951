/**
 * Calendar days in the school's time zone (Africa/Cairo, which has observed summer time again since 2023).
 * Admin date filters mean Cairo days, not UTC days: a payment at 01:00 Cairo time on 1 March belongs to 1 March.
 */
import { SCHOOL_TIME_ZONE } from "./services/receipts";

const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: SCHOOL_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The zone's offset from UTC at instant `ms`, in ms (Cairo: +2 h or +3 h). */
function offsetAt(ms: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The UTC instant (ISO 8601) at which school day `date` ("YYYY-MM-DD") starts; `plusDays` moves whole days. */
export function schoolDayStartUtc(date: string, plusDays = 0): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d + plusDays);
  // Two passes: the offset at the guessed instant can differ from the offset at the true one across a DST change.
  let utc = wallMidnight - offsetAt(wallMidnight);
  utc = wallMidnight - offsetAt(utc);
  return new Date(utc).toISOString();
}
