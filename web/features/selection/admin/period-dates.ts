/**
 * Dates of the selection periods (docs/product.md#selection-periods). The API speaks ISO 8601 UTC; the
 * form's `datetime-local` inputs hold the admin's local wall time and are converted with
 * `new Date(local).toISOString()` before sending; the table shows dates in the school's time zone (Africa/Cairo)
 * with Intl, in the UI language.
 */
import { SCHOOL_TIME_ZONE } from "@worker/lib/school-day";

/** ISO → the `datetime-local` value of the same instant in the browser's time zone ("2025-09-01T10:00"). */
export function isoToLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A `datetime-local` value (browser local time) → ISO UTC for the API; undefined when empty (so the schema says
 * "required"); an unreadable value is returned as it is (so the schema refuses it).
 */
export function localInputToIso(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const v = value.trim();
  if (!v) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
}

/** True when the browser's time zone is not the school's (the form then previews the Cairo time). */
export function browserIsOutsideSchoolZone(): boolean {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone !== SCHOOL_TIME_ZONE;
  } catch {
    return true;
  }
}

/** Live Now: active, and `now` lies between start and end (inclusive). */
export function isLiveNow(p: { is_active: boolean; start_date: string; end_date: string }, now: number): boolean {
  return p.is_active && Date.parse(p.start_date) <= now && now <= Date.parse(p.end_date);
}
