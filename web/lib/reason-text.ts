/**
 * The console's words for the API's reasons (docs/product.md#api-errors): a reason (worker/reasons.ts) and its params
 * become the text of `errors.<REASON>` in the admin's language, with the field's name (`errors.fields.<field>`),
 * numbers in the language's digits, i18next plural forms where a count decides the grammar, and a per-field variant
 * (`errors.<REASON>_<field>`, i18next's context) where the language needs one. Nothing here reads English: a
 * reworded server text changes no translation.
 */
import { useCallback } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { parseReason, type Reason, type ReasonParams } from "@worker/reasons";
import { ApiFailure } from "./api";
import { formatNumber, formatSchoolTime } from "./format";

/** The param whose number picks the plural form of a reason's text. */
const COUNT_PARAM: Partial<Record<Reason, string>> = { TOO_LONG: "max", NUMBER_DECIMALS: "decimals" };

/** Params the server sends as amount text ("12500.00", PLAN_SUM_MISMATCH): shown as numbers in the page's digits. */
const AMOUNT_PARAMS = new Set(["sum", "total"]);

/**
 * One param as the text shows it (docs/product.md#languages-and-numbers): a number, or an amount sent as text, in the
 * language's digits; a school day ("2026-09-01") as a date ("١ سبتمبر ٢٠٢٦"); anything else (a line's name) as it is.
 */
export function paramText(key: string, value: string | number, lang: string): string {
  if (typeof value === "number") return formatNumber(value, lang, { maximumFractionDigits: 2 });
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return formatSchoolTime(`${value}T10:00:00Z`, lang, { day: "numeric", month: "long", year: "numeric" }) || value;
  if (AMOUNT_PARAMS.has(key) && /^-?\d+(\.\d+)?$/.test(value)) {
    const n = Number(value);
    const decimals = Number.isInteger(n) ? 0 : 2;
    return formatNumber(n, lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  }
  return value;
}

/** The text of `reason` with `params` in the language of `t`. */
export function reasonText(t: TFunction, lang: string, reason: Reason, params: ReasonParams = {}): string {
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) values[k] = paramText(k, v, lang);
  if (params.field) values.field = t(`errors.fields.${params.field}`);
  const countOf = COUNT_PARAM[reason];
  const count = countOf ? params[countOf] : undefined;
  return t(`errors.${reason}`, {
    ...values,
    ...(params.field ? { context: params.field } : {}),
    ...(typeof count === "number" ? { count } : {}),
  });
}

/**
 * A validation message of a shared zod schema in the admin's language: a `reason()` message through `reasonText`,
 * any other text (zod's own) as it is.
 */
export function messageText(t: TFunction, lang: string, message: string | undefined): string {
  const named = parseReason(message);
  return named ? reasonText(t, lang, named.reason, named.params) : (message ?? "");
}

/**
 * What to tell the admin about a failed call: `network` when no answer came, the reason's text when the server
 * named one this page knows, else `fallback`.
 */
export function failureText(t: TFunction, lang: string, err: unknown, fallback: string, network = fallback): string {
  if (!(err instanceof ApiFailure)) return network;
  if (err.isNetwork) return network;
  if (!err.reason) return fallback;
  const text = reasonText(t, lang, err.reason, err.params);
  // A reason this page has no words for (a newer server's): i18next answers the key itself.
  return text === `errors.${err.reason}` || text === err.reason ? fallback : text;
}

/** The three functions above bound to the current language. */
export function useReasonText() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return {
    reasonText: useCallback((reason: Reason, params?: ReasonParams) => reasonText(t, lang, reason, params), [t, lang]),
    messageText: useCallback((message: string | undefined) => messageText(t, lang, message), [t, lang]),
    failureText: useCallback(
      (err: unknown, fallback: string, network?: string) => failureText(t, lang, err, fallback, network),
      [t, lang],
    ),
  };
}
