/**
 * Why a message failed, as stored and as the console explains it (docs/product.md#guardians-and-messages,
 * "Console"). `messages.error` keeps the provider's own words in one of a few shapes: WhatsApp's `(#<code>) <title>:
 * <details>` (the form of Meta's error messages, synchronous or from a status webhook), `HTTP <status>: <text>` (an
 * SMS gateway's refusal, or an answer without a Meta code), `timeout`, `network: <text>`, `no <channel> provider
 * configured`, `gave up after retries`. `describeFailure` turns one into a stable reason the console words in its
 * language (web/i18n/<lang>/messages.ts `failures`) and the code it came with; an unknown one is `unknown` + its code.
 */
import { FAILURE_REASONS, type FailureReason } from "../../contracts/messages";

export { FAILURE_REASONS, type FailureReason };

/** WhatsApp Cloud API error codes (Meta's "Error codes" page) and what each means to the office. */
const WHATSAPP_CODES: Record<number, FailureReason> = {
  131026: "whatsapp_undeliverable",
  131049: "whatsapp_not_delivered_by_meta",
  131050: "whatsapp_recipient_stopped",
  131000: "whatsapp_error",
  131016: "whatsapp_unavailable",
  2: "whatsapp_unavailable",
  131057: "whatsapp_unavailable",
  4: "whatsapp_rate_limited",
  80007: "whatsapp_rate_limited",
  130429: "whatsapp_rate_limited",
  131048: "whatsapp_rate_limited",
  131056: "whatsapp_rate_limited",
  190: "whatsapp_access",
  0: "whatsapp_access",
  3: "whatsapp_access",
  10: "whatsapp_access",
  200: "whatsapp_access",
  131005: "whatsapp_access",
  131031: "whatsapp_account_blocked",
  368: "whatsapp_account_blocked",
  131042: "whatsapp_payment",
  133010: "whatsapp_sender_not_registered",
  100: "whatsapp_bad_request",
  131008: "whatsapp_bad_request",
  131009: "whatsapp_bad_request",
  132000: "whatsapp_template_mismatch",
  132012: "whatsapp_template_mismatch",
  132005: "whatsapp_template_mismatch",
  132001: "whatsapp_template_missing",
  132015: "whatsapp_template_paused",
  132016: "whatsapp_template_paused",
};

/** SMS gateways answer with HTTP statuses. */
const SMS_STATUSES: Record<number, FailureReason> = {
  400: "sms_rejected",
  422: "sms_rejected",
  401: "sms_access",
  403: "sms_access",
  402: "sms_no_credit",
  429: "provider_unavailable",
};

/** A failure as stored: at most 300 characters. */
const clip = (s: string) => s.slice(0, 300);

/** A WhatsApp error (Meta's `error` object of an answer, or an entry of a status webhook's `errors`), as stored. */
export function whatsappFailure(code: unknown, title: unknown, details?: unknown): string {
  const n = Number(code);
  const words = [title, details].filter((w) => typeof w === "string" && w).join(": ") || "failed";
  if (!Number.isInteger(n) || n < 0) return clip(words);
  return clip(words.startsWith(`(#${n})`) ? words : `(#${n}) ${words}`);
}

/** A refusal answered with HTTP `status` and no WhatsApp code, as stored. */
export const httpFailure = (status: number, text: string) => clip(`HTTP ${status}: ${text}`);

/** A send that threw: no answer in time, or the network. */
export function thrownFailure(e: unknown): string {
  const name = (e as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") return "timeout";
  return clip(`network: ${String((e as Error)?.message ?? e)}`);
}

/** What the console shows for a failure: a reason it words, and the provider's code (or HTTP status), if any. */
export interface FailureJson {
  reason: FailureReason;
  code: string | null;
}

/** `error` (a stored failure) of a message sent by `channel` → reason and code; null without an error. */
export function describeFailure(error: string | null, channel: "whatsapp" | "sms"): FailureJson | null {
  if (!error) return null;
  const meta = /^\(#(\d+)\)/.exec(error);
  if (meta) return { reason: WHATSAPP_CODES[Number(meta[1])] ?? "unknown", code: meta[1]! };
  const http = /^HTTP (\d{3})\b/.exec(error);
  if (http) {
    const status = Number(http[1]);
    const known = channel === "sms" ? SMS_STATUSES[status] : status === 429 ? "whatsapp_rate_limited" : undefined;
    return { reason: known ?? (status >= 500 ? "provider_unavailable" : "unknown"), code: http[1]! };
  }
  if (error === "timeout") return { reason: "provider_timeout", code: null };
  if (error.startsWith("network:")) return { reason: "provider_unreachable", code: null };
  if (/^no (whatsapp|sms) provider configured$/.test(error)) return { reason: "not_configured", code: null };
  if (error === "gave up after retries") return { reason: "gave_up", code: null };
  return { reason: "unknown", code: null };
}
