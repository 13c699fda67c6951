/**
 * The school's time zone and calendar days in it (Africa/Cairo, which has observed summer time again since 2023).
 * Dependency-free: shared by the Worker and the web pages. Admin date filters mean Cairo days, not UTC days: a
 * payment at 01:00 Cairo time on 1 March belongs to 1 March; the academic year also turns on Cairo's calendar.
 */

/** The time zone every school date is shown and decided in. */
export const SCHOOL_TIME_ZONE = "Africa/Cairo";

// Built on first use: a time-zone formatter costs tens of ms at 4× CPU, and most pages that import this never call it.
let parts: Intl.DateTimeFormat | undefined;
const wallClock = () =>
  (parts ??= new Intl.DateTimeFormat("en-US", {
    timeZone: SCHOOL_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }));

/** The school's wall-clock date and time at instant `at`: numbers, month 1-12. */
export function schoolDateParts(at: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const p = Object.fromEntries(
    wallClock()
      .formatToParts(at)
      .map((x) => [x.type, Number(x.value)]),
  );
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** The zone's offset from UTC at instant `ms`, in ms (Cairo: +2 h or +3 h). */
function offsetAt(ms: number): number {
  const p = schoolDateParts(new Date(ms));
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
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
