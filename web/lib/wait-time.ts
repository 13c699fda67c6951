/**
 * How long to wait, as the UI language says it (docs/product.md#admin-sign-in: the login lockout). Intl's
 * relative-time format carries each language's plural forms: "in 1 minute", "in 14 minutes", "خلال دقيقتين",
 * "خلال ١٤ دقيقة", "خلال ٣ دقائق".
 */
import { localeOf } from "./format";

/**
 * `seconds` as a relative time in whole minutes (hours beyond 90 minutes), rounded up so the admin never tries too
 * early: 1-60 s → "in 1 minute", 840 s → "in 14 minutes". Whole minutes also keep a live countdown from changing
 * its (announced) text more than once a minute.
 */
export function formatWait(seconds: number, lang: string | undefined): string {
  const rtf = new Intl.RelativeTimeFormat(localeOf(lang), { numeric: "always" });
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes <= 90 ? rtf.format(minutes, "minute") : rtf.format(Math.ceil(minutes / 60), "hour");
}
