/**
 * Number formatting for the current UI language (Intl). Arabic uses the "ar-EG" locale (Arabic-Indic digits),
 * English "en-EG". Money is EGP (spec §1).
 */
const cache = new Map<string, Intl.NumberFormat>();

/** The Intl locale for a UI language. */
export function localeOf(lang: string | undefined): string {
  return lang?.startsWith("ar") ? "ar-EG" : "en-EG";
}

function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

/** A whole or decimal number, e.g. 1,234. */
export function formatNumber(value: number, lang?: string, options: Intl.NumberFormatOptions = {}): string {
  return formatter(localeOf(lang), options).format(value);
}

/** An amount in EGP, e.g. "EGP 1,250.50"; whole amounts drop the ".00" ("EGP 42,506,200"). */
export function formatEgp(value: number, lang?: string): string {
  const digits = Number.isInteger(value) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {};
  return formatter(localeOf(lang), { style: "currency", currency: "EGP", ...digits }).format(value);
}

/** A percentage given on a 0–100 scale (the API's `paidPercentage`), with up to 2 decimals. */
export function formatPercent(value: number, lang?: string): string {
  return formatter(localeOf(lang), { style: "percent", maximumFractionDigits: 2 }).format(value / 100);
}
