/**
 * Where messages go (docs/decisions/0037-guardian-messages.md): one interface, two providers. WhatsApp Business
 * Cloud API: `POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages` with `Authorization: Bearer
 * WHATSAPP_TOKEN` and a template message; an HTTP SMS gateway: `POST {SMS_GATEWAY_URL}` with `Authorization: Bearer
 * SMS_GATEWAY_TOKEN` and `{to, text, reference}`. Locally both URLs point at the stand-in
 * (scripts/lib/message-standin.ts). Secrets are Worker secrets only (README, production).
 */
import type { Env } from "../../env";
import { httpFailure, whatsappFailure } from "./failure";

/** What a provider answers: its message id, or a refusal (`retry`: worth trying again later). */
export type SendResult = { ok: true; providerId: string } | { ok: false; retry: boolean; error: string };

export interface OutgoingMessage {
  id: number;
  to: string;
  language: "ar" | "en";
  template: string;
  params: string[];
  body: string;
}

export interface Provider {
  send(m: OutgoingMessage): Promise<SendResult>;
}

const DEFAULT_WHATSAPP_API = "https://graph.facebook.com/v21.0";

/**
 * Longest wait for a provider's answer, in ms. A provider that never answers would otherwise hold the queue consumer
 * (and, under `wrangler dev`, the local queue behind it) for good. A send that times out is retried: it may have been
 * accepted, so a guardian can get a message twice, which is better than never.
 */
export const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * Meta's throttling error codes (WhatsApp Cloud API error codes, "Throttling errors"): 4 app call limit, 80007 account
 * rate limit, 130429 throughput reached, 131048 spam rate limit, 131056 pair rate limit (one business number to one
 * guardian). They come as HTTP 400 (sometimes 429) and mean "wait and try again", so they are retried with backoff
 * like a 429. Meta asks clients to decide by `error.code`, not by the HTTP status or the title.
 */
export const WHATSAPP_THROTTLING_CODES: ReadonlySet<number> = new Set([4, 80007, 130429, 131048, 131056]);

/** `o[k1][k2]…`, or undefined where a step is not an object: reads a provider's JSON without trusting its shape. */
const dig = (o: unknown, ...keys: Array<string | number>): unknown =>
  keys.reduce<unknown>(
    (v, k) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined),
    o,
  );

/** True when a Cloud API error body is one of the throttling errors (its `error.code`, a number or digits). */
const whatsappThrottled = (json: unknown): boolean => WHATSAPP_THROTTLING_CODES.has(Number(dig(json, "error", "code")));

/**
 * A provider's answer → SendResult: 5xx, 429, network failures and answers `throttled` says so are retried; other
 * refusals are final. `meta`: a Graph API error (`error.code`) is stored in WhatsApp's form (worker/services/messages/
 * failure.ts), anything else with its HTTP status.
 */
async function answer(
  res: Response,
  pickId: (json: unknown) => unknown,
  meta: boolean,
  throttled: (json: unknown) => boolean = () => false,
): Promise<SendResult> {
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  if (res.ok) {
    const id = pickId(json);
    if (typeof id === "string" && id) return { ok: true, providerId: id };
    return { ok: false, retry: true, error: httpFailure(res.status, "accepted without a message id") };
  }
  const code = dig(json, "error", "code");
  const words = dig(json, "error", "message") ?? dig(json, "error") ?? dig(json, "message");
  const error =
    meta && code !== undefined && code !== null && typeof words === "string"
      ? whatsappFailure(code, words, dig(json, "error", "error_data", "details"))
      : httpFailure(res.status, typeof words === "string" ? words : text.slice(0, 200) || "no reason given");
  return { ok: false, retry: res.status >= 500 || res.status === 429 || throttled(json), error };
}

/** The WhatsApp Cloud API's template message. `to` without the `+` (the API's form). */
export function whatsappProvider(env: Env, timeoutMs = PROVIDER_TIMEOUT_MS): Provider {
  const base = (env.WHATSAPP_API_URL || DEFAULT_WHATSAPP_API).replace(/\/+$/, "");
  return {
    async send(m) {
      const res = await fetch(`${base}/${env.WHATSAPP_PHONE_NUMBER_ID}/messages`, {
        method: "POST",
        headers: { Authorization: `Bearer ${env.WHATSAPP_TOKEN}`, "Content-Type": "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
        body: JSON.stringify({
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to: m.to.replace(/^\+/, ""),
          type: "template",
          template: {
            name: m.template,
            language: { code: m.language },
            components: [{ type: "body", parameters: m.params.map((text) => ({ type: "text", text })) }],
          },
        }),
      });
      return answer(res, (j) => dig(j, "messages", 0, "id"), true, whatsappThrottled);
    },
  };
}

/** The HTTP SMS gateway: the rendered text in the guardian's language. */
export function smsProvider(env: Env, timeoutMs = PROVIDER_TIMEOUT_MS): Provider {
  return {
    async send(m) {
      const res = await fetch(env.SMS_GATEWAY_URL!, {
        method: "POST",
        headers: { Authorization: `Bearer ${env.SMS_GATEWAY_TOKEN}`, "Content-Type": "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
        body: JSON.stringify({ to: m.to, text: m.body, reference: String(m.id) }),
      });
      return answer(res, (j) => dig(j, "id") ?? dig(j, "message_id"), false);
    },
  };
}

/** The provider of a channel, or null when its settings are missing (the message waits; the log shows why). */
export function providerFor(env: Env, channel: "whatsapp" | "sms"): Provider | null {
  if (channel === "whatsapp") return env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID ? whatsappProvider(env) : null;
  return env.SMS_GATEWAY_URL && env.SMS_GATEWAY_TOKEN ? smsProvider(env) : null;
}
