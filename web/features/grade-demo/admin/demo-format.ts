/**
 * Formatting for the demo screens (docs/product.md#per-grade-demo): amounts in US dollars ("$"), calendar dates and
 * percentages, in the UI language (Intl; Arabic-Indic digits in Arabic).
 */
import { localeOf } from "~/lib/format";

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/**
 * An amount in US dollars with the "$" sign where the locale puts its currency, e.g. "$1,650" or "١٬٦٥٠ $" (cents
 * only when there are any). Arabic locales would write "US$", so the sign is set explicitly.
 */
export function formatUsd(value: number, lang?: string): string {
  const locale = localeOf(lang);
  const whole = Number.isInteger(value);
  const f = cached(
    `usd|${locale}|${whole}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: "currency",
        currency: "USD",
        currencyDisplay: "narrowSymbol",
        ...(whole ? { maximumFractionDigits: 0 } : {}),
      }),
  ) as Intl.NumberFormat;
  return f
    .formatToParts(value)
    .map((p) => (p.type === "currency" ? "$" : p.value))
    .join("");
}

/** A `YYYY-MM-DD` calendar day as a medium date ("Mar 4, 2025"); the text itself when it is not such a day. */
export function formatDay(isoDay: string, lang?: string): string {
  const ms = Date.parse(`${isoDay}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDay) || Number.isNaN(ms)) return isoDay;
  const locale = localeOf(lang);
  return cached(
    `day|${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }),
  ).format(ms);
}

/** A percentage given on a 0-100 scale, with at most `digits` decimals (default 1): "72.5%". */
export function formatPct(value: number, lang?: string, digits = 1): string {
  const locale = localeOf(lang);
  return cached(
    `pct|${locale}|${digits}`,
    () => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: digits }),
  ).format(value / 100);
}
