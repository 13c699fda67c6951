/**
 * "Now" for a request. Production: the Worker's clock. Tests only: when the `TEST_CLOCK` binding is "1" (set by the
 * test harnesses, never in wrangler.toml or a deployment), an `X-Test-Now` header (ISO 8601) replaces it, so a
 * browser test can move the school day forward with the page's fake clock (docs/product.md#fee-plans: overdue from
 * the school day after the due date).
 */
import type { Context } from "hono";
import type { AppEnv } from "./env";
import { schoolDate } from "./lib/fee-schedule";

/** The instant the request is handled at (see the module doc). */
export function requestNow(c: Context<AppEnv>): Date {
  return clockNow(c.env.TEST_CLOCK, c.req.header("X-Test-Now"));
}

/**
 * "Now" from the `TEST_CLOCK` binding and the request's `X-Test-Now` header, for what answers outside Hono (the
 * print pages' loaders): the header's instant under TEST_CLOCK "1" when it is a valid ISO 8601 time, else the clock.
 */
export function clockNow(testClock: string | undefined, header: string | null | undefined): Date {
  if (testClock === "1") {
    const at = new Date(header ?? "");
    if (!Number.isNaN(at.getTime())) return at;
  }
  return new Date();
}

/** The last school day computed and the UTC hour it holds for (Cairo's offset is whole hours: a day turns on one). */
let todayCache = { hour: NaN, date: "" };

/**
 * The school day (Cairo, "YYYY-MM-DD") of the request's now. Remembered for the hour: every results-day lookup asks,
 * and Intl's formatToParts costs more than the rest of the date handling.
 */
export const requestToday = (c: Context<AppEnv>): string => {
  const now = requestNow(c);
  const hour = Math.floor(now.getTime() / 3_600_000);
  if (hour !== todayCache.hour) todayCache = { hour, date: schoolDate(now) };
  return todayCache.date;
};
