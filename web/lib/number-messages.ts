/**
 * The console's translation of the number field messages (worker/api/number-field.ts; "required" texts stay with
 * each form, whose grammar differs): "<Label> must be a number",
 * "… can have at most 2 decimal places", "… must be at least 0.01", … → `numbers.*` with the label and limits in
 * the UI language (docs/product.md#languages-and-numbers). Labels the console does not know are shown as sent.
 */
import type { TFunction } from "i18next";
import { parseReason } from "@worker/reasons";
import { formatNumber } from "./format";
import { messageText } from "./reason-text";

/** English labels used by the API's number fields → `numbers.labels.*`. */
const LABELS: Record<string, string> = {
  Marks: "marks",
  Total: "total",
  "Total amount": "totalAmount",
  "Paid amount": "paidAmount",
  "Payment amount": "paymentAmount",
  Page: "page",
  "Page size": "pageSize",
};

const RULES: Array<[RegExp, string]> = [
  [/^(.+?) must be a number$/, "invalid"],
  [/^(.+?) cannot be negative$/, "negative"],
  [/^(.+?) must be a whole number$/, "whole"],
  [/^(.+?) can have at most (\d+) decimal places?$/, "decimals"],
  [/^(.+?) must be at least (-?[\d.]+)$/, "min"],
  [/^(.+?) must be at most (-?[\d.]+)$/, "max"],
];

/**
 * The translated text of a number field message, or null when `message` is not one (the caller then tries its
 * own texts). `lang` picks the digits of the limits (Arabic-Indic in Arabic).
 */
export function numberMessage(t: TFunction, message: string | undefined, lang?: string): string | null {
  if (!message) return null;
  // TRANSITIONAL: the number fields now name reasons (web/lib/reason-text.ts); this table goes with the last caller.
  if (parseReason(message)) return messageText(t, lang ?? "en", message);
  for (const [re, key] of RULES) {
    const m = re.exec(message);
    if (!m || !LABELS[m[1]!]) continue;
    const label = t(`numbers.labels.${LABELS[m[1]!]}`);
    if (m[2] === undefined) return t(`numbers.${key}`, { label });
    // Decimal places take the language's plural forms (Arabic has six); limits are just formatted.
    if (key === "decimals") return t("numbers.decimals", { label, count: Number(m[2]) });
    return t(`numbers.${key}`, { label, n: formatNumber(Number(m[2]), lang, { maximumFractionDigits: 2 }) });
  }
  return null;
}
